import ComposableArchitecture
import Foundation
import Testing
import TestSupport

/// The TCA 1.0–1.24 spellings that TCA 1.25.5 still ships, deprecated (its
/// `Internal/Deprecations.swift`), driven through features written the 1.0 way
/// (DeprecationsFeatures.swift).
@MainActor
@Suite struct DeprecationsTests {
  @Test func forEachWithACasePathToStackActionsPushesRunsAndPops() async {
    let clock = TestClock()
    let store = TestStore(initialState: VintageRoot.State()) {
      VintageRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped) {
      $0.path.append(VintageCounter.State())
    }
    await store.send(.path(.element(id: 0, action: .incrementButtonTapped))) {
      $0.path[id: 0]?.count = 1
    }
    await store.send(.path(.element(id: 0, action: .startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .timerTicked))) {
      $0.path[id: 0]?.count = 2
    }
    // Popping the element cancels its timer: nothing is left running at the end.
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func ifLetWithACasePathPresentsAStructDestination() async {
    let store = TestStore(initialState: VintageRoot.State()) {
      VintageRoot()
    } withDependencies: {
      $0.vintageFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.presentCounterButtonTapped) {
      $0.destination = .counter(VintageCounter.State())
    }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      $0.destination = .counter(VintageCounter.State(count: 1))
    }
    await store.send(.destination(.presented(.counter(.factButtonTapped))))
    await store.receive(.destination(.presented(.counter(.factResponse(.success("1 is a good number.")))))) {
      $0.$destination[case: /VintageRoot.Destination.State.counter]?.fact = "1 is a good number."
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func dismissingAPresentedDestinationCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: VintageRoot.State()) {
      VintageRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentCounterButtonTapped) {
      $0.destination = .counter(VintageCounter.State())
    }
    await store.send(.destination(.presented(.counter(.startTimerButtonTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.counter(.timerTicked)))) {
      $0.destination = .counter(VintageCounter.State(count: 1))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func anAlertCaseOfADestinationScopedWithAnEmptyBuilderGoesAwayAfterItsAction() async {
    let store = TestStore(initialState: VintageRoot.State()) { VintageRoot() }
    await store.send(.presentNoticeButtonTapped) {
      $0.destination = .notice(AlertState { TextState("Heads up") })
    }
    await store.send(.destination(.presented(.notice(.acknowledge)))) {
      $0.destination = nil
      $0.log = ["notice acknowledged"]
    }
  }

  @Test func ephemeralIfLetWithACasePathNilsThePresentedAlert() async {
    let store = TestStore(initialState: VintageRoot.State()) { VintageRoot() }
    await store.send(.showAlertButtonTapped) {
      $0.alert = AlertState {
        TextState("Sure?")
      } actions: {
        ButtonState(action: .confirm) { TextState("Yes") }
      }
    }
    await store.send(.alert(.presented(.confirm))) {
      $0.alert = nil
      $0.log = ["alert: confirm"]
    }
  }

  @Test func ephemeralIfLetOverAPlainOptionalNilsTheAlert() async {
    let store = TestStore(initialState: VintageRoot.State()) { VintageRoot() }
    await store.send(.showBannerButtonTapped) {
      $0.banner = AlertState { TextState("Saved") }
    }
    await store.send(.banner(.confirm)) {
      $0.banner = nil
      $0.log = ["banner: confirm"]
    }
  }

  @Test func aFailedTaskResultCarriesTheError() async {
    let store = TestStore(initialState: VintageCounter.State(count: 7)) {
      VintageCounter()
    } withDependencies: {
      $0.vintageFact.fetch = { _ in throw VintageFactError() }
    }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse(.failure(VintageFactError()))) {
      $0.failure = "The fact server is down."
    }
  }

  @Test func receivingByACasePath() async {
    let store = TestStore(initialState: VintageCounter.State()) {
      VintageCounter()
    } withDependencies: {
      $0.vintageFact.fetch = { "\($0) is nothing." }
    }
    await store.send(.factButtonTapped)
    await store.receive(/VintageCounter.Action.factResponse) {
      $0.fact = "0 is nothing."
    }
    await expectIssue("Expected to receive an action matching case path, but didn't get one.") {
      await store.receive(/VintageCounter.Action.timerTicked)
    }
  }

  @Test func timeoutsInNanoseconds() async {
    let clock = TestClock()
    let store = TestStore(initialState: VintageCounter.State()) {
      VintageCounter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let timer = await store.send(.startTimerButtonTapped)
    await expectIssues(startingWith: [
      "Expected to receive an action, but received none after 0.001 seconds.",
      "Expected to receive the following action, but didn't:\n\n  VintageCounter.Action.timerTicked",
    ]) {
      await store.receive(.timerTicked, timeout: 1_000_000)
    }
    await expectIssues(startingWith: [
      "Expected effects to finish, but there are still effects in-flight after 0.001 seconds."
    ]) {
      await store.finish(timeout: 1_000_000)
    }
    await expectIssues(startingWith: ["Expected task to finish, but it is still in-flight after 0.002 seconds.\n\n"]) {
      await timer.finish(timeout: 2_000_000)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked, timeout: 1_000_000_000) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive({ $0 == .timerTicked }, timeout: 1_000_000_000) { $0.count = 2 }
    await clock.advance(by: .seconds(1))
    await store.receive(/VintageCounter.Action.timerTicked, timeout: 1_000_000_000) { $0.count = 3 }
    await timer.cancel()
    await store.finish(timeout: 1_000_000_000)
  }

  @Test func ifCaseLetWithCasePathsRunsTheCaseAndCancelsItsEffectsWhenItChanges() async {
    let clock = TestClock()
    let store = TestStore(initialState: VintageSession.State.loggedIn(VintageCounter.State())) {
      VintageSession()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.loggedIn(.incrementButtonTapped)) {
      $0 = .loggedIn(VintageCounter.State(count: 1))
    }
    await store.send(.loggedIn(.startTimerButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.loggedIn(.timerTicked)) {
      $0 = .loggedIn(VintageCounter.State(count: 2))
    }
    await store.send(.logOutButtonTapped) {
      $0 = .loggedOut
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func scopeWithCasePathsOverEnumStateWarnsOfAnActionForAnotherCase() async {
    let store = TestStore(initialState: VintageSession.State.loggedIn(VintageCounter.State())) {
      VintageScopedSession()
    }
    await store.send(.loggedIn(.incrementButtonTapped)) {
      $0 = .loggedIn(VintageCounter.State(count: 1))
    }
    let loggedOut = TestStore(initialState: VintageSession.State.loggedOut) {
      VintageScopedSession()
    }
    await expectIssue(
      """
      A "Scope" at "ComposableArchitectureTests/DeprecationsFeatures.swift:204" received a child \
      action when child state was set to a different case.

        Action:
          VintageSession.Action.loggedIn(.incrementButtonTapped)
        State:
          VintageSession.State.loggedOut

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set "VintageSession.State" to a different case before the scoped reducer \
      ran. Child reducers must run before any parent reducer sets child state to a different case. \
      This ensures that child reducers can handle their actions while their state is still \
      available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the parent \
      reducer that change its state to ensure the child reducer runs first.

      An in-flight effect emitted this action when child state was unavailable. While it may be \
      perfectly reasonable to ignore this action, consider canceling the associated effect before \
      child state changes to another case, especially if it is a long-living effect.

      This action was sent to the store while state was another case. Make sure that actions for \
      this reducer can only be sent from a store when state is set to the appropriate case. In \
      SwiftUI applications, use "SwitchStore".
      """
    ) {
      await loggedOut.send(.loggedIn(.incrementButtonTapped))
    }
  }

  @Test func onChangeWithRemoveDuplicatesRunsWhenTheClosureSaysTheValueChanged() async {
    let store = TestStore(initialState: VintageSettings.State()) { VintageSettings() }
    await store.send(.profileLoaded(id: 2)) {
      $0.profile.id = 2
      $0.changes = [2]
    }
    // Same id: not a change, as far as `removeDuplicates` is concerned.
    await store.send(.visit) {
      $0.profile.visits = 1
    }
    await store.send(.profileLoaded(id: 2))
    await store.send(.profileLoaded(id: 3)) {
      $0.profile.id = 3
      $0.changes = [2, 3]
    }
  }

  @Test func bindingReducerWithAViewActionClosureAndBindingState() async {
    let store = TestStore(initialState: VintageSettings.State()) { VintageSettings() }
    await store.send(.view(.binding(.set(\.$name, "Blob")))) {
      $0.name = "Blob"
    }
    await store.send(.view(.set(\.$name, "Blob Jr."))) {
      $0.name = "Blob Jr."
    }
  }

  @Test func storeScopeWithClosures() {
    let store = Store(initialState: VintageRoot.State()) { VintageRoot() }
    store.send(.showBannerButtonTapped)
    let logCount = store.scope(state: { $0.log.count }, action: VintageRoot.Action.banner)
    #expect(logCount.state == 0)
    logCount.send(.confirm)
    #expect(store.log == ["banner: confirm"])
    #expect(logCount.state == 1)
    #expect(store.banner == nil)
  }

  @Test func storeIfLetCallsThenAndElseAsTheStateComesAndGoes() {
    let store = Store<Int?, Bool>(initialState: nil) {
      Reduce { state, isPresenting in
        state = isPresenting ? (state ?? 0) + 1 : nil
        return .none
      }
    }
    var events: [String] = []
    var unwrapped: [Store<Int, Bool>] = []
    let cancellable = store.ifLet { child in
      events.append("then \(child.state)")
      unwrapped.append(child)
    } else: {
      events.append("else")
    }
    #expect(events == ["else"])
    store.send(true)
    store.send(true)
    #expect(events == ["else", "then 1"])
    #expect(unwrapped.map(\.state) == [2])
    store.send(false)
    #expect(events == ["else", "then 1", "else"])
    #expect(unwrapped.map(\.state) == [2])
    cancellable.cancel()
    store.send(true)
    #expect(events == ["else", "then 1", "else"])
  }

  @Test func viewStoreSendWhileWaitsForTheStateToChange() async {
    let store = Store(initialState: VintageCounter.State(count: 3)) {
      VintageCounter()
    } withDependencies: {
      $0.vintageFact.fetch = { "\($0) is odd." }
    }
    let viewStore = ViewStore(store, observe: { $0 })
    await viewStore.send(.factButtonTapped, while: { $0.fact == nil })
    #expect(viewStore.fact == "3 is odd.")
    // A state that already fails the predicate doesn't wait.
    await viewStore.yield(while: { $0.fact == nil })
    #expect(viewStore.count == 3)
  }
}

/// Runs `body`, expecting issues whose messages start with the given prefixes, in order (for
/// failures whose advice, after the first line, other tests pin).
@MainActor
func expectIssues(
  startingWith prefixes: [String],
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async {
  let recorded = LockIsolated<[String]>([])
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    recorded.withValue { $0.append(message) }
    return prefixes.contains { message.hasPrefix($0) }
  }
  #expect(recorded.value.count == prefixes.count, "\(recorded.value)", sourceLocation: sourceLocation)
  #expect(
    zip(recorded.value, prefixes).allSatisfy { $0.hasPrefix($1) }, "\(recorded.value)",
    sourceLocation: sourceLocation
  )
}
