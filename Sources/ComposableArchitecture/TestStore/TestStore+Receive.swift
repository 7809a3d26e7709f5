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
    await self.waitForReceivedAction(matching: { expectedAction == $0 }, timeout: duration, at: location)
    self._receive(expectedAction, assert: updateStateToExpectedResult, at: location)
    await self.letEffectsRunOn()
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
    self.receiveAction(
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
    await self.waitForReceivedAction(
      matching: { casePath.extract(from: $0) != nil }, timeout: duration, at: location
    )
    self._receive(casePath, assert: updateStateToExpectedResult, at: location)
    await self.letEffectsRunOn()
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
    await self.waitForReceivedAction(
      matching: { casePath.extract(from: $0) == value }, timeout: duration, at: location
    )
    self.receiveAction(
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
    await self.letEffectsRunOn()
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
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await self.waitForReceivedAction(matching: isMatching, timeout: duration, at: location)
    self.receiveAction(
      matching: isMatching,
      failureMessage: "Expected to receive an action matching predicate, but didn't get one.",
      unexpectedActionDescription: { receivedAction in
        var description = ""
        customDump(receivedAction, to: &description, indent: 2)
        return description
      },
      updateStateToExpectedResult,
      at: location
    )
    await self.letEffectsRunOn()
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
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await self.waitForReceivedAction(matching: isMatching, timeout: duration, at: location)
    self.receiveAction(
      matching: isMatching,
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { receivedAction in
        var description = ""
        customDump(receivedAction, to: &description, indent: 2)
        return description
      },
      updateStateToExpectedResult,
      at: location
    )
    await self.letEffectsRunOn()
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
    self.receiveAction(
      matching: { casePath.extract(from: $0) != nil },
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { receivedAction in
        var description = ""
        customDump(receivedAction, to: &description, indent: 2)
        return description
      },
      updateStateToExpectedResult,
      at: location
    )
  }

  func receiveAction(
    matching predicate: (Action) -> Bool,
    failureMessage: @autoclosure () -> String,
    unexpectedActionDescription: (Action) -> String,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    self.location = location
    guard !self.reducer.receivedActions.isEmpty else {
      self.fail(failureMessage(), overrideExhaustivity: .on, at: location)
      return
    }

    if self.exhaustivity != .on {
      guard self.reducer.receivedActions.contains(where: { predicate($0.action) }) else {
        self.fail(failureMessage(), overrideExhaustivity: .on, at: location)
        return
      }
      var skipped: [Action] = []
      while let received = self.reducer.receivedActions.first, !predicate(received.action) {
        self.reducer.receivedActions.removeFirst()
        skipped.append(received.action)
        self.reducer.state = received.state
      }
      if !skipped.isEmpty {
        var actionsDump = ""
        customDump(skipped, to: &actionsDump)
        self.fail(
          """
          \(skipped.count) received action\(skipped.count == 1 ? " was" : "s were") skipped.

          \(actionsDump)
          """,
          at: location
        )
      }
    }

    let (receivedAction, state, stackElementID) = self.reducer.receivedActions.removeFirst()
    // Like TCA's, an unexpected action is the one failure: the state it led to is taken as it is,
    // unasserted.
    guard predicate(receivedAction) else {
      self.fail(
        """
        Received unexpected action\(self.endOfTestWording == .zeroX ? ": …" : ":")

        \(unexpectedActionDescription(receivedAction))
        """,
        overrideExhaustivity: .on,
        at: location
      )
      self.reducer.state = state
      return
    }
    do {
      try self.expectedStateShouldMatch(
        expected: self.state,
        actual: state,
        updateStateToExpectedResult: updateStateToExpectedResult,
        stackElementID: stackElementID,
        at: location
      )
    } catch {
      self.fail("Threw error: \(error)", overrideExhaustivity: .on, at: location)
    }
    self.reducer.state = state
  }

  /// Waits, while effects are in flight, until a received action is queued (or, when not
  /// exhaustive, a matching one); reports a failure if none arrives in time.
  func waitForReceivedAction(
    matching predicate: (Action) -> Bool,
    timeout duration: Duration?,
    at location: SourceLocation
  ) async {
    func isSatisfied() -> Bool {
      switch self.exhaustivity {
      case .on: return !self.reducer.receivedActions.isEmpty
      case .off: return self.reducer.receivedActions.contains { predicate($0.action) }
      }
    }
    guard !isSatisfied(), !self.reducer.inFlightEffects.isEmpty else { return }
    let nanoseconds = duration.map(\.nanoseconds) ?? self.timeout
    let satisfied = await self.poll(for: nanoseconds) { isSatisfied() }
    guard !satisfied else { return }
    let suggestion =
      self.reducer.inFlightEffects.isEmpty
      ? """
        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
      : self.inFlightSuggestion(explicitTimeout: nanoseconds != self.timeout)
    self.fail(
      """
      Expected to receive \(self.exhaustivity == .on ? "an action" : "a matching action"), but \
      received none\(nanoseconds > 0 ? " after \(Double(nanoseconds) / Double(NSEC_PER_SEC)) seconds" : "").

      \(suggestion)
      """,
      overrideExhaustivity: .on,
      at: location
    )
  }

  /// After a received action: lets the effects in flight run on, as TCA's test store does on its
  /// main serial executor, where the effect that delivered the action runs on to its end (or its
  /// next wait) before the test goes on. Here effects run on the global executor, and on a loaded
  /// machine the one that delivered the action may not have got there after the usual yields:
  /// a test ending at this receive reported it as still running. While effects are in flight,
  /// it gets ``effectGrace`` of real time to end (an effect that waits on a clock stays in flight;
  /// no clock moves meanwhile).
  func letEffectsRunOn() async {
    await Task.megaYield()
    // (`poll` returns at once when none is in flight.)
    _ = await self.poll(for: Self.effectGrace) { self.reducer.inFlightEffects.isEmpty }
  }

  /// How long ``letEffectsRunOn()`` waits at most for effects in flight to end, in nanoseconds.
  static var effectGrace: UInt64 { 20_000_000 }

  /// Yields to effects until the condition holds or the time runs out; returns whether it held.
  func poll(for nanoseconds: UInt64, until condition: () -> Bool) async -> Bool {
    let start = DispatchTime.now().uptimeNanoseconds
    while !Task.isCancelled {
      if condition() { return true }
      guard DispatchTime.now().uptimeNanoseconds - start < nanoseconds else { return false }
      await Task.megaYield(count: 2)
      if condition() { return true }
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
  }
}
