import ComposableArchitecture
import Testing
import TestSupport

@MainActor
@Suite struct CompositionTests {
  @Test func scopeRunsChildThenParentAndDeliversEffectActionsInOrder() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.count = 1
      $0.log = ["parent saw increment"]
    }
    await store.receive(.childDidSomething)
  }

  @Test func childEffectActionIsProcessedBeforeParentEffectAction() async {
    let store = Store(initialState: OrderingFeature.State()) { OrderingFeature() }
    store.send(.child(.tap))
    #expect(store.log == ["child tap", "parent tap", "child done", "parent done"])
  }

  @Test func forEachRoutesActionsByID() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.addRow(id: 1)) { $0.rows = [Counter.State(id: 1)] }
    await store.send(.addRow(id: 2)) { $0.rows.append(Counter.State(id: 2)) }
    await store.send(.rows(.element(id: 2, action: .incrementButtonTapped))) {
      $0.rows[id: 2]?.count = 1
    }
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(rows: [Counter.State(id: 1), Counter.State(id: 2)])) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .toggleTimerButtonTapped))) {
      $0.rows[id: 1]?.isTimerRunning = true
    }
    // Start row 2's timer half a second later, so the two timers never tick at the same instant.
    await clock.waitForSleep()
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: 2, action: .toggleTimerButtonTapped))) {
      $0.rows[id: 2]?.isTimerRunning = true
    }
    await clock.waitForSleep()
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.rows[id: 1].timerTick) { $0.rows[id: 1]?.count = 1 }
    await clock.waitForSleep()
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.rows[id: 2].timerTick) { $0.rows[id: 2]?.count = 1 }
    await store.send(.removeRow(id: 1)) { $0.rows.remove(id: 1) }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].timerTick) { $0.rows[id: 2]?.count = 2 }
    await store.send(.removeRow(id: 2)) { $0.rows = [] }
    await clock.advance(by: .seconds(10))
  }

  @Test func cancellationIDsAreLocalToElements() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(rows: [Counter.State(id: 1), Counter.State(id: 2)])) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .toggleTimerButtonTapped))) {
      $0.rows[id: 1]?.isTimerRunning = true
    }
    await store.send(.rows(.element(id: 2, action: .toggleTimerButtonTapped))) {
      $0.rows[id: 2]?.isTimerRunning = true
    }
    // Turning off row 2's timer cancels its own `CancelID.timer`, not row 1's.
    await store.send(.rows(.element(id: 2, action: .toggleTimerButtonTapped))) {
      $0.rows[id: 2]?.isTimerRunning = false
    }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 1].timerTick) { $0.rows[id: 1]?.count = 1 }
    await store.send(.removeRow(id: 1)) { $0.rows.remove(id: 1) }
  }

  @Test func forEachWarnsOnMissingElement() async {
    await expectIssue(
      """
      A "forEach" at "ComposableArchitectureTests/Features.swift:106" received an action for a \
      missing element.

        Action:
          Parent.Action.rows(.element(id:, action: .incrementButtonTapped))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element reducers \
      can handle their actions while their state is still available.

      An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a store when its \
      state contains an element at this id. In SwiftUI applications, use "ForEachStore".
      """
    ) {
      let store = TestStore(initialState: Parent.State()) { Parent() }
      await store.send(.rows(.element(id: 9, action: .incrementButtonTapped)))
    }
  }

  @Test func ifLetRunsChildWhilePresentAndCancelsEffectsWhenNiled() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleOptional) { $0.optional = Counter.State() }
    await store.send(.optional(.toggleTimerButtonTapped)) { $0.optional?.isTimerRunning = true }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(\.optional.timerTick) { $0.optional?.count = 1 }
    await store.send(.toggleOptional) { $0.optional = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func ifLetWarnsWhenChildStateIsNil() async {
    await expectIssue(
      """
      An "ifLet" at "ComposableArchitectureTests/Features.swift:109" received a child action \
      when child state was "nil".

        Action:
          Parent.Action.optional(.incrementButtonTapped)

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
      before any other reducer sets child state to "nil". This ensures that child reducers can \
      handle their actions while their state is still available.

      An in-flight effect emitted this action when child state was "nil". While it may be \
      perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state becomes "nil", especially if it is a long-living effect.

      This action was sent to the store while state was "nil". Make sure that actions for this \
      reducer can only be sent from a store when state is non-"nil". In SwiftUI applications, \
      use "IfLetStore".
      """
    ) {
      let store = TestStore(initialState: Parent.State()) { Parent() }
      await store.send(.optional(.incrementButtonTapped))
    }
  }

  @Test func builderSupportsConditionalsOptionalsAndLoops() async {
    struct Feature: Reducer {
      var isDoubling: Bool
      var extra: Bool
      var repeats: Int
      var body: some Reducer<Int, Void> {
        if self.isDoubling {
          Reduce { state, _ in
            state *= 2
            return .none
          }
        } else {
          Reduce { state, _ in
            state += 1
            return .none
          }
        }
        if self.extra {
          Reduce { state, _ in
            state += 100
            return .none
          }
        }
        for _ in 0..<self.repeats {
          Reduce { state, _ in
            state += 10
            return .none
          }
        }
        CombineReducers {
          EmptyReducer()
        }
      }
    }
    var state = 3
    _ = Feature(isDoubling: true, extra: true, repeats: 2).reduce(into: &state, action: ())
    #expect(state == 126)
    state = 3
    _ = Feature(isDoubling: false, extra: false, repeats: 0).reduce(into: &state, action: ())
    #expect(state == 4)
  }

  @Test func onChangeRunsWhenValueChanges() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
        .onChange(of: \.count) { oldValue, newValue in
          Reduce { state, _ in
            state.fact = "\(oldValue) → \(newValue)"
            return .none
          }
        }
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.fact = "0 → 1"
    }
    await store.send(.factResponse("kept")) { $0.fact = "kept" }
  }

  @Test func scopeOverEnumState() async {
    let store = TestStore(initialState: CounterOrEmpty.counter(Counter.State())) {
      Scope(state: \.counter, action: \.self) {
        Counter()
      }
    }
    await store.send(.incrementButtonTapped) { $0 = .counter(Counter.State(count: 1)) }
  }
}

struct OrderingFeature: Reducer {
  struct State: Equatable { var log: [String] = [] }
  @CasePathable
  enum Action: Equatable { case child(ChildAction), parentDone, tap }
  enum ChildAction: Equatable { case tap, done }
  var body: some ReducerOf<Self> {
    Scope(state: \.self, action: \.child) {
      Reduce<State, ChildAction> { state, action in
        switch action {
        case .tap:
          state.log.append("child tap")
          return .send(.done)
        case .done:
          state.log.append("child done")
          return .none
        }
      }
    }
    Reduce { state, action in
      switch action {
      case .child(.tap):
        state.log.append("parent tap")
        return .send(.parentDone)
      case .parentDone:
        state.log.append("parent done")
        return .none
      default:
        return .none
      }
    }
  }
}
@CasePathable
enum CounterOrEmpty: Equatable {
  case counter(Counter.State)
  case empty
}
