extension TestStore {
  /// Sends an action to the store and asserts when state changes.
  ///
  /// The trailing closure receives the state from before the action: mutate it into the state
  /// you expect after the action. Omit the closure when no change is expected.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// - Returns: A ``TestStoreTask`` representing the lifecycle of the effects started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let task = self._send(action, assert: updateStateToExpectedResult, at: location)
    await Task.megaYield()
    return task
  }

  /// Sends an action to the store by case key path, when the case has no associated value:
  /// `await store.send(\.view.onAppear)`.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      AnyCasePath(action).embed(()), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Sends an action to the store by case key path and associated value:
  /// `await store.send(\.rows[id: 1].textChanged, "Hi")`.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      AnyCasePath(action).embed(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Sends an action without suspending: the synchronous core of ``send(_:assert:fileID:filePath:line:column:)``,
  /// for runtimes (like the legacy test store and the playground) that drive effects themselves.
  @_spi(Hosting) @discardableResult
  public func _send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestStoreTask {
    self._send(
      action, assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func _send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    at location: SourceLocation
  ) -> TestStoreTask {
    self.assertions.prepareToSend(at: location)
    let expectedState = self.state
    let group = self.core.send(
      TestAction(
        origin: .send(action), fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column
      )
    )
    self.assertions.expectedStateShouldMatch(
      expected: expectedState,
      actual: self.reducer.state,
      updateStateToExpectedResult: updateStateToExpectedResult,
      stackElementID: self.reducer.stackElementIDBeforeLastSend,
      at: location
    )
    return TestStoreTask(group: group.isFinished ? nil : group, timeout: self.timeout)
  }

  /// Asserts against the current state of the store, most useful with non-exhaustive stores.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.child(.closeButtonTapped))
  /// store.assert {
  ///   $0.child = nil
  /// }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.assertions.expectedStateShouldMatch(
      expected: self.state,
      actual: self.core.state,
      updateStateToExpectedResult: updateStateToExpectedResult,
      skipUnnecessaryModifyFailure: true,
      at: location
    )
  }
}
