import Foundation

/// A data type that describes the state of a confirmation dialog that can be shown to the user.
/// The `Action` generic is the type of actions that can be sent from tapping on a button in the
/// dialog.
///
/// It is used like ``AlertState``, with a title visibility:
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
///
/// Dialogs dump as `ConfirmationDialogState(titleVisibility: .visible, title: "…", actions: […])`,
/// omitting an automatic title visibility and an absent message.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// A unique identifier of the dialog, not part of its equality.
  public let id: UUID
  /// The buttons of the dialog.
  public var buttons: [ButtonState<Action>]
  /// The message of the dialog, if any.
  public var message: TextState?
  /// The title of the dialog.
  public var title: TextState
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility

  @_spi(Hosting) public init(
    id: UUID,
    buttons: [ButtonState<Action>],
    message: TextState?,
    title: TextState,
    titleVisibility: ConfirmationDialogStateTitleVisibility
  ) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
    self.titleVisibility = titleVisibility
  }

  /// Creates confirmation dialog state.
  ///
  /// - Parameters:
  ///   - titleVisibility: The visibility of the dialog's title.
  ///   - title: The title of the dialog.
  ///   - actions: A ``ButtonStateBuilder`` returning the dialog's buttons.
  ///   - message: The message of the dialog.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      id: UUID(), buttons: actions(), message: message?(), title: title(),
      titleVisibility: titleVisibility
    )
  }

  /// Transforms the actions of the dialog's buttons.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: self.id, buttons: self.buttons.map { $0.map(transform) }, message: self.message,
      title: self.title, titleVisibility: self.titleVisibility
    )
  }
}

/// The visibility of a confirmation dialog's title: `SwiftUI.Visibility`, as state.
public enum ConfirmationDialogStateTitleVisibility: String, Hashable, Sendable {
  /// The title is shown or hidden as the platform sees fit.
  case automatic
  /// The title is hidden.
  case hidden
  /// The title is shown.
  case visible
}

extension ConfirmationDialogState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if self.titleVisibility != .automatic {
      children.append(("titleVisibility", self.titleVisibility))
    }
    children.append(("title", self.title))
    if !self.buttons.isEmpty {
      children.append(("actions", self.buttons))
    }
    if let message = self.message {
      children.append(("message", message))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
      && lhs.titleVisibility == rhs.titleVisibility
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
    hasher.combine(self.titleVisibility)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

