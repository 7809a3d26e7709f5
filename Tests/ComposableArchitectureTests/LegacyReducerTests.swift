@_spi(Hosting) import ComposableArchitecture
import Testing
import TestSupport

struct LegacyCounterState: Equatable {
  var count = 0
}

@CasePathable
enum LegacyCounterAction: Equatable {
  case increment
  case incrementLater
}

struct LegacyCounterEnvironment {
  var log: (String) -> Effect<Never>
}

let legacyCounterReducer = AnyReducer<
  LegacyCounterState, LegacyCounterAction, LegacyCounterEnvironment
> { state, action, environment in
  switch action {
  case .increment:
    state.count += 1
    return environment.log("count: \(state.count)").fireAndForget()
  case .incrementLater:
    return Effect(value: .increment)
  }
}

struct LegacySheetState: Equatable {
  var sheet: LegacyCounterState?
}

@CasePathable
enum LegacySheetAction: Equatable {
  case present
  case dismiss
  case sheet(LegacyCounterAction)
}

@MainActor
@Suite struct LegacyReducerTests {
  @Test func combineRunsReducersInOrderAndMergesTheirEffects() {
    let appendA = AnyReducer<[String], String, Void> { state, action, _ in
      state.append("a saw \(action)")
      return action == "go" ? Effect(value: "from a") : .none
    }
    let appendB = AnyReducer<[String], String, Void> { state, action, _ in
      state.append("b saw \(action)")
      return action == "go" ? Effect(value: "from b") : .none
    }
    for reducer in [
      AnyReducer.combine(appendA, appendB),
      AnyReducer.combine([appendA, appendB]),
      appendA.combined(with: appendB),
    ] {
      let store = TestStore(initialState: [], reducer: reducer, environment: ())
      store.send("go") {
        $0 = ["a saw go", "b saw go"]
      }
      store.receive("from a") {
        $0 += ["a saw from a", "b saw from a"]
      }
      store.receive("from b") {
        $0 += ["a saw from b", "b saw from b"]
      }
    }
  }

  @Test func runAndCallAsFunction() {
    var state = LegacyCounterState()
    let environment = LegacyCounterEnvironment(log: { _ in .none })
    _ = legacyCounterReducer.run(&state, .increment, environment)
    _ = legacyCounterReducer(&state, .increment, environment)
    #expect(state.count == 2)
    #expect(AnyReducer<Int, Int, Void>.empty.run(&state.count, 1, ())._isNone)
  }

  @Test func pullbackWithACaseKeyPath() {
    var logs: [String] = []
    let reducer = legacyCounterReducer.pullback(
      state: \LegacySheetState.sheet!,
      action: \LegacySheetAction.Cases.sheet,
      environment: { (_: Void) in LegacyCounterEnvironment(log: { message in .fireAndForget { logs.append(message) } }) }
    )
    let store = TestStore(
      initialState: LegacySheetState(sheet: LegacyCounterState()), reducer: reducer, environment: ()
    )
    store.send(.sheet(.incrementLater))
    store.receive(.sheet(.increment)) {
      $0.sheet?.count = 1
    }
    store.send(.dismiss)
    #expect(logs == ["count: 1"])
  }

  @Test func optionalRunsWhileStateIsPresentAndWarnsAfter() async {
    let line = #line + 3
    let reducer = AnyReducer<LegacySheetState, LegacySheetAction, Void>.combine(
      legacyCounterReducer
        .optional()
        .pullback(
          state: \.sheet,
          action: /LegacySheetAction.sheet,
          environment: { _ in LegacyCounterEnvironment(log: { _ in .none }) }
        ),
      AnyReducer { state, action, _ in
        switch action {
        case .present:
          state.sheet = LegacyCounterState()
        case .dismiss:
          state.sheet = nil
        case .sheet:
          break
        }
        return .none
      }
    )
    await expectIssue(
      """
      An "optional" reducer at "ComposableArchitectureTests/LegacyReducerTests.swift:\(line)" \
      received an action when state was "nil". …

        Action:
          LegacyCounterAction.increment

      This is generally considered an application logic error, and can happen for a few reasons:

      • The optional reducer was combined with or run from another reducer that set \
      "LegacyCounterState" to "nil" before the optional reducer ran. Combine or run optional \
      reducers before reducers that can set their state to "nil". This ensures that optional \
      reducers can handle their actions while their state is still non-"nil".

      • An in-flight effect emitted this action while state was "nil". While it may be perfectly \
      reasonable to ignore this action, you may want to cancel the associated effect before state \
      is set to "nil", especially if it is a long-living effect.

      • This action was sent to the store while state was "nil". Make sure that actions for this \
      reducer can only be sent to a view store when state is non-"nil". In SwiftUI applications, \
      use "IfLetStore".
      """
    ) {
      let store = TestStore(initialState: LegacySheetState(), reducer: reducer, environment: ())
      store.send(.present) {
        $0.sheet = LegacyCounterState()
      }
      store.send(.sheet(.increment)) {
        $0.sheet?.count = 1
      }
      store.send(.dismiss) {
        $0.sheet = nil
      }
      store.send(.sheet(.increment))
    }
  }

  @Test func pullbackOnEnumStateWarnsInTheWrongCase() async {
    let line = #line + 1
    let reducer = legacyCounterReducer.pullback(
      state: /LegacyScreen.counter,
      action: /LegacyScreenAction.counter,
      environment: { (_: Void) in LegacyCounterEnvironment(log: { _ in .none }) }
    )
    .combined(
      with: AnyReducer { state, action, _ in
        if case .logOut = action { state = .loggedOut }
        return .none
      }
    )
    await expectIssue(
      """
      A reducer pulled back from "ComposableArchitectureTests/LegacyReducerTests.swift:\(line)" \
      received an action when child state was unavailable. …

        Action:
          LegacyCounterAction.increment

      This is generally considered an application logic error, and can happen for a few reasons:

      • The reducer for a particular case of state was combined with or run from another reducer \
      that set "LegacyCounterState" to another case before the reducer ran. Combine or run \
      case-specific reducers before reducers that may set their state to another case. This \
      ensures that case-specific reducers can handle their actions while their state is available.

      • An in-flight effect emitted this action when state was unavailable. While it may be \
      perfectly reasonable to ignore this action, you may want to cancel the associated effect \
      before state is set to another case, especially if it is a long-living effect.

      • This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent to a view store when state is non-"nil". In SwiftUI \
      applications, use "SwitchStore".
      """
    ) {
      let store = TestStore(
        initialState: LegacyScreen.counter(LegacyCounterState()), reducer: reducer, environment: ()
      )
      store.send(.counter(.increment)) {
        $0 = .counter(LegacyCounterState(count: 1))
      }
      store.send(.logOut) {
        $0 = .loggedOut
      }
      store.send(.counter(.increment))
    }
  }

  @Test func debugPrintsActionsAndStateChanges() {
    let output = LockIsolated<[String]>([])
    let reducer = legacyCounterReducer.debug(
      "Counter",
      environment: { _ in DebugEnvironment(printer: { message in output.withValue { $0.append(message) } }) }
    )
    let store = TestStore(
      initialState: LegacyCounterState(),
      reducer: reducer,
      environment: LegacyCounterEnvironment(log: { _ in .none })
    )
    store.send(.increment) {
      $0.count = 1
    }
    store.send(.incrementLater)
    store.receive(.increment) {
      $0.count = 2
    }
    #expect(
      output.value == [
        """
        Counter: received action:
          LegacyCounterAction.increment
        - LegacyCounterState(count: 0)
        + LegacyCounterState(count: 1)

        """,
        """
        Counter: received action:
          LegacyCounterAction.incrementLater
          (No state changes)

        """,
        """
        Counter: received action:
          LegacyCounterAction.increment
        - LegacyCounterState(count: 1)
        + LegacyCounterState(count: 2)

        """,
      ]
    )
  }

  @Test func debugActionsWithLabelsOnly() {
    let output = LockIsolated<[String]>([])
    let reducer = legacyCounterReducer.pullback(
      state: \LegacySheetState.sheet!,
      action: /LegacySheetAction.sheet,
      environment: { (_: Void) in LegacyCounterEnvironment(log: { _ in .none }) }
    )
    .debugActions(
      actionFormat: .labelsOnly,
      environment: { _ in DebugEnvironment(printer: { message in output.withValue { $0.append(message) } }) }
    )
    let store = TestStore(
      initialState: LegacySheetState(sheet: LegacyCounterState()), reducer: reducer, environment: ()
    )
    store.send(.sheet(.increment)) {
      $0.sheet?.count = 1
    }
    #expect(
      output.value == [
        """
        received action:
          LegacySheetAction.sheet(.increment)

        """
      ]
    )
  }

  @Test func reduceRunsALegacyReducerInsideAModernBody() {
    let logs = LockIsolated<[String]>([])
    let store = TestStore(initialState: LegacyCounterState()) {
      Reduce(
        legacyCounterReducer,
        environment: LegacyCounterEnvironment(log: { message in
          .fireAndForget { logs.withValue { $0.append(message) } }
        })
      )
    }
    store._send(.increment) {
      $0.count = 1
    }
    #expect(logs.value == ["count: 1"])
  }

  @Test func storeFromALegacyReducer() {
    let store = Store(
      initialState: LegacyCounterState(),
      reducer: legacyCounterReducer,
      environment: LegacyCounterEnvironment(log: { _ in .none })
    )
    store.send(.increment)
    store.send(.incrementLater)
    #expect(store.count == 2)
  }
}

enum LegacyScreen: Equatable {
  case counter(LegacyCounterState)
  case loggedOut
}

enum LegacyScreenAction: Equatable {
  case counter(LegacyCounterAction)
  case logOut
}
