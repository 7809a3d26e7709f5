import RxComposableArchitecture
import RxSwift
import Testing
import TestSupport

/// A counter whose effects the tests leave unasserted: an action sent straight back, and one
/// delayed on the main scheduler.
struct TickState: Equatable {
  var count = 0
}

enum TickAction: Equatable {
  case tickNow
  case tickLater
  case twoTicksNow
  case ticked(Int)
}

let tickReducer = Reducer<TickState, TickAction, Void> { state, action, _ in
  switch action {
  case .tickNow:
    return Effect(value: .ticked(1))
  case .tickLater:
    return Effect(value: .ticked(2)).delay(.seconds(1), scheduler: MainScheduler.instance)
  case .twoTicksNow:
    return .merge(Effect(value: .ticked(1)), Effect(value: .ticked(2)))
  case let .ticked(amount):
    state.count += amount
    return .none
  }
}

/// The fork's test store reports what a test leaves unasserted in TCA 0.x's words, as the fork
/// does, not in the 1.x test store's.
@MainActor
@Suite struct EndOfTestReportTests {
  @Test func anUnassertedReceivedActionIsReportedInTheForksWords() async {
    await expectIssue(
      """
      The store received 1 unexpected action after this one: …

      Unhandled actions: [
        [0]: .ticked(1)
      ]
      """
    ) {
      let testStore = TestStore(initialState: TickState(), reducer: tickReducer, environment: ())
      testStore.send(.tickNow)
    }
  }

  @Test func unassertedReceivedActionsAreCountedInThePlural() async {
    await expectIssue(
      """
      The store received 2 unexpected actions after this one: …

      Unhandled actions: [
        [0]: .ticked(1),
        [1]: .ticked(2)
      ]
      """
    ) {
      let testStore = TestStore(initialState: TickState(), reducer: tickReducer, environment: ())
      testStore.send(.twoTicksNow)
    }
  }

  @Test func anEffectStillRunningIsReportedInTheForksWords() async {
    await expectIssue(
      """
      An effect returned for this action is still running. It must complete before the end of \
      the test. …

      To fix, inspect any effects the reducer returns for this action and ensure that all of \
      them complete by the end of the test. There are a few reasons why an effect may not have \
      completed:

      • If using async/await in your effect, it may need a little bit of time to properly \
      finish. To fix you can simply perform "await store.finish()" at the end of your test.

      • If an effect uses a clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), \
      make sure that you wait enough time for it to perform the effect. If you are using a test \
      clock/scheduler, advance it so that the effects may complete, or consider using an \
      immediate clock/scheduler to immediately perform the effect instead.

      • If you are returning a long-living effect (timers, notifications, subjects, etc.), then \
      make sure those effects are torn down by marking the effect ".cancellable" and returning a \
      corresponding cancellation effect ("Effect.cancel") from another action, or, if your \
      effect is driven by a Combine subject, send it a completion.
      """
    ) {
      let testStore = TestStore(initialState: TickState(), reducer: tickReducer, environment: ())
      testStore.send(.tickLater)
      testStore.advance(by: .milliseconds(999))
    }
  }

  @Test func bothReportsWhenBothAreLeft() async {
    await expectIssues(
      [
        """
        The store received 1 unexpected action after this one: …

        Unhandled actions: [
          [0]: .ticked(1)
        ]
        """,
        """
        An effect returned for this action is still running. It must complete before the end \
        of the test. …

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not \
        have completed:

        • If using async/await in your effect, it may need a little bit of time to properly \
        finish. To fix you can simply perform "await store.finish()" at the end of your test.

        • If an effect uses a clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), \
        make sure that you wait enough time for it to perform the effect. If you are using a \
        test clock/scheduler, advance it so that the effects may complete, or consider using an \
        immediate clock/scheduler to immediately perform the effect instead.

        • If you are returning a long-living effect (timers, notifications, subjects, etc.), \
        then make sure those effects are torn down by marking the effect ".cancellable" and \
        returning a corresponding cancellation effect ("Effect.cancel") from another action, \
        or, if your effect is driven by a Combine subject, send it a completion.
        """,
      ]
    ) {
      let testStore = TestStore(initialState: TickState(), reducer: tickReducer, environment: ())
      testStore.send(.tickLater)
      testStore.send(.tickNow)
    }
  }

  @Test func aTestThatAssertsEverythingReportsNothing() {
    let testStore = TestStore(initialState: TickState(), reducer: tickReducer, environment: ())
    testStore.send(.tickLater)
    testStore.advance(by: .seconds(1))
    testStore.receive(.ticked(2)) { $0.count = 2 }
    testStore.send(.tickNow)
    testStore.receive(.ticked(1)) { $0.count = 3 }
  }
}
