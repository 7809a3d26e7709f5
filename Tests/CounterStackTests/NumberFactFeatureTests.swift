import ComposableArchitecture
import CounterStack
import Testing

/// The number fact: a fact, or the apology, in an alert.
@MainActor
@Suite struct NumberFactFeatureTests {
  @Test func aFactIsShownInAnAlert() async {
    let store = TestStore(initialState: NumberFactFeature.State(number: 42)) {
      NumberFactFeature()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is the answer." }
    }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse(.success("42 is the answer."))) {
      $0.alert = AlertState { TextState("42 is the answer.") }
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func theFixtureClientMakesUpAFact() async {
    let store = TestStore(initialState: NumberFactFeature.State(number: 1729)) { NumberFactFeature() }
    await store.send(.factButtonTapped)
    await store.receive(\.factResponse.success, "1729 is a good number.") {
      $0.alert = AlertState { TextState("1729 is a good number.") }
    }
  }

  @Test func aFailureShowsAnAlertToo() async {
    let store = TestStore(initialState: NumberFactFeature.State(number: -999)) {
      NumberFactFeature()
    } withDependencies: {
      $0.factClient = .failing
    }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse(.failure(FactClient.Failure()))) {
      $0.alert = AlertState { TextState("Could not load a number fact :(") }
    }
  }
}
