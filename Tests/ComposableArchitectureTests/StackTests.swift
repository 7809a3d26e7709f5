@_spi(Hosting) import ComposableArchitecture
import Testing
import TestSupport

@MainActor
@Suite struct StackTests {
  @Test func pushElementActionsAndPop() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.goToCounterButtonTapped) {
      $0.path.append(.counter(StackCounter.State()))
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
    await store.send(.goToFactButtonTapped(7)) {
      $0.path[id: 1] = .fact(StackFact.State(number: 7))
    }
    await store.send(\.path[id: 1].fact.refreshButtonTapped) {
      $0.path[id: 1, case: \.fact]?.number = 8
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
      $0.log = ["popping #0"]
    }
  }

  @Test func pushActionAddsTheElementUnderItsIdentifier() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(id: 0, state: .fact(StackFact.State(number: 1))))) {
      $0.path[id: 0] = .fact(StackFact.State(number: 1))
    }
    // The generator moved past the pushed identifier.
    await store.send(.goToCounterButtonTapped) {
      $0.path[id: 1] = .counter(StackCounter.State())
    }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func pushWithAnUnexpectedIdentifierWarns() async {
    await expectIssue(
      """
      A "forEach" at "ComposableArchitectureTests/StackFeatures.swift:142" received a "push" \
      action with an unexpected generational ID.

        Received ID:
          #5
        Expected ID:
          #0
      """
    ) {
      let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
      await store.send(.path(.push(id: 5, state: .fact(StackFact.State(number: 1))))) {
        $0.path[id: 5] = .fact(StackFact.State(number: 1))
      }
    }
  }

  @Test func poppingAnElementCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackRoot.State()) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.goToCounterButtonTapped) {
      $0.path.append(.counter(StackCounter.State()))
    }
    await store.send(.goToCounterButtonTapped) {
      $0.path.append(.counter(StackCounter.State()))
    }
    await store.send(.path(.element(id: 1, action: .counter(.startTimerButtonTapped))))
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].counter.tick) { $0.path[id: 1, case: \.counter]?.count = 1 }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
      $0.log = ["popping #1"]
    }
    // The popped counter's timer is gone; the element below it is untouched.
    await clock.advance(by: .seconds(5))
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
    await store.send(.path(.element(id: 0, action: .counter(.startTimerButtonTapped))))
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.tick) { $0.path[id: 0, case: \.counter]?.count = 2 }
    await store.send(.popToRootButtonTapped) {
      $0.path = StackState()
    }
    await clock.advance(by: .seconds(5))
    #expect(store._inFlightEffectCount == 0)
  }

  @Test func elementDismissesItselfWithTheDismissDependency() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.goToCounterButtonTapped) {
      $0.path.append(.counter(StackCounter.State()))
    }
    await store.send(.goToFactButtonTapped(3)) {
      $0.path.append(.fact(StackFact.State(number: 3)))
    }
    await store.send(.path(.element(id: 0, action: .counter(.closeButtonTapped))))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log = ["popping #0"]
    }
  }

  @Test func delegateActionFromAnElementPushesAnotherCounter() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackRoot.State()) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.goToCounterButtonTapped) {
      $0.path[id: 0] = .counter(StackCounter.State())
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
    await store.send(.path(.element(id: 0, action: .counter(.loadAndGoToCounterButtonTapped)))) {
      $0.path[id: 0, case: \.counter]?.isLoading = true
    }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.delegate.goToCounter) {
      $0.path.append(.counter(StackCounter.State(count: 1)))
    }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func initialStackElementsAreNumberedFromZero() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: StackState([.counter(StackCounter.State()), .fact(StackFact.State(number: 2))])
      )
    ) {
      StackRoot()
    }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .fact(.refreshButtonTapped)))) {
      $0.path[id: 1, case: \.fact]?.number = 3
    }
    await store.send(.goToCounterButtonTapped) {
      $0.path[id: 2] = .counter(StackCounter.State())
    }
  }

  @Test func storesContinueAfterTheIdentifiersOfAStateBuiltBeforeThem() async {
    // A preview's or a playground preset's state, numbered by another generator.
    let prebuilt = withDependencies {
      $0.stackElementID = .incrementing(from: 5)
    } operation: {
      StackRoot.State(path: StackState([.counter(StackCounter.State()), .fact(StackFact.State(number: 2))]))
    }
    #expect(prebuilt.path.ids == [5, 6])
    let store = TestStore(initialState: prebuilt) { StackRoot() }
    await store.send(.goToCounterButtonTapped) {
      $0.path[id: 7] = .counter(StackCounter.State())
    }
    #expect(store.state.path.ids == [5, 6, 7])

    let liveStore = Store(initialState: prebuilt) { StackRoot() }
    liveStore.send(.goToFactButtonTapped(9))
    #expect(liveStore.state.path.ids == [5, 6, 7])
    #expect(liveStore.state.path[id: 6, case: \.fact]?.number == 2)
  }

  @Test func actionForAMissingElementWarns() async {
    await expectIssue(
      """
      A "forEach" at "ComposableArchitectureTests/StackFeatures.swift:142" received an action for \
      a missing element.

        Action:
          HandWrittenPath.Action.counter(.incrementButtonTapped)

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element reducers \
      can handle their actions while their state is still available.

      An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a store when its \
      state contains an element at this id. In SwiftUI applications, use \
      "NavigationStack.init(path:)" with a binding to a store.
      """
    ) {
      let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
      await store.send(.path(.element(id: 3, action: .counter(.incrementButtonTapped))))
    }
  }

  @Test func popFromAMissingElementWarns() async {
    await expectIssue(
      """
      A "forEach" at "ComposableArchitectureTests/StackFeatures.swift:142" received a "popFrom" \
      action for a missing element.

        ID:
          #4
        Path IDs:
          [#0]
      """
    ) {
      let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
      await store.send(.goToCounterButtonTapped) {
        $0.path.append(.counter(StackCounter.State()))
      }
      await store.send(.path(.popFrom(id: 4))) {
        $0.log = ["popping #4"]
      }
    }
  }

  @Test func stackStateIsACollectionWithStableIdentifiers() {
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      var stack = StackState<Int>()
      stack.append(42)
      stack.append(1729)
      #expect(stack[id: 0] == 42)
      #expect(stack[id: 1] == 1729)
      #expect(Array(stack) == [42, 1729])
      #expect(stack.popLast() == 1729)
      stack.removeAll()
      stack.append(-1)
      #expect(stack.ids == [2])
      #expect(stack.first == -1)
      stack.append(contentsOf: [5, 6, 7])
      stack.pop(to: 3)
      #expect(Array(stack) == [-1, 5])
      stack.pop(from: 2)
      #expect(stack.isEmpty)
    }
  }

  @Test func stackStatesAreEqualWithTheSameElementsUnderTheSameIdentifiers() {
    let (a, b) = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      (StackState([1, 2]), StackState([1, 2]))
    }
    #expect(a == a)
    #expect(a != b)
    #expect(Array(a) == Array(b))
  }
}
