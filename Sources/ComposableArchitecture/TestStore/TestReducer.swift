import Foundation

/// Where an action a test store processes came from.
enum TestActionOrigin<Action> {
  case send(Action)
  case receive(Action)

  var action: Action {
    switch self {
    case let .send(action), let .receive(action): return action
    }
  }
}

/// An action as the test store's inner store sees it, with the source location that sent it.
struct TestAction<Action> {
  let origin: TestActionOrigin<Action>
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// The reducer inside a ``TestStore``: runs the feature, records received actions with the state
/// they produced, and tracks the effects still in flight.
@MainActor
final class TestReducer<State, Action> {
  struct InFlightEffect {
    let id: UUID
    let action: TestAction<Action>
    /// The ``Reduction/id`` of the action, which the effects it returned name as their origin.
    let reduction: Int?
  }

  let base: (inout State, Action) -> Effect<Action>
  var dependencies: DependencyValues
  /// The state as of the last assertion.
  var state: State
  var receivedActions: [(action: Action, state: State, stackElementID: StackElementID)] = []
  /// The next stack element identifier as of before the last sent action was reduced: what
  /// the assertion of that action generates identifiers from, so that `$0.path.append(…)`
  /// gets the identifier the reducer used.
  var stackElementIDBeforeLastSend = StackElementID(generation: 0)
  var inFlightEffects: [InFlightEffect] = []

  init(
    base: @escaping (inout State, Action) -> Effect<Action>,
    initialState: State,
    dependencies: DependencyValues
  ) {
    self.base = base
    self.state = initialState
    self.dependencies = dependencies
  }

  func reduce(into state: inout State, action: TestAction<Action>) -> Effect<TestAction<Action>> {
    let stackElementID = self.dependencies.stackElementID.peek()
    let effects = DependencyValues.$_current.withValue(self.dependencies) {
      self.base(&state, action.origin.action)
    }
    switch action.origin {
    case .send:
      self.state = state
      self.stackElementIDBeforeLastSend = stackElementID
    case let .receive(received):
      self.receivedActions.append((received, state, stackElementID))
    }
    guard !effects._isNone else { return .none }
    let id = UUID()
    let reduction = Reduction.current?.id
    return Effect<Action>(
      operation: .lifecycle(
        onStart: { [weak self] in
          self?.inFlightEffects.append(InFlightEffect(id: id, action: action, reduction: reduction))
        },
        onEnd: { [weak self] in
          self?.inFlightEffects.removeAll { $0.id == id }
        },
        effects
      )
    )
    .map { [fileID = action.fileID, filePath = action.filePath, line = action.line, column = action.column] in
      TestAction(origin: .receive($0), fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
