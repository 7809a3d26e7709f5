extension AnyReducer {
  /// Transforms a reducer on non-optional state into one on optional state, which runs only while
  /// the state is non-`nil`.
  ///
  /// Usually followed by `pullback(state:action:environment:)` to embed an optional child in a
  /// parent domain:
  ///
  /// ```swift
  /// let appReducer = AnyReducer<AppState, AppAction, AppEnvironment>.combine(
  ///   // Combined before the parent, so that it sees `.modal(.dismiss)` while state is non-nil.
  ///   modalReducer.optional().pullback(
  ///     state: \.modal,
  ///     action: /AppAction.modal,
  ///     environment: { ModalEnvironment(mainQueue: $0.mainQueue) }
  ///   ),
  ///   AnyReducer { state, action, environment in
  ///     switch action {
  ///     case .modal(.dismiss):
  ///       state.modal = nil
  ///       return .none
  ///     // …
  ///     }
  ///   }
  /// )
  /// ```
  ///
  /// An action that arrives while the state is `nil` is ignored and reported as a runtime warning
  /// (an issue, which fails a test), as it usually means a logic error: the parent cleared the
  /// state before the child could handle its action, an effect outlived its feature, or an action
  /// was sent to a feature that is not there.
  ///
  /// - Returns: A reducer that works on optional state.
  public func optional(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<State?, Action, Environment> {
    .init { state, action, environment in
      guard state != nil else {
        reportIssue(
          """
          An "optional" reducer at "\(fileID):\(line)" received an action when state was "nil". …

            Action:
              \(debugCaseOutput(action))

          This is generally considered an application logic error, and can happen for a few \
          reasons:

          • The optional reducer was combined with or run from another reducer that set \
          "\(_typeName(State.self))" to "nil" before the optional reducer ran. Combine or run \
          optional reducers before reducers that can set their state to "nil". This ensures that \
          optional reducers can handle their actions while their state is still non-"nil".

          • An in-flight effect emitted this action while state was "nil". While it may be \
          perfectly reasonable to ignore this action, you may want to cancel the associated \
          effect before state is set to "nil", especially if it is a long-living effect.

          • This action was sent to the store while state was "nil". Make sure that actions for \
          this reducer can only be sent to a view store when state is non-"nil". In SwiftUI \
          applications, use "IfLetStore".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      return self.run(&state!, action, environment)
    }
  }
}
