/// A wrapper type for actions that can be presented in a navigation stack.
///
/// Use it with ``StackState`` and
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``:
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// // …
/// await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped))))
/// await store.receive(\.path[id: 0].counter.delegate.goToCounter)
/// ```
public enum StackAction<State, Action>: CasePathable {
  /// An action sent to the stack element with the given identifier.
  indirect case element(id: StackElementID, action: Action)

  /// An action sent to pop the element with the given identifier, and all elements after it.
  case popFrom(id: StackElementID)

  /// An action sent to push the given state onto the stack under the given identifier (what a
  /// `NavigationLink(state:)` sends).
  case push(id: StackElementID, state: State)

  /// The case paths of ``StackAction``, including the `[id:]` subscript that reaches the action
  /// of one element: `\.path[id: 0].counter`.
  public struct AllCasePaths: Sendable {
    /// The `element` case, as a pair of identifier and action.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The `popFrom` case, as the identifier to pop from.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        }
      )
    }

    /// The `push` case, as a pair of identifier and state.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The action of the element with the given identifier.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      elementActionCasePath(id: id, in: self.element)
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// A convenience for referring to the stack action of a given reducer's domain:
/// `case path(StackActionOf<Path>)`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
