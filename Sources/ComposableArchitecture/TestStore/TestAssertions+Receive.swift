import Foundation

extension TestAssertions {
  /// Before an action is sent: reports the actions received and not yet asserted (TCA's "Must
  /// handle …"), and, when not exhaustive, skips them.
  func prepareToSend(at location: SourceLocation) {
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
      self.skipReceivedActions(strict: false, at: location)
    case .off(showSkippedAssertions: false):
      self.reducer.receivedActions = []
    }
  }

  /// Waits for an action matching `predicate`, asserts it and how the state changes, and lets
  /// the effects in flight run on: `receive` by a predicate, where an unexpected action is
  /// described by its dump.
  func receive(
    matching predicate: (Action) -> Bool,
    failureMessage: String,
    timeout duration: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    await self.waitForReceivedAction(matching: predicate, timeout: duration, at: location)
    self.receiveAction(
      matching: predicate,
      failureMessage: failureMessage,
      unexpectedActionDescription: Self.dump,
      updateStateToExpectedResult,
      at: location
    )
    await self.letEffectsRunOn()
  }

  /// A received action as a failure shows it.
  static func dump(_ action: Action) -> String {
    var description = ""
    customDump(action, to: &description, indent: 2)
    return description
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
    self.expectedStateShouldMatch(
      expected: self.state,
      actual: state,
      updateStateToExpectedResult: updateStateToExpectedResult,
      stackElementID: stackElementID,
      at: location
    )
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

  func skipReceivedActions(strict: Bool, at location: SourceLocation) {
    if strict && self.reducer.receivedActions.isEmpty {
      self.fail(
        "There were no received actions to skip.", overrideExhaustivity: .on, at: location
      )
      return
    }
    guard let last = self.reducer.receivedActions.last else { return }
    let count = self.reducer.receivedActions.count
    self.failSkipped(
      "\(count) received action\(count == 1 ? " was" : "s were") skipped.",
      self.reducer.receivedActions.map(\.action),
      at: location
    )
    self.reducer.state = last.state
    self.reducer.receivedActions = []
  }

  /// Reports actions or effects that were skipped (`skipReceivedActions()`,
  /// `skipInFlightEffects()`, a send on a store showing skipped assertions), with a dump of them:
  /// as a skipped assertion on an exhaustive store.
  func failSkipped<Item>(_ headline: String, _ items: [Item], at location: SourceLocation) {
    var actions = ""
    if items.count == 1 {
      customDump(items[0], to: &actions)
    } else {
      customDump(items, to: &actions)
    }
    self.fail(
      """
      \(headline)

      \(actions)
      """,
      overrideExhaustivity: self.exhaustivity == .on
        ? .off(showSkippedAssertions: true) : self.exhaustivity,
      at: location
    )
  }

  /// Reports the actions received from effects and not yet asserted, in TCA's words, and leaves
  /// them queued, as TCA does: a later `receive` or `skipReceivedActions()` can still take them,
  /// a later `send` reports them ("Must handle 1 received action before sending an action."), and
  /// the end of the test reports those still left, even when `finish()` reported them already.
  func assertNoReceivedActions(at location: SourceLocation) {
    guard !self.reducer.receivedActions.isEmpty else { return }
    let count = self.reducer.receivedActions.count
    switch self.endOfTestWording {
    case .current:
      let actions = self.reducer.receivedActions
        .map { "    " + debugCaseOutput($0.action, abbreviated: true) }
        .joined(separator: "\n")
      self.fail(
        """
        The store received \(count) unexpected action\(count == 1 ? "" : "s").

          Unhandled actions:
        \(actions)

        To fix, explicitly assert against these actions using "store.receive", skip these actions \
        by performing "await store.skipReceivedActions()", or consider using a non-exhaustive \
        test store: "store.exhaustivity = .off".
        """,
        at: location
      )
    case .zeroX:
      var actions = ""
      customDump(self.reducer.receivedActions.map(\.action), to: &actions)
      self.fail(
        """
        The store received \(count) unexpected action\(count == 1 ? "" : "s") after this one: …

        Unhandled actions: \(actions)
        """,
        at: location
      )
    }
  }

  /// What TCA suggests when effects still in flight keep an action or the end of the effects
  /// from coming in time (a `receive` or `finish()` that times out).
  func inFlightSuggestion(explicitTimeout: Bool) -> String {
    let timeoutMessage =
      explicitTimeout
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
    return """
      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test clock/scheduler, advance \
      it so that the effects may complete, or consider using an immediate clock/scheduler to \
      immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
      \(timeoutMessage).
      """
  }
}
