/// An action type that exposes a `binding` case that holds a ``BindingAction``.
///
/// Used in conjunction with ``BindingReducer`` to apply the mutations binding actions describe:
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
///
/// The protocol refines `SendableMetatype` (every concrete type satisfies it) because the binding
/// case paths call ``binding(_:)`` from `@Sendable` closures: the conformance must not be isolated
/// to an actor.
public protocol BindableAction: SendableMetatype {
  /// The root state type that contains bindable fields.
  associatedtype State

  /// Embeds a binding action in this action type.
  ///
  /// - Returns: A binding action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// Extracts a binding action from this action type.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// Extracts a binding action from this action type, by matching it against the
  /// ``binding(_:)`` case.
  public var binding: BindingAction<State>? {
    AnyCasePath(unsafe: { Self.binding($0) }).extract(from: self)
  }
}

extension BindableAction {
  /// Returns an action that sets a field of ``ObservableState`` state: shorthand for
  /// `.binding(.set(keyPath, value))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    _ value: Value
  ) -> Self where State: ObservableState {
    self.binding(.set(keyPath, value))
  }

  /// Returns an action that sets a ``BindingState`` field: shorthand for
  /// `.binding(.set(keyPath, value))`.
  @available(
    *,
    deprecated,
    message:
      "Derive bindings directly from stores using '@ObservableState'. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#BindingState"
  )
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    self.binding(.set(keyPath, value))
  }
}
