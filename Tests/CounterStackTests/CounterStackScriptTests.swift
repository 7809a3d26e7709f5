import CounterStack
import TCAScript
import Lessons
import Testing
import TestSupport

/// The catalogued features of episode 232 driven through the interpreter: each script runs with
/// no failure and no error.
///
/// What the interpreter can't do yet (see the report on issue 4): stack element identifiers are
/// written `.init(generation: 0)` (integer literals are refused for `StackElementID`); a state
/// holding a `StackState` can't be asserted on (no `$0.path[id:]`, `append`, or array literal),
/// nor a `@Presents` field; so the stack and the number fact run with exhaustivity off, and the
/// scripts read their state instead.
@MainActor
@Suite struct CounterStackScriptTests {
  @Test func theCounterOnItsOwn() async {
    #expect(
      await counterStackCatalog.scriptOutputs([
        "let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())",
        "store.send(.incrementButtonTapped) { $0.count = 1 }",
        "store.send(.decrementButtonTapped) { $0.count = 0 }",
        "store.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }",
        "store.advance(by: .seconds(1))",
        "store.receive(\\.timerTick) { $0.count = 1 }",
        "store.send(.toggleTimerButtonTapped) { $0.isTimerOn = false }",
        "store.advance(by: .seconds(3))",
        "store.send(.loadAndGoToCounterButtonTapped) { $0.isLoading = true }",
        "store.advance(by: .seconds(2))",
        "store.receive(\\.loadResponse) { $0.isLoading = false }",
        "store.receive(\\.delegate.goToCounter, 1)",
        "store.finish()",
      ]) == []
    )
  }

  @Test func theDeepLinkedStack() async {
    let outputs = await counterStackCatalog.scriptOutputs(
      [
        "let store = TestStore(initialState: .deepLinked, reducer: CounterStackFeature())",
        "store.exhaustivity = .off",
        "store.send(.goToCounterButtonTapped)",
        "store.send(.path(.element(id: .init(generation: 3), action: .counter(.incrementButtonTapped))))",
        "store.send(.path(.element(id: .init(generation: 3), action: .counter(.loadAndGoToCounterButtonTapped))))",
        "store.advance(by: .seconds(2))",
        "store.receive(\\.path[id: .init(generation: 3)].counter.loadResponse)",
        "store.receive(\\.path[id: .init(generation: 3)].counter.delegate.goToCounter, 1)",
        "store.send(.path(.element(id: .init(generation: 4), action: .counter(.toggleTimerButtonTapped))))",
        "store.advance(by: .seconds(1))",
        "store.receive(\\.path[id: .init(generation: 4)].counter.timerTick)",
        "store.send(.path(.popFrom(id: .init(generation: 4))))",
        "store.advance(by: .seconds(5))",
        "store.send(.path(.element(id: .init(generation: 0), action: .counter(.goToNumberFactButtonTapped))))",
        "store.receive(\\.path[id: .init(generation: 0)].counter.delegate.goToNumberFact, 42)",
        "store.send(.path(.element(id: .init(generation: 5), action: .numberFact(.factButtonTapped))))",
        #"store.receive(\.path[id: .init(generation: 5)].numberFact.factResponse.success, "42 is a good number.")"#,
        "store.state.path",
      ],
      kinds: [.value, .failure, .error]
    )
    #expect(
      outputs == [
        """
        store.state.path
        [
          #0: .counter(
            CounterFeature.State(
              count: 42,
              isLoading: false,
              isTimerOn: false
            )
          ),
          #1: .counter(
            CounterFeature.State(
              count: 1729,
              isLoading: false,
              isTimerOn: false
            )
          ),
          #2: .counter(
            CounterFeature.State(
              count: -999,
              isLoading: false,
              isTimerOn: false
            )
          ),
          #3: .counter(
            CounterFeature.State(
              count: 1,
              isLoading: false,
              isTimerOn: false
            )
          ),
          #5: .numberFact(
            NumberFactFeature.State(
              _alert: AlertState(title: "42 is a good number."),
              number: 42
            )
          )
        ]
        """
      ]
    )
  }

  @Test func theNumberFactAndItsFailure() async {
    #expect(
      await counterStackCatalog.scriptOutputs(
        [
          "let store = TestStore(initialState: NumberFactFeature.State(number: 7), reducer: NumberFactFeature())",
          "store.exhaustivity = .off",
          "store.send(.factButtonTapped)",
          #"store.receive(.factResponse(.success("7 is a good number.")))"#,
          "store.send(.alert(.dismiss))",
          "store.state._alert",
          "let failing = TestStore(initialState: NumberFactFeature.State(number: 7), reducer: NumberFactFeature())",
          "failing.dependencies.factClient = .failing",
          "failing.exhaustivity = .off",
          "failing.send(.factButtonTapped)",
          "failing.receive(\\.factResponse.failure)",
          "failing.state._alert",
        ],
        kinds: [.value, .failure, .error]
      ) == [
        "store.state._alert\nnil",
        #"failing.state._alert\#nAlertState(title: "Could not load a number fact :(")"#,
      ]
    )
  }
}
