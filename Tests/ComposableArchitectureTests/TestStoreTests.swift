import ComposableArchitecture
import Testing
import TestSupport

@MainActor
@Suite struct TestStoreTests {
  @Test func sendAssertsStateChanges() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    #expect(store.state.count == 0)
  }

  @Test func stateMismatchReportsProportionalDiff() async {
    await expectIssue(
      """
      A state change does not match expectation.

            Counter.State(
              id: 0,
          −   count: 2,
          +   count: 1,
              fact: nil,
              isTimerRunning: false
            )

      (Expected: −, Actual: +)
      """
    ) {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    }
  }

  @Test func unexpectedChangeWithoutClosure() async {
    await expectIssue(
      """
      State was not expected to change, but a change occurred.

            Counter.State(
              id: 0,
          −   count: 0,
          +   count: 1,
              fact: nil,
              isTimerRunning: false
            )

      (Expected: −, Actual: +)
      """
    ) {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.incrementButtonTapped)
    }
  }

  @Test func closureThatChangesNothingFails() async {
    await expectIssue(
      """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state is \
      expected, omit the trailing closure.
      """
    ) {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.factResponse("x")) { $0.fact = "x" }
      await store.send(.factResponse("x")) { $0.fact = "x" }
    }
  }

  @Test func receiveWithTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State(count: 3)) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.factButtonTapped)
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(.factResponse("3 is a good number.")) {
      $0.fact = "3 is a good number."
    }
  }

  @Test func receiveByCaseKeyPathAndValue() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State(count: 3)) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.factButtonTapped)
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse) { $0.fact = "3 is a good number." }
    await store.send(.factButtonTapped)
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse, "3 is a good number.")
  }

  @Test func timerIsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.count = 1 }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.count = 2 }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    await clock.advance(by: .seconds(5))
  }

  @Test func effectStillRunningAtEndOfTest() async {
    let clock = TestClock()
    await expectIssue(ExpectedMessage.effectStillRunning) {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    }
  }

  @Test func unexpectedReceivedActionsAtEndOfTest() async {
    await expectIssue(
      """
      The store received 1 unexpected action.

        Unhandled actions:
          .childDidSomething

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """
    ) {
      let store = TestStore(initialState: Parent.State()) { Parent() }
      await store.send(.counter(.incrementButtonTapped)) {
        $0.counter.count = 1
        $0.log = ["parent saw increment"]
      }
    }
  }

  @Test func expectedActionNotReceived() async {
    await expectIssues([
      """
      Received unexpected action:

          − Parent.Action.counter(.decrementButtonTapped)
          + Parent.Action.counter(.incrementButtonTapped)

      (Expected: −, Received: +)
      """,
      """
      Expected to receive the following action, but didn't:

        Parent.Action.childDidSomething
      """,
    ]) {
      let store = TestStore(initialState: Parent.State()) {
        Reduce<Parent.State, Parent.Action> { state, action in
          if case .childDidSomething = action { return .send(.counter(.incrementButtonTapped)) }
          return .none
        }
      }
      await store.send(.childDidSomething)
      await store.receive(.counter(.decrementButtonTapped))
      await store.receive(.childDidSomething)
    }
  }

  @Test func mustHandleReceivedActionsBeforeSending() async {
    await expectIssues([
      """
      Must handle 1 received action before sending an action.

      Unhandled actions: [
        [0]: .childDidSomething
      ]
      """,
      """
      The store received 1 unexpected action.

        Unhandled actions:
          .childDidSomething

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """,
    ]) {
      let store = TestStore(initialState: Parent.State()) { Parent() }
      await store.send(.counter(.incrementButtonTapped)) {
        $0.counter.count = 1
        $0.log = ["parent saw increment"]
      }
      await store.send(.counter(.decrementButtonTapped)) {
        $0.counter.count = 0
      }
    }
  }

  @Test func receiveTimesOut() async {
    let clock = TestClock()
    await expectIssues([
      """
      Expected to receive an action, but received none after 0.05 seconds.

      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test clock/scheduler, advance \
      it so that the effects may complete, or consider using an immediate clock/scheduler to \
      immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
      increasing the duration of this assertion's "timeout".
      """,
      """
      Expected to receive the following action, but didn't:

        Counter.Action.factResponse("0 is a good number.")
      """,
    ]) {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.factButtonTapped)
      await store.receive(.factResponse("0 is a good number."), timeout: .milliseconds(50))
      await store.skipInFlightEffects(strict: false)
    }
  }

  @Test func finishTimesOut() async {
    let clock = TestClock()
    await expectIssue(
      """
      Expected effects to finish, but there are still effects in-flight after 0.05 seconds.

      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test clock/scheduler, advance \
      it so that the effects may complete, or consider using an immediate clock/scheduler to \
      immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
      increasing the duration of this assertion's "timeout".
      """
    ) {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.factButtonTapped)
      await store.finish(timeout: .milliseconds(50))
      await store.skipInFlightEffects()
    }
  }

  @Test func finishWaitsForEffects() async {
    let store = TestStore(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.factButtonTapped)
    // `finish()` reports actions received and not asserted (TestStoreFinishTests), so the
    // response is received first; `finish()` then waits for the effect to end.
    await store.receive(.factResponse("7 is a good number."), timeout: .seconds(30)) { $0.fact = "7 is a good number." }
    await store.finish(timeout: .seconds(30))  // generous: the suite runs in parallel on 2 cores
  }

  @Test func sendByCaseKeyPath() async {
    let store = TestStore(initialState: Parent.State(rows: [Counter.State(id: 1)])) { Parent() }
    await store.send(\.rows[id: 1].incrementButtonTapped) { $0.rows[id: 1]?.count = 1 }
    await store.send(\.counter.factResponse, "hi") { $0.counter.fact = "hi" }
  }

  @Test func nonExhaustiveSkipsUnassertedChangesAndActions() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    store.exhaustivity = .off
    await store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    await store.send(.counter(.incrementButtonTapped))
    #expect(store.state.log == ["parent saw increment", "parent saw increment"])
  }

  @Test func nonExhaustiveStillFailsOnWrongAssertion() async {
    await expectIssue(
      """
      A state change does not match expectation.

            Parent.State(
              counter: Counter.State(…),
              rows: [],
              optional: nil,
              log: [
          +     [0]: "parent saw increment"
              ]
            )

      (Expected: −, Actual: +)
      """
    ) {
      let store = TestStore(initialState: Parent.State()) { Parent() }
      store.exhaustivity = .off
      await store.send(.counter(.incrementButtonTapped)) { $0.log = [] }
    }
  }

  @Test func showSkippedAssertionsReportsExpectedIssues() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    await store.skipReceivedActions()
  }

  @Test func skipReceivedActionsWhenNoneFails() async {
    await expectIssue("There were no received actions to skip.") {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.skipReceivedActions()
    }
  }

  @Test func assertAgainstCurrentState() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    store.exhaustivity = .off
    await store.send(.counter(.incrementButtonTapped))
    store.assert { $0.counter.count = 1 }
  }
}
