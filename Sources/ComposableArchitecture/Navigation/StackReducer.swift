extension Reducer {
  /// Embeds a child reducer in a parent domain that works on the elements of a navigation stack,
  /// held in ``StackState`` and driven by ``StackAction``.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   // Core logic of the parent feature
  /// }
  /// .forEach(\.path, action: \.path) {
  ///   Path()
  /// }
  /// ```
  ///
  /// The operator:
  ///
  ///   * runs the element's reducer before the parent for ``StackAction/element(id:action:)``;
  ///     runs the parent before popping for ``StackAction/popFrom(id:)``; pushes before running
  ///     the parent for ``StackAction/push(id:state:)``;
  ///   * cancels all effects of the elements that leave the stack;
  ///   * gives each element the ``DependencyValues/dismiss`` dependency, which pops it.
  ///
  /// Actions for elements that are not in the stack are reported as issues.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _StackReducer(
      base: self,
      toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction),
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``
/// returns.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  let toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  let destination: Destination
  let location: SourceLocation

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let idsBefore = state[keyPath: self.toStackState]._mounted
    let destinationEffects: Effect<Base.Action>
    let baseEffects: Effect<Base.Action>

    switch self.toStackAction.extract(from: action) {
    case let .element(elementID, destinationAction):
      destinationEffects = self.reduceElement(
        id: elementID, action: destinationAction, state: &state
      )
      baseEffects = self.base.reduce(into: &state, action: action)

    case let .popFrom(id):
      destinationEffects = .none
      let canPop = state[keyPath: self.toStackState].ids.contains(id)
      baseEffects = self.base.reduce(into: &state, action: action)
      if canPop {
        state[keyPath: self.toStackState].pop(from: id)
      } else {
        reportIssue(
          """
          A "forEach" at "\(self.location.fileID):\(self.location.line)" received a "popFrom" action for a missing \
          element.

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: self.toStackState].ids)
          """,
          at: self.location
        )
      }

    case let .push(id, element):
      destinationEffects = .none
      if state[keyPath: self.toStackState].ids.contains(id) {
        reportIssue(
          """
          A "forEach" at "\(self.location.fileID):\(self.location.line)" received a "push" action for an element it \
          already contains.

            ID:
              \(id)
            Path IDs:
              \(state[keyPath: self.toStackState].ids)
          """,
          at: self.location
        )
        baseEffects = self.base.reduce(into: &state, action: action)
        break
      }
      @Dependency(\.stackElementID) var stackElementID
      let nextID = stackElementID.peek()
      if id.generation > nextID.generation {
        reportIssue(
          """
          A "forEach" at "\(self.location.fileID):\(self.location.line)" received a "push" action with an \
          unexpected generational ID.

            Received ID:
              \(id)
            Expected ID:
              \(nextID)
          """,
          at: self.location
        )
      } else if id.generation == nextID.generation {
        _ = stackElementID.next()
      }
      state[keyPath: self.toStackState]._dictionary[id] = element
      baseEffects = self.base.reduce(into: &state, action: action)

    case .none:
      destinationEffects = .none
      baseEffects = self.base.reduce(into: &state, action: action)
    }

    let idsAfter = state[keyPath: self.toStackState].ids
    var cancelEffects: Effect<Base.Action> = .none
    var presentEffects: Effect<Base.Action> = .none
    if idsBefore != idsAfter {
      cancelEffects = .merge(
        idsBefore.subtracting(idsAfter).map { ._cancel(navigationPath: self.navigationIDPath(for: $0)) }
      )
      presentEffects = .merge(
        idsAfter.subtracting(idsBefore).map { elementID in
          Effect._dismissal(
            of: self.navigationIDPath(for: elementID),
            id: NavigationDismissID(elementID: elementID),
            sending: self.toStackAction.embed(.popFrom(id: elementID))
          )
        }
      )
    }
    state[keyPath: self.toStackState]._mounted = idsAfter

    return .merge(destinationEffects, baseEffects, cancelEffects, presentEffects)
  }

  private func reduceElement(
    id elementID: StackElementID,
    action destinationAction: Destination.Action,
    state: inout Base.State
  ) -> Effect<Base.Action> {
    guard state[keyPath: self.toStackState][id: elementID] != nil else {
      reportIssue(
        """
        A "forEach" at "\(self.location.fileID):\(self.location.line)" received an action for a missing element.

          Action:
            \(debugCaseOutput(destinationAction))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when \
        its state contains an element at this id. In SwiftUI applications, use \
        "NavigationStack.init(path:)" with a binding to a store.
        """,
        at: self.location
      )
      return .none
    }
    let elementPath = self.navigationIDPath(for: elementID)
    let toStackAction = self.toStackAction
    return Dependencies.withDependencies {
      $0.navigationIDPath = elementPath
      $0.dismiss = DismissEffect(
        cancelling: NavigationDismissID(elementID: elementID), navigationPath: elementPath
      )
    } operation: {
      self.destination
        .reduce(into: &state[keyPath: self.toStackState][id: elementID]!, action: destinationAction)
        .map { toStackAction.embed(.element(id: elementID, action: $0)) }
        ._cancellable(navigationPath: elementPath)
    }
  }

  private func navigationIDPath(for elementID: StackElementID) -> NavigationIDPath {
    @Dependency(\.navigationIDPath) var navigationIDPath
    return navigationIDPath.appending(NavigationID(id: elementID, keyPath: self.toStackState))
  }
}

/// Identifies the effect a stack element waits in until its `dismiss` dependency cancels it.
struct NavigationDismissID: Hashable, Sendable {
  let elementID: StackElementID
}
