import ComposableArchitecture
import Testing
import TestSupport

@MainActor
@Suite struct MacroIntegrationTests {
  @Test func stackAndDestinationsBuiltWithMacros() async {
    let clock = TestClock()
    let store = TestStore(initialState: MacroRoot.State()) {
      MacroRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.path(.push(id: 0, state: .counter(MacroCounter.State())))) {
      $0.path[id: 0] = .counter(MacroCounter.State())
    }
    await store.send(\.path[id: 0].counter.incrementButtonTapped) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
    await store.send(.path(.element(id: 0, action: .counter(.loadAndGoButtonTapped))))
    await clock.waitForSleep()
    await clock.advance(by: .seconds(2))
    await store.receive(\.path[id: 0].counter.delegate.goToCounter, 1) {
      $0.path.append(.counter(MacroCounter.State(count: 1)))
    }
    await store.send(.pushNoteButtonTapped) {
      $0.path[id: 2] = .note(MacroNote.State())
    }
    await store.send(.path(.element(id: 2, action: .note(.textChanged("Hi"))))) {
      $0.path[id: 2, case: \.note]?.text = "Hi"
    }
    await store.send(.path(.element(id: 1, action: .counter(.closeButtonTapped))))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }

    await store.send(.addCounterButtonTapped) {
      $0.destination = .counter(MacroCounter.State())
    }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      $0.$destination[case: \.counter]?.count = 1
    }
    await store.send(\.destination.counter.closeButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }

    await store.send(.resetButtonTapped) {
      $0.destination = .alert(
        AlertState {
          TextState("Reset?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
        }
      )
    }
    await store.send(.destination(.presented(.alert(.confirmReset)))) {
      $0.destination = nil
      $0.resetCount = 1
      $0.path = StackState()
    }
  }

  @Test func presentsMacroKeepsStateEquatableAndMemberwiseInitializable() {
    let state = MacroRoot.State()
    #expect(state.destination == nil)
    #expect(state.$destination.wrappedValue == nil)
    var presented = MacroRoot.State(destination: .counter(MacroCounter.State(count: 3)))
    #expect(presented != state)
    #expect(presented.$destination.counter.wrappedValue == MacroCounter.State(count: 3))
    presented.destination = nil
    #expect(presented == state)
    // `@ObservableState`, written or generated, conforms the state (checked at compile time).
    func isObservableState<T: ObservableState>(_: T.Type) -> Bool { true }
    _ = isObservableState(MacroCounter.State.self)
    _ = isObservableState(MacroRoot.Path.State.self)
  }

  @Test func caseScopeSwitchesOverChildStores() {
    let store = Store(initialState: MacroRoot.Path.State.counter(MacroCounter.State())) {
      MacroRoot.Path.body
    }
    switch MacroRoot.Path.scope(store) {
    case let .counter(counterStore):
      counterStore.send(.incrementButtonTapped)
      #expect(counterStore.count == 1)
    case .note:
      Issue.record("Expected the counter case")
    }
    #expect(store.state == .counter(MacroCounter.State(count: 1)))
  }

  @Test func enumReducerWarnsForAnActionOfAnotherCase() async {
    await expectIssue(
      """
      A "Scope" at "ComposableArchitectureTests/MacroFeatures.swift:73" received a child action \
      when child state was set to a different case.

        Action:
          MacroRoot.Path.Action.note(.textChanged)
        State:
          MacroRoot.Path.State.counter

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set "MacroRoot.Path.State" to a different case before the scoped \
      reducer ran. Child reducers must run before any parent reducer sets child state to a \
      different case. This ensures that child reducers can handle their actions while their \
      state is still available. Consider using "Reducer.ifCaseLet" to embed this child reducer \
      in the parent reducer that change its state to ensure the child reducer runs first.

      An in-flight effect emitted this action when child state was unavailable. While it may \
      be perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state changes to another case, especially if it is a long-living effect.

      This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent from a store when state is set to the appropriate \
      case. In SwiftUI applications, use "SwitchStore".
      """
    ) {
      let store = TestStore(initialState: MacroRoot.State(path: StackState([.counter(MacroCounter.State())]))) {
        MacroRoot()
      }
      await store.send(.path(.element(id: 0, action: .note(.textChanged("Hi")))))
    }
  }
}
