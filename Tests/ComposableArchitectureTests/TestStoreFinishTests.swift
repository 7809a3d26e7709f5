import ComposableArchitecture
import Testing
import TestSupport

/// `TestStore.finish()` reports the actions received from effects and not yet asserted, in
/// TCA's words, and leaves them queued, as TCA 1.25.5 does: the end of the test reports them
/// again.
@MainActor
@Suite struct TestStoreFinishTests {
  @Test func finishReportsAnUnhandledReceivedAction() async {
    // Reported by `finish()`, and again at the end of the test.
    await expectIssues([
      """
      The store received 1 unexpected action.

        Unhandled actions:
          .childDidSomething

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
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
      await store.finish()
    }
  }

  @Test func finishReportsEveryUnhandledReceivedAction() async {
    enum Action: Equatable { case start, first, second(Int) }
    // Reported by `finish()`, and again at the end of the test.
    await expectIssues([
      """
      The store received 2 unexpected actions.

        Unhandled actions:
          .first
          .second

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """,
      """
      The store received 2 unexpected actions.

        Unhandled actions:
          .first
          .second

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """,
    ]) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Action> { state, action in
          switch action {
          case .start: return .concatenate(.send(.first), .send(.second(2)))
          case .first, .second: return .none
          }
        }
      }
      await store.send(.start)
      await store.finish()
    }
  }

  @Test func finishReportsNothingWhenAllReceivedActionsWereAsserted() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
      $0.log = ["parent saw increment"]
    }
    await store.receive(.childDidSomething)
    await store.finish()
  }

  @Test func nonExhaustiveFinishLeavesReceivedActionsAlone() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    store.exhaustivity = .off
    await store.send(.counter(.incrementButtonTapped))
    await store.finish()
  }
}

/// A test that ends at the receive of an effect's last action: the effect runs on to its end
/// before the test goes on, as on TCA's main serial executor, even when it has work left after
/// sending (here 10 ms without a suspension; on a loaded machine, the wait for a thread of the
/// global executor does the same).
@MainActor
@Suite struct TestStoreEffectEndTests {
  @Reducer struct Finisher {
    struct State: Equatable { var isDone = false }
    enum Action: Equatable { case start, done }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { send in
            await send(.done)
            // Work left after the last action (a clean-up), without a suspension.
            let end = ContinuousClock.now + .milliseconds(10)
            while ContinuousClock.now < end {}
          }
        case .done:
          state.isDone = true
          return .none
        }
      }
    }
  }

  @Test func anEffectThatSentItsLastActionEndsBeforeTheTestDoes() async {
    let store = TestStore(initialState: Finisher.State()) { Finisher() }
    await store.send(.start)
    await store.receive(.done) { $0.isDone = true }
  }
}
