extension AnyReducer {
  /// Transforms a reducer on one element into a reducer on an identified array of elements, in a
  /// parent domain whose action identifies the element: `case todo(id: Todo.ID, action: TodoAction)`.
  ///
  /// ```swift
  /// let appReducer = AnyReducer<AppState, AppAction, AppEnvironment>.combine(
  ///   todoReducer.forEach(
  ///     state: \.todos,
  ///     action: /AppAction.todo(id:action:),
  ///     environment: { _ in TodoEnvironment() }
  ///   ),
  ///   AnyReducer { state, action, environment in
  ///     // …
  ///   }
  /// )
  /// ```
  ///
  /// The case path extracts the `(id, action)` pair from the parent action; the element's reducer
  /// runs on the element with that id, and its effect actions are embedded back with the same id.
  /// Combine `forEach` reducers before parent reducers that can move or remove elements. An action
  /// for an id that is not in the array is ignored and reported as a runtime warning.
  ///
  /// - Parameters:
  ///   - toElementsState: A key path that can get/set an identified array of `State` elements
  ///     inside `ParentState`.
  ///   - toElementAction: A case path that can extract/embed `(ID, Action)` from `ParentAction`.
  ///   - toElementEnvironment: A function that transforms `ParentEnvironment` into `Environment`.
  /// - Returns: A reducer that works on `ParentState`, `ParentAction`, `ParentEnvironment`.
  public func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElementsState: WritableKeyPath<ParentState, IdentifiedArray<ID, State>>,
    action toElementAction: AnyCasePath<ParentAction, (ID, Action)>,
    environment toElementEnvironment: @escaping (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    .init { parentState, parentAction, parentEnvironment in
      guard let (id, action) = toElementAction.extract(from: parentAction) else { return .none }
      guard parentState[keyPath: toElementsState][id: id] != nil else {
        reportIssue(
          """
          A "forEach" reducer at "\(fileID):\(line)" received an action when state contained no \
          element with that id. …

            Action:
              \(debugCaseOutput(action))
            ID:
              \(id)

          This is generally considered an application logic error, and can happen for a few \
          reasons:

          • This "forEach" reducer was combined with or run from another reducer that removed \
          the element at this id when it handled this action. To fix this make sure that this \
          "forEach" reducer is run before any other reducers that can move or remove elements \
          from state. This ensures that "forEach" reducers can handle their actions for the \
          element at the intended id.

          • An in-flight effect emitted this action while state contained no element at this id. \
          It may be perfectly reasonable to ignore this action, but you also may want to cancel \
          the effect it originated from when removing an element from the identified array, \
          especially if it is a long-living effect.

          • This action was sent to the store while its state contained no element at this id. \
          To fix this make sure that actions for this reducer can only be sent to a view store \
          when its state contains an element at this id. In SwiftUI applications, use \
          "ForEachStore".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      return self.run(
        &parentState[keyPath: toElementsState][id: id]!,
        action,
        toElementEnvironment(parentEnvironment)
      )
      .map { toElementAction.embed((id, $0)) }
    }
  }

  /// Transforms a reducer on one element into a reducer on an identified array of elements, in a
  /// parent domain whose action wraps the element's in an ``IdentifiedAction``:
  /// `case todos(IdentifiedActionOf<Todo>)`, identified by a case key path: `action: \.todos`.
  public func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElementsState: WritableKeyPath<ParentState, IdentifiedArray<ID, State>>,
    action toElementAction: CaseKeyPath<ParentAction, IdentifiedAction<ID, Action>>,
    environment toElementEnvironment: @escaping (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    let toIdentifiedAction = AnyCasePath(toElementAction)
    return self.forEach(
      state: toElementsState,
      action: AnyCasePath<ParentAction, (ID, Action)>(
        embed: { toIdentifiedAction.embed(.element(id: $0, action: $1)) },
        extract: { parentAction in
          guard case let .element(id, action)? = toIdentifiedAction.extract(from: parentAction)
          else { return nil }
          return (id, action)
        }
      ),
      environment: toElementEnvironment,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
