import Foundation

/// A data type that describes a button of an alert or a confirmation dialog, as state.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ButtonState(role: .cancel) {
///   TextState("Cancel")
/// }
/// ```
///
/// It dumps as `ButtonState(role: .cancel, action: .send(nil), label: "Cancel")`; two button
/// states are equal when their role, action and label are (their identifiers are not compared).
public struct ButtonState<Action>: Identifiable {
  /// A unique identifier of the button, not part of its equality.
  public let id: UUID
  /// What the button sends when tapped.
  public let action: ButtonStateAction<Action>
  /// The text of the button.
  public let label: TextState
  /// The semantic role of the button, if any.
  public let role: ButtonStateRole?

  @_spi(Hosting) public init(id: UUID, action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?) {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }

  /// Creates button state.
  ///
  /// - Parameters:
  ///   - role: An optional semantic role of the button.
  ///   - action: What the button sends when tapped; by default, nothing (`.send(nil)`), which
  ///     only dismisses the alert.
  ///   - label: The text of the button.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.init(id: UUID(), action: action, label: label(), role: role)
  }

  /// Creates button state that sends an action.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(id: UUID(), action: .send(action), label: label(), role: role)
  }

  /// Calls the given closure with the button's action (`nil` for a button that only dismisses).
  public func withAction(_ perform: (Action?) -> Void) {
    perform(self.action.action)
  }

  /// Transforms the button's action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      id: self.id, action: self.action.map(transform), label: self.label, role: self.role
    )
  }
}

/// What a ``ButtonState`` sends when tapped.
public struct ButtonStateAction<Action> {
  /// The action to send, or `nil` for a button that only dismisses.
  public let action: Action?

  /// A button action that sends the given action (or nothing, for `nil`).
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }

  /// Transforms the action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonStateAction<NewAction> {
    .send(transform(self.action))
  }
}

/// A value that describes the purpose of a button: `SwiftUI.ButtonRole`, as state.
public enum ButtonStateRole: String, Hashable, Sendable {
  /// A role that indicates a cancel button.
  case cancel
  /// A role that indicates a destructive button.
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.label == rhs.label && lhs.role == rhs.role
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.action)
    hasher.combine(self.label)
    hasher.combine(self.role)
  }
}

extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role = self.role {
      children.append(("role", role))
    }
    children.append(("action", self.action))
    children.append(("label", self.label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension ButtonStateAction: CustomDumpReflectable {
  /// Dumps as `.send(action)`, or `.send(nil)`.
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: ["send": self.action.map { $0 as Any } ?? (Action?.none as Any)],
      displayStyle: .enum
    )
  }
}

