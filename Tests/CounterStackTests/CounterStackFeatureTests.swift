import ComposableArchitecture
import CounterStack
import Testing
import TestSupport

/// The stack of episode 232: pushing, drilling down through delegate actions, and popping,
/// which cancels the popped screens' effects.
@MainActor
@Suite struct CounterStackFeatureTests {
  @Test func theDeepLinkedStackStartsThreeLayersDeep() async {
    let store = TestStore(initialState: CounterStackFeature.State(counters: [42, 1729, -999])) {
      CounterStackFeature()
    }
    #expect(store.state.path.ids == [0, 1, 2])
    await store.send(.path(.element(id: 2, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 2, case: \.counter]?.count = -998
    }
    await store.send(\.path[id: 0].counter.decrementButtonTapped) {
      $0.path[id: 0, case: \.counter]?.count = 41
    }
    await store.send(.goToCounterButtonTapped) {
      $0.path[id: 3] = .counter(CounterFeature.State())
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    #expect(store.state.path.ids == [0])
  }

  @Test func loadAndGoPushesACounterAfterTheClockAdvancesTwoSeconds() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterStackFeature.State()) {
      CounterStackFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.goToCounterButtonTapped) {
      $0.path.append(.counter(CounterFeature.State()))
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
    await store.send(.path(.element(id: 0, action: .counter(.loadAndGoToCounterButtonTapped)))) {
      $0.path[id: 0, case: \.counter]?.isLoading = true
    }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    #expect(store.state.path.count == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.loadResponse) {
      $0.path[id: 0, case: \.counter]?.isLoading = false
    }
    await store.receive(\.path[id: 0].counter.delegate.goToCounter, 1) {
      $0.path[id: 1] = .counter(CounterFeature.State(count: 1))
    }
  }

  @Test func aCounterDrillsDownToItsNumberFact() async {
    let store = TestStore(initialState: CounterStackFeature.State(counters: [42])) {
      CounterStackFeature()
    }
    await store.send(\.path[id: 0].counter.goToNumberFactButtonTapped)
    await store.receive(\.path[id: 0].counter.delegate.goToNumberFact, 42) {
      $0.path[id: 1] = .numberFact(NumberFactFeature.State(number: 42))
    }
    await store.send(\.path[id: 1].numberFact.factButtonTapped)
    await store.receive(\.path[id: 1].numberFact.factResponse.success, "42 is a good number.") {
      $0.path[id: 1, case: \.numberFact]?.alert = AlertState { TextState("42 is a good number.") }
    }
    await store.send(.path(.element(id: 1, action: .numberFact(.alert(.dismiss))))) {
      $0.path[id: 1, case: \.numberFact]?.alert = nil
    }
  }

  @Test func aNumberFactFailureAlertsInTheStack() async {
    let store = TestStore(initialState: CounterStackFeature.State()) {
      CounterStackFeature()
    } withDependencies: {
      $0.factClient = .failing
    }
    // What `NavigationLink(state:)` sends.
    await store.send(.path(.push(id: 0, state: .numberFact(NumberFactFeature.State(number: 7))))) {
      $0.path[id: 0] = .numberFact(NumberFactFeature.State(number: 7))
    }
    await store.send(\.path[id: 0].numberFact.factButtonTapped)
    await store.receive(\.path[id: 0].numberFact.factResponse.failure) {
      $0.path[id: 0, case: \.numberFact]?.alert = AlertState { TextState("Could not load a number fact :(") }
    }
  }

  @Test func poppingACounterCancelsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterStackFeature.State(counters: [0, 10])) {
      CounterStackFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.path[id: 1].counter.toggleTimerButtonTapped) {
      $0.path[id: 1, case: \.counter]?.isTimerOn = true
    }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].counter.timerTick) {
      $0.path[id: 1, case: \.counter]?.count = 11
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
    }
    // The popped counter's timer is gone: nothing ticks (the exhaustive test store would fail on
    // an unexpected tick, or on a timer still running when the test ends).
    await clock.advance(by: .seconds(5))
  }

  @Test func poppingALoadingCounterCancelsTheDrillDown() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterStackFeature.State(counters: [5])) {
      CounterStackFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.path[id: 0].counter.loadAndGoToCounterButtonTapped) {
      $0.path[id: 0, case: \.counter]?.isLoading = true
    }
    await clock.waitForSleep()
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    await clock.advance(by: .seconds(2))
    #expect(store.state.path.isEmpty)
  }
}
