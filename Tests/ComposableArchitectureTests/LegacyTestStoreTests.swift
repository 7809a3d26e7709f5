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
    await expectIssue(ExpectedMessage.effectStillRunning) {
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
