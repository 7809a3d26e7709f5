import Foundation

extension TestStore where Action: Equatable {
  /// Asserts an action was received from an effect and asserts how the state changes.
  ///
  /// ```swift
  /// await store.send(.buttonTapped)
  /// await store.receive(.response(.success(42))) {
  ///   $0.count = 42
  /// }
  /// ```
  ///
  /// Waits up to `timeout` (the store's ``timeout`` by default) for effects to deliver it.
  public func receive(
    _ expectedAction: Action,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await self.assertions.waitForReceivedAction(matching: { expectedAction == $0 }, timeout: duration, at: location)
    self._receive(expectedAction, assert: updateStateToExpectedResult, at: location)
    await self.assertions.letEffectsRunOn()
  }

  /// Receives without waiting: the synchronous core of ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
  @_spi(Hosting) public func _receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self._receive(
      expectedAction, assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func _receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    var expectedActionDump = ""
    customDump(expectedAction, to: &expectedActionDump, indent: 2)
    self.assertions.receiveAction(
      matching: { expectedAction == $0 },
      failureMessage: "Expected to receive the following action, but didn't:\n\n\(expectedActionDump)",
      unexpectedActionDescription: { receivedAction in
        diff(expectedAction, receivedAction, format: .proportional)
          .map { "\($0.indent(by: 4))\n\n(Expected: −, Received: +)" }
          ?? """
          Expected:
          \(String(describing: expectedAction).indent(by: 2))

          Received:
          \(String(describing: receivedAction).indent(by: 2))
          """
      },
      updateStateToExpectedResult,
      at: location
    )
  }
}

extension TestStore {
  /// Asserts an action was received matching a case key path and asserts how the state changes.
  ///
  /// ```swift
  /// await store.receive(\.searchResponse.success) {
  ///   $0.results = ["CasePaths", "ComposableArchitecture"]
  /// }
  /// ```
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await self.assertions.waitForReceivedAction(
      matching: { casePath.extract(from: $0) != nil }, timeout: duration, at: location
    )
    self._receive(casePath, assert: updateStateToExpectedResult, at: location)
    await self.assertions.letEffectsRunOn()
  }

  /// Asserts an action was received matching a case key path with a given associated value, and
  /// asserts how the state changes: `await store.receive(\.response, 42) { … }`.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await self.assertions.waitForReceivedAction(
      matching: { casePath.extract(from: $0) == value }, timeout: duration, at: location
    )
    self.assertions.receiveAction(
      matching: { casePath.extract(from: $0) == value },
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { receivedAction in
        var description = ""
        if casePath.extract(from: receivedAction) != nil,
          let difference = diff(casePath.embed(value), receivedAction, format: .proportional)
        {
          description = "\(difference.indent(by: 2))\n\n(Expected: −, Actual: +)"
        } else {
          customDump(receivedAction, to: &description, indent: 2)
        }
        return description
      },
      updateStateToExpectedResult,
      at: location
    )
    await self.assertions.letEffectsRunOn()
  }

  /// Asserts a received action matches a predicate, and asserts how the state changes.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.assertions.receive(
      matching: isMatching,
      failureMessage: "Expected to receive an action matching predicate, but didn't get one.",
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for and asserts a received action matching a case, given as a predicate (for
  /// runtimes, like the playground, that resolve case key paths dynamically). Failures read as
  /// those of ``receive(_:timeout:assert:fileID:filePath:line:column:)-(CaseKeyPath<Action,Value>,_,_,_,_,_,_)``.
  @_spi(Hosting) public func _receive(
    caseMatching isMatching: @escaping (Action) -> Bool,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.assertions.receive(
      matching: isMatching,
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Receives by case path without waiting (the synchronous core used by runtimes that drive
  /// effects themselves).
  @_spi(Hosting) public func _receive<Value>(
    _ casePath: AnyCasePath<Action, Value>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self._receive(
      casePath, assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func _receive<Value>(
    _ casePath: AnyCasePath<Action, Value>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    self.assertions.receiveAction(
      matching: { casePath.extract(from: $0) != nil },
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: TestAssertions<State, Action>.dump,
      updateStateToExpectedResult,
      at: location
    )
  }
}
