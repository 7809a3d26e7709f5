import ComposableArchitecture
import CounterStack
import Testing
import TestSupport

/// The counter on its own: counting, the timer, and "load and go".
@MainActor
@Suite struct CounterFeatureTests {
  @Test func incrementAndDecrement() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    await store.send(.decrementButtonTapped) { $0.count = -1 }
  }

  @Test func theTimerCountsEverySecondUntilToggledOff() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.count = 2 }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerOn = false }
    await clock.advance(by: .seconds(5))
  }

  @Test func loadAndGoAsksTheParentForACounterAfterTwoSeconds() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State(count: 7)) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.loadAndGoToCounterButtonTapped) { $0.isLoading = true }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    await store.receive(\.loadResponse) { $0.isLoading = false }
    await store.receive(\.delegate.goToCounter, 7)
  }

  @Test func goToNumberFactAsksTheParent() async {
    let store = TestStore(initialState: CounterFeature.State(count: 1729)) { CounterFeature() }
    await store.send(.goToNumberFactButtonTapped)
    await store.receive(.delegate(.goToNumberFact(1729)))
  }
}
