import ComposableArchitecture
import Testing
import TestSupport

/// The failures an exhaustive test store reports, in TCA 1.25.5's words, and what it leaves
/// queued after reporting them (modelled on TCA's TestStoreFailureTests).
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func receivedActionsReportedByFinishStayQueuedForReceive() async {
    await expectIssue(unexpectedSecond) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      await store.send(.first) { $0 = 1 }
      await store.finish()
      await store.receive(.second) { $0 = 2 }
    }
  }

  @Test func receivedActionsReportedByFinishStayQueuedForSkipping() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      await expectIssue(unexpectedSecond) {
        let store = TestStore(initialState: 0) { FirstThenSecond() }
        await store.send(.first) { $0 = 1 }
        await store.finish()
        await store.skipReceivedActions()
        #expect(store.state == 2)
      }
    }
    #expect(
      recorder.messages(.reported) == [
        unexpectedSecond,
        """
        Skipped assertions.

        1 received action was skipped.

        StepAction.second
        """,
      ]
    )
  }

  @Test func sendAfterFinishReportsTheLeftoverActionsAndTheEndOfTestAgain() async {
    await expectIssues([
      unexpectedSecond,
      """
      Must handle 1 received action before sending an action.

      Unhandled actions: [
        [0]: .second
      ]
      """,
      """
      The store received 2 unexpected actions.

        Unhandled actions:
          .second
          .second

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """,
    ]) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      await store.send(.first) { $0 = 1 }
      await store.finish()
      await store.send(.first)
    }
  }

  @Test func theEndOfTheTestReportsWhatFinishReported() async {
    await expectIssues([unexpectedSecond, unexpectedSecond]) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      await store.send(.first) { $0 = 1 }
      await store.finish()
    }
  }

  @Test func sendBeforeReceivingLeavesTheActionsToReceive() async {
    await expectIssue(
      """
      Must handle 1 received action before sending an action.

      Unhandled actions: [
        [0]: .second
      ]
      """
    ) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      await store.send(.first) { $0 = 1 }
      await store.send(.first)
      await store.receive(.second) { $0 = 2 }
      // The second `.second` leaves the state at 2: as asserted by the first.
      await store.receive(.second)
    }
  }

  @Test func receivingAnActionThatNeverCame() async {
    await expectIssue(
      """
      Expected to receive the following action, but didn't:

        StepAction.second
      """
    ) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      await store.receive(.second)
    }
  }

  @Test func anUnexpectedActionIsTheOneFailure() async {
    await expectIssue(
      """
      Received unexpected action:

          − StepAction.first
          + StepAction.second

      (Expected: −, Received: +)
      """
    ) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      await store.send(.first) { $0 = 1 }
      // `.second` sets the state to 2: not asserted, as the action was not the one expected.
      await store.receive(.first)
      #expect(store.state == 2)
    }
  }

  @Test func effectStillRunningAtTheEnd() async {
    await expectIssue(ExpectedMessage.effectStillRunning) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in .run { _ in try await Task.never() } }
      }
      await store.send(())
    }
  }

  @Test func skippingInFlightEffectsShowsWhereTheyCameFrom() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, StepAction> { _, _ in .run { _ in try await Task.never() } }
      }
      await store.send(.first)
      await store.send(.second)
      await store.skipInFlightEffects()
    }
    #expect(
      recorder.messages(.reported) == [
        """
        Skipped assertions.

        2 in-flight effects were cancelled, originating from:

        [
          [0]: .first,
          [1]: .second
        ]
        """
      ]
    )
  }

  @Test func aTaskThatDoesNotFinishInTime() async {
    await expectIssue(
      """
      Expected task to finish, but it is still in-flight after 0.05 seconds.

      If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
      "timer(interval:)", etc.), make sure that you wait enough time for it to perform its work. \
      If you are using a test clock/scheduler, advance the scheduler so that the effects may \
      complete, or consider using an immediate clock/scheduler to immediately perform the effect \
      instead.

      If you are not yet using a clock/scheduler, or cannot use a clock/scheduler, try \
      increasing the duration of this assertion's "timeout".
      """
    ) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in .run { _ in try await Task.never() } }
      }
      await store.send(()).finish(timeout: .milliseconds(50))
      await store.skipInFlightEffects(strict: false)
    }
  }
}

/// The store's report of one `.second` received and never asserted.
let unexpectedSecond = """
  The store received 1 unexpected action.

    Unhandled actions:
      .second

  To fix, explicitly assert against these actions using "store.receive", skip these actions by \
  performing "await store.skipReceivedActions()", or consider using a non-exhaustive test store: \
  "store.exhaustivity = .off".
  """

enum StepAction: Equatable { case first, second }

/// `.first` sets the state to 1 and sends `.second`, which sets it to 2.
struct FirstThenSecond: Reducer {
  func reduce(into state: inout Int, action: StepAction) -> Effect<StepAction> {
    switch action {
    case .first:
      state = 1
      return .send(.second)
    case .second:
      state = 2
      return .none
    }
  }
}
