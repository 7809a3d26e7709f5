extension AnyReducer {
  /// Transforms a reducer on a child domain into one on a parent domain, from three
  /// transformations:
  ///
  ///   * a writable key path that gets and sets the child state in the parent state,
  ///   * a case path that extracts the child action from a parent action, and embeds the child's
  ///     effect actions back into parent actions,
  ///   * a function that derives the child environment from the parent environment.
  ///
  /// ```swift
  /// let appReducer = AnyReducer<AppState, AppAction, AppEnvironment>.combine(
  ///   settingsReducer.pullback(
  ///     state: \.settings,
  ///     action: /AppAction.settings,
  ///     environment: { SettingsEnvironment(route: $0.route) }
  ///   ),
  ///   /* other reducers */
  /// )
  /// ```
  ///
  /// Derive the child environment from the parent's (rather than returning a fixed one such as
  /// `.mock`), so that whatever environment the parent is given, in particular a failing one in a
  /// test, reaches the child.
  ///
  /// The returned reducer ignores parent actions the case path does not extract.
  ///
  /// - Parameters:
  ///   - toChildState: A key path that can get/set `State` inside `ParentState`.
  ///   - toChildAction: A case path that can extract/embed `Action` from `ParentAction`.
  ///   - toChildEnvironment: A function that transforms `ParentEnvironment` into `Environment`.
  /// - Returns: A reducer that works on `ParentState`, `ParentAction`, `ParentEnvironment`.
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: WritableKeyPath<ParentState, State>,
    action toChildAction: AnyCasePath<ParentAction, Action>,
    environment toChildEnvironment: @escaping (ParentEnvironment) -> Environment
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    .init { parentState, parentAction, parentEnvironment in
      guard let childAction = toChildAction.extract(from: parentAction) else { return .none }
      return self.run(
        &parentState[keyPath: toChildState],
        childAction,
        toChildEnvironment(parentEnvironment)
      )
      .map { toChildAction.embed($0) }
    }
  }

  /// Transforms a reducer on a child domain into one on a parent domain, identifying the child
  /// action with a case key path: `action: \.settings`.
  ///
  /// See the overload taking an `AnyCasePath` (`action: /AppAction.settings`).
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: WritableKeyPath<ParentState, State>,
    action toChildAction: CaseKeyPath<ParentAction, Action>,
    environment toChildEnvironment: @escaping (ParentEnvironment) -> Environment
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    self.pullback(
      state: toChildState,
      action: AnyCasePath(toChildAction),
      environment: toChildEnvironment
    )
  }

  /// Transforms a reducer on one case of an enum state into a reducer on the whole enum.
  ///
  /// ```swift
  /// let appReducer = AnyReducer<AppState, AppAction, AppEnvironment>.combine(
  ///   loggedInReducer.pullback(
  ///     state: /AppState.loggedIn,
  ///     action: /AppAction.loggedIn,
  ///     environment: { $0.loggedIn }
  ///   ),
  ///   /* other reducers */
  /// )
  /// ```
  ///
  /// A child action that arrives while the state is in another case is reported as a runtime
  /// warning, and ignored.
  ///
  /// - Parameters:
  ///   - toChildState: A case path that can extract/embed `State` from `ParentState`.
  ///   - toChildAction: A case path that can extract/embed `Action` from `ParentAction`.
  ///   - toChildEnvironment: A function that transforms `ParentEnvironment` into `Environment`.
  /// - Returns: A reducer that works on `ParentState`, `ParentAction`, `ParentEnvironment`.
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: AnyCasePath<ParentState, State>,
    action toChildAction: AnyCasePath<ParentAction, Action>,
    environment toChildEnvironment: @escaping (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    .init { parentState, parentAction, parentEnvironment in
      guard let childAction = toChildAction.extract(from: parentAction) else { return .none }
      guard var childState = toChildState.extract(from: parentState) else {
        reportIssue(
          """
          A reducer pulled back from "\(fileID):\(line)" received an action when child state was \
          unavailable. …

            Action:
              \(debugCaseOutput(childAction))

          This is generally considered an application logic error, and can happen for a few \
          reasons:

          • The reducer for a particular case of state was combined with or run from another \
          reducer that set "\(_typeName(State.self))" to another case before the reducer ran. \
          Combine or run case-specific reducers before reducers that may set their state to \
          another case. This ensures that case-specific reducers can handle their actions while \
          their state is available.

          • An in-flight effect emitted this action when state was unavailable. While it may be \
          perfectly reasonable to ignore this action, you may want to cancel the associated \
          effect before state is set to another case, especially if it is a long-living effect.

          • This action was sent to the store while state was another case. Make sure that \
          actions for this reducer can only be sent to a view store when state is non-"nil". \
          In SwiftUI applications, use "SwitchStore".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      defer { parentState = toChildState.embed(childState) }
      return self.run(&childState, childAction, toChildEnvironment(parentEnvironment))
        .map { toChildAction.embed($0) }
    }
  }

  /// Transforms a reducer on one case of an enum state into a reducer on the whole enum,
  /// identifying the state case and the action with case key paths.
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toChildState: CaseKeyPath<ParentState, State>,
    action toChildAction: CaseKeyPath<ParentAction, Action>,
    environment toChildEnvironment: @escaping (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    self.pullback(
      state: AnyCasePath(toChildState),
      action: AnyCasePath(toChildAction),
      environment: toChildEnvironment,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
