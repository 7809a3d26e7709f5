extension Reducer {
  /// Runs alert or confirmation dialog state held in a plain optional, which needs no child
  /// reducer:
  ///
  /// ```swift
  /// .ifLet(\.alert, action: \.alert)
  /// ```
  ///
  /// The alert is `nil`-ed out after any of its actions, unless the parent replaced it.
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self,
      child: EmptyReducer(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
