@_spi(Hosting) import ComposableArchitecture
import Testing
import TestSupport

@MainActor
@Suite struct PresentationTests {
  @Test func parentDismissalCancelsChildEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChildButtonTapped) {
      $0.child = TimerChild.State()
    }
    await store.send(.child(.presented(.startTimerButtonTapped)))
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.tick) { $0.child?.count = 1 }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.presented.tick) { $0.child?.count = 2 }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.lastCount = 2
    }
    // The timer was cancelled with the child: no more ticks, and nothing left running.
    await clock.advance(by: .seconds(5))
  }

  @Test func niliingChildStateCancelsChildEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChildButtonTapped) {
      $0.child = TimerChild.State()
    }
    await store.send(.child(.presented(.startTimerButtonTapped)))
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.tick) { $0.child?.count = 1 }
    await store.send(.closeChildButtonTapped) {
      $0.child = nil
    }
    #expect(store._inFlightEffectCount == 0)
    await clock.advance(by: .seconds(5))
  }

  @Test func childDismissesItselfWithTheDismissDependency() async {
    let clock = TestClock()
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChildButtonTapped) {
      $0.child = TimerChild.State()
    }
    await store.send(.child(.presented(.startTimerButtonTapped)))
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.tick) { $0.child?.count = 1 }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss), timeout: .seconds(5)) {
      $0.child = nil
      $0.lastCount = 1
    }
    await clock.advance(by: .seconds(5))
    #expect(store._inFlightEffectCount == 0)
  }

  @Test func childDismissesItselfInALiveStore() async {
    let store = Store(initialState: Presenter.State()) {
      Presenter()
    }
    store.send(.presentChildButtonTapped)
    store.send(.child(.presented(.tick)))
    #expect(store.child?.count == 1)
    await store.send(.child(.presented(.closeButtonTapped))).finish()
    #expect(store.child == nil)
    #expect(store.lastCount == 1)
  }

  @Test func presentingInInitialStateStartsDismissalOnFirstAction() async {
    let store = TestStore(initialState: Presenter.State(child: TimerChild.State(count: 5))) {
      Presenter()
    }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss), timeout: .seconds(5)) {
      $0.child = nil
      $0.lastCount = 5
    }
  }

  @Test func leavingAChildPresentedAtTheEndOfATestIsNotAnEffectLeftRunning() async {
    let store = TestStore(initialState: Presenter.State()) {
      Presenter()
    }
    await store.send(.presentChildButtonTapped) {
      $0.child = TimerChild.State()
    }
    #expect(store._inFlightEffectCount == 1)
    await store.finish(timeout: .seconds(30))
    #expect(store._inFlightEffectCount == 0)
  }

  @Test func presentedActionWhenChildIsNilWarns() async {
    await expectIssue(
      """
      An "ifLet" at "ComposableArchitectureTests/PresentationFeatures.swift:86" received a \
      presentation action when destination state was absent.

        Action:
          Presenter.Action.child(.presented(.tick))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set destination state to "nil" before this reducer ran. This reducer \
      must run before any other reducer sets destination state to "nil". This ensures that \
      destination reducers can handle their actions while their state is still present.

      This action was sent to the store while destination state was "nil". Make sure that \
      actions for this reducer can only be sent from a store when state is present, or from \
      effects that start from this reducer.
      """
    ) {
      let store = TestStore(initialState: Presenter.State()) { Presenter() }
      await store.send(.child(.presented(.tick)))
    }
  }

  @Test func dismissOutsideOfAPresentationContextWarns() async {
    await expectIssue(
      """
      A reducer requested dismissal at "ComposableArchitectureTests/PresentationFeatures.swift:116", \
      but couldn't be dismissed.

      This is generally considered an application logic error, and can happen when a reducer \
      assumes it runs in a presentation context. If a reducer can run at both the root level of \
      an application, as well as in a presentation destination, use @Dependency(\\.isPresented) \
      to determine if the reducer is being presented before calling @Dependency(\\.dismiss).
      """
    ) {
      let store = TestStore(initialState: Unpresented.State()) { Unpresented() }
      await store.send(.closeButtonTapped).finish(timeout: .seconds(5))
    }
  }

  @Test func dismissDependencyCanBeOverriddenInTests() async {
    let isDismissed = LockIsolated(false)
    let store = TestStore(initialState: TimerChild.State()) {
      TimerChild()
    } withDependencies: {
      $0.dismiss = DismissEffect { isDismissed.setValue(true) }
    }
    await store.send(.closeButtonTapped).finish(timeout: .seconds(5))
    #expect(isDismissed.value)
  }

  @Test func isPresentedTellsWhetherAFeatureIsPresented() async {
    #expect(!DependencyValues().isPresented)
    var dependencies = DependencyValues()
    dependencies.dismiss = DismissEffect {}
    #expect(dependencies.isPresented)
  }

  @Test func presentationStateBehavesLikeTheWrappedOptional() {
    var state = Presenter.State()
    #expect(state.child == nil)
    state.child = TimerChild.State(count: 1)
    let copy = state
    state.child?.count += 1
    #expect(copy.child?.count == 1)
    #expect(state.child?.count == 2)
    #expect(state.$child.wrappedValue == TimerChild.State(count: 2))
    #expect(state.$child.count.wrappedValue == 2)
    #expect(state != copy)
    state.child?.count = 1
    #expect(state == copy)
  }
}
