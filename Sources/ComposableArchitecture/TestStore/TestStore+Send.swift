import StateDiff

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
    self.location = location
    if !self.reducer.receivedActions.isEmpty {
      var actions = ""
      customDump(self.reducer.receivedActions.map(\.action), to: &actions)
      self.fail(
        """
        Must handle \(self.reducer.receivedActions.count) received \
        action\(self.reducer.receivedActions.count == 1 ? "" : "s") before sending an \
        action\(self.endOfTestWording == .zeroX ? ": …" : ".")

        Unhandled actions: \(actions)
        """,
        at: location
      )
    }
    switch self.exhaustivity {
    case .on:
      break
    case .off(showSkippedAssertions: true):
      self._skipReceivedActions(strict: false, at: location)
    case .off(showSkippedAssertions: false):
      self.reducer.receivedActions = []
    }

    let expectedState = self.state
    let group = self.core.send(
      TestAction(
        origin: .send(action), fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column
      )
    )
    do {
      try self.expectedStateShouldMatch(
        expected: expectedState,
        actual: self.reducer.state,
        updateStateToExpectedResult: updateStateToExpectedResult,
        stackElementID: self.reducer.stackElementIDBeforeLastSend,
        at: location
      )
    } catch {
      self.fail("Threw error: \(error)", overrideExhaustivity: .on, at: location)
    }
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
    do {
      try self.expectedStateShouldMatch(
        expected: self.state,
        actual: self.core.state,
        updateStateToExpectedResult: updateStateToExpectedResult,
        skipUnnecessaryModifyFailure: true,
        at: location
      )
    } catch {
      self.fail("Threw error: \(error)", overrideExhaustivity: .on, at: location)
    }
  }

  func expectedStateShouldMatch(
    expected: State,
    actual: State,
    updateStateToExpectedResult: ((inout State) throws -> Void)?,
    skipUnnecessaryModifyFailure: Bool = false,
    stackElementID: StackElementID? = nil,
    at location: SourceLocation
  ) throws {
    let current = expected
    var expected = expected

    func modify(_ state: inout State) throws {
      guard let updateStateToExpectedResult else { return }
      // Stack elements appended by the assertion get the identifiers the reducer gave them:
      // generate them from where the generator was before the action, with a copy that leaves
      // the store's own generator untouched.
      var dependencies = self.reducer.dependencies
      dependencies.stackElementID = .incrementing(
        from: (stackElementID ?? dependencies.stackElementID.peek()).generation
      )
      try DependencyValues.$_current.withValue(dependencies) {
        try updateStateToExpectedResult(&state)
      }
    }

    func expectationFailure(expected: State, exhaustivity: Exhaustivity = .on) {
      let difference =
        fastDiff(expected, actual, format: .proportional)
        .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
        ?? """
        Expected:
        \(String(describing: expected).indent(by: 2))

        Actual:
        \(String(describing: actual).indent(by: 2))
        """
      let heading =
        updateStateToExpectedResult != nil
        ? "A state change does not match expectation."
        : "State was not expected to change, but a change occurred."
      self.fail("\(heading)\n\n\(difference)", overrideExhaustivity: exhaustivity, at: location)
    }

    // Honours exhaustivity, as TCA's does: a non-exhaustive store skips this assertion.
    func tryUnnecessaryModifyFailure() {
      guard !skipUnnecessaryModifyFailure, expected == current, updateStateToExpectedResult != nil
      else { return }
      self.fail(
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """,
        at: location
      )
    }

    switch self.exhaustivity {
    case .on:
      try modify(&expected)
      if expected != actual {
        expectationFailure(expected: expected)
      } else {
        tryUnnecessaryModifyFailure()
      }

    case .off(let showSkippedAssertions):
      var expectedWhenGivenActualState = actual
      try modify(&expectedWhenGivenActualState)
      expected = expectedWhenGivenActualState
      if expectedWhenGivenActualState != actual {
        expectationFailure(expected: expectedWhenGivenActualState)
      } else if showSkippedAssertions {
        var expectedWhenGivenPreviousState = current
        try modify(&expectedWhenGivenPreviousState)
        expected = expectedWhenGivenPreviousState
        if expectedWhenGivenPreviousState != actual {
          expectationFailure(
            expected: expectedWhenGivenPreviousState,
            exhaustivity: .off(showSkippedAssertions: true)
          )
        } else {
          tryUnnecessaryModifyFailure()
        }
      } else {
        tryUnnecessaryModifyFailure()
      }
    }
  }
}
