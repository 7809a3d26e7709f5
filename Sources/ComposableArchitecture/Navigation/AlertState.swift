import Foundation

/// A data type that describes the state of an alert that can be shown to the user. The `Action`
/// generic is the type of actions that can be sent from tapping on a button in the alert.
///
/// Hold it in presentation state, and integrate it with the destination-less
/// ``Reducer/ifLet(_:action:fileID:filePath:line:column:)``:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var alert: AlertState<Action.Alert>?
/// }
/// enum Action {
///   case alert(PresentationAction<Alert>)
///   case deleteButtonTapped
///   enum Alert: Equatable { case confirmDeletion }
/// }
/// // …
/// case .deleteButtonTapped:
///   state.alert = AlertState {
///     TextState("Delete?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmDeletion) {
///       TextState("Delete")
///     }
///     ButtonState(role: .cancel) {
///       TextState("Cancel")
///     }
///   } message: {
///     TextState("This cannot be undone.")
///   }
/// ```
///
/// Alerts are equal when their title, buttons and message are (identifiers are not compared),
/// and dump as `AlertState(title: "…", actions: […], message: "…")`.
public struct AlertState<Action>: Identifiable {
  /// A unique identifier of the alert, not part of its equality.
  public let id: UUID
  /// The buttons of the alert.
  public var buttons: [ButtonState<Action>]
  /// The message of the alert, if any.
  public var message: TextState?
  /// The title of the alert.
  public var title: TextState

  @_spi(Hosting) public init(id: UUID, buttons: [ButtonState<Action>], message: TextState?, title: TextState) {
    self.id = id
    self.buttons = buttons
    self.message = message
    self.title = title
  }

  /// Creates alert state.
  ///
  /// - Parameters:
  ///   - title: The title of the alert.
  ///   - actions: A ``ButtonStateBuilder`` returning the alert's buttons. Without buttons, an
  ///     alert shows a single "OK" button that only dismisses it.
  ///   - message: The message of the alert.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(id: UUID(), buttons: actions(), message: message?(), title: title())
  }

  /// Transforms the actions of the alert's buttons.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: self.id, buttons: self.buttons.map { $0.map(transform) }, message: self.message,
      title: self.title
    )
  }
}

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", self.title)]
    if !self.buttons.isEmpty {
      children.append(("actions", self.buttons))
    }
    if let message = self.message {
      children.append(("message", message))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

