import ComposableArchitecture
import Foundation
import Testing
import TestSupport

/// The legacy `TestStore(initialState:reducer:environment:)`: synchronous, exhaustive, with the
/// modern test store's failure messages.
@MainActor
@Suite struct LegacyTestStoreTests {
  private func makeStore() -> LegacyTestStore<LegacyCounterState, LegacyCounterAction, LegacyCounterEnvironment> {
    TestStore(
      initialState: LegacyCounterState(),
      reducer: legacyCounterReducer,
      environment: LegacyCounterEnvironment(log: { _ in .none })
    )
  }

  @Test func anAssertionThatChangesNothingFails() async {
    await expectIssue(
      """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state is \
      expected, omit the trailing closure.
      """
    ) {
      let store = self.makeStore()
      store.send(.incrementLater) {
        $0.count = 0
      }
      store.receive(.increment) {
        $0.count = 1
      }
    }
  }

  @Test func aWrongAssertionShowsTheDifference() async {
    await expectIssue(
      """
      A state change does not match expectation.

          − LegacyCounterState(count: 2)
          + LegacyCounterState(count: 1)

      (Expected: −, Actual: +)
      """
    ) {
      let store = self.makeStore()
      store.send(.increment) {
        $0.count = 2
      }
    }
  }

  @Test func anUnassertedChangeFails() async {
    await expectIssue(
      """
      State was not expected to change, but a change occurred.

          − LegacyCounterState(count: 0)
          + LegacyCounterState(count: 1)

      (Expected: −, Actual: +)
      """
    ) {
      let store = self.makeStore()
      store.send(.increment)
    }
  }

  @Test func unreceivedActionsFailAtTheEndOfTheTest() async {
    await expectIssue(
      """
      The store received 1 unexpected action.

        Unhandled actions:
          .increment

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """
    ) {
      let store = self.makeStore()
      store.send(.incrementLater)
    }
  }

  @Test func receivingWhatDidNotArriveFails() async {
    await expectIssue(
      """
      Expected to receive the following action, but didn't:

        LegacyCounterAction.increment
      """
    ) {
      let store = self.makeStore()
      store.send(.increment) {
        $0.count = 1
      }
      store.receive(.increment) {
        $0.count = 2
      }
    }
  }

  @Test func anEffectStillRunningAtTheEndFails() async {
    let scheduler = DispatchQueue.test
    await expectIssue(
      """
      An effect returned for this action is still running. It must complete before the end of \
      the test.

      To fix, inspect any effects the reducer returns for this action and ensure that all of \
      them complete by the end of the test. There are a few reasons why an effect may not have \
      completed:

      If using async/await in your effect, it may need a little bit of time to properly finish. \
      To fix you can simply perform "await store.finish()" at the end of your test.

      If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), \
      make sure that you wait enough time for it to perform the effect. If you are using a test \
      clock/scheduler, advance it so that the effects may complete, or consider using an \
      immediate clock/scheduler to immediately perform the effect instead.

      If you are returning a long-living effect (timers, notifications, subjects, etc.), then \
      make sure those effects are torn down by marking the effect ".cancellable" and returning a \
      corresponding cancellation effect ("Effect.cancel") from another action, or, if your \
      effect is driven by a Combine subject, send it a completion.

      If you do not wish to assert on these effects, perform "await \
      store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
      "store.exhaustivity = .off".
      """
    ) {
      let store = TestStore(
        initialState: LegacyCounterState(),
        reducer: legacyCounterReducer,
        environment: LegacyCounterEnvironment(log: { _ in
          Effect<Never>.none.deferred(for: 1, scheduler: scheduler)
            .merge(with: .fireAndForget {}.deferred(for: 1, scheduler: scheduler))
        })
      )
      store.send(.increment) {
        $0.count = 1
      }
    }
  }

  @Test func stateAndExhaustivity() {
    let store = self.makeStore()
    store.send(.increment) {
      $0.count = 1
    }
    #expect(store.state == LegacyCounterState(count: 1))
    store.exhaustivity = .off
    store.send(.increment)
    store.assert {
      $0.count = 2
    }
  }
}
