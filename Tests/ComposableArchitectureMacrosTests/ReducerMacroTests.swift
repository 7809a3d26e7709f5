import ComposableArchitectureMacros
import MacroTesting
import TestSupport
import Testing

@Suite(
  .ownThreads,
  .macros(
    [
      "Reducer": ReducerMacro.self,
      "ReducerCaseEphemeral": ReducerCaseEphemeralMacro.self,
      "ReducerCaseIgnored": ReducerCaseIgnoredMacro.self,
    ],
    record: .never
  )
)
struct ReducerMacroTests {
  @Test func structReducer() {
    assertMacro {
      """
      @Reducer
      struct Counter {
        struct State: Equatable {
          var count = 0
        }
        enum Action {
          case incrementButtonTapped
        }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            state.count += 1
            return .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        struct State: Equatable {
          var count = 0
        }
        @CasePathable
        enum Action {
          case incrementButtonTapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            state.count += 1
            return .none
          }
        }
      }

      extension Counter: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func structReducerWithExplicitGenericsAndEnumState() {
    assertMacro {
      """
      @Reducer
      public struct Feature {
        public enum State {
          case loading
          case loaded(Int)
        }
        @CasePathable
        public enum Action {
          case tapped
        }
        public var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      public struct Feature {
        @CasePathable @dynamicMemberLookup
        public enum State {
          case loading
          case loaded(Int)
        }
        @CasePathable
        public enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<State, Action>
        public var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func structReducerAlreadyConforming() {
    assertMacro {
      """
      @Reducer
      struct Feature: Reducer {
        struct State {}
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        struct State {}
        @CasePathable
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    }
  }

  @Test func emptyStructReducer() {
    assertMacro {
      """
      @Reducer
      struct Empty {
      }
      """
    } expansion: {
      """
      struct Empty {

          struct State: Codable, Equatable, Hashable, Sendable {
              init() {
              }
          }

          enum Action: Equatable, Hashable, Sendable {
          }

          let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Empty: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func enumReducer() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case counter(Counter)
        case numberFact(NumberFact)
      }
      """
    } expansion: {
      #"""
      enum Path {
        case counter(Counter)
        case numberFact(NumberFact)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Path
          case counter(Counter.State)
          case numberFact(NumberFact.State)
        }

        @CasePathable
        enum Action {
          case counter(Counter.Action)
          case numberFact(NumberFact.Action)
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.counter, action: \Self.Action.Cases.counter) {
                Counter()
              }
              ComposableArchitecture.Scope(state: \Self.State.Cases.numberFact, action: \Self.Action.Cases.numberFact) {
                NumberFact()
              }
            }
          )
        }

        enum CaseScope {
          case counter(ComposableArchitecture.StoreOf<Counter>)
          case numberFact(ComposableArchitecture.StoreOf<NumberFact>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .counter:
            return .counter(store.scope(state: \.counter, action: \.counter)!)
          case .numberFact:
            return .numberFact(store.scope(state: \.numberFact, action: \.numberFact)!)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func enumReducerWithAlertAndPlainCases() {
    assertMacro {
      """
      @Reducer
      public enum Destination {
        case edit(EditFeature)
        case alert(AlertState<Alert>)
        case meeting(Meeting, syncUp: SyncUp)
        case custom(Counter = Counter(step: 2))
        @ReducerCaseIgnored
        case plain(Int)
      }
      """
    } expansion: {
      #"""
      public enum Destination {
        case edit(EditFeature)
        case alert(AlertState<Alert>)
        case meeting(Meeting, syncUp: SyncUp)
        case custom(Counter = Counter(step: 2))
        case plain(Int)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        public enum State: ComposableArchitecture.CaseReducerState {
          public typealias StateReducer = Destination
          case edit(EditFeature.State)
          case alert(AlertState<Alert>)
          case meeting(Meeting, syncUp: SyncUp)
          case custom(Counter.State)
          case plain(Int)
        }

        @CasePathable
        public enum Action {
          case edit(EditFeature.Action)
          case alert(Alert)
          case meeting(Swift.Never)
          case custom(Counter.Action)
          case plain(Swift.Never)
        }

        public static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                EditFeature()
              }
              ComposableArchitecture.Scope(state: \Self.State.Cases.custom, action: \Self.Action.Cases.custom) {
                Counter(step: 2)
              }
            }
          )
        }

        public enum CaseScope {
          case edit(ComposableArchitecture.StoreOf<EditFeature>)
          case alert(AlertState<Alert>)
          case meeting(Meeting, syncUp: SyncUp)
          case custom(ComposableArchitecture.StoreOf<Counter>)
          case plain(Int)
        }

        @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          case let .alert(v0):
            return .alert(v0)
          case let .meeting(v0, v1):
            return .meeting(v0, syncUp: v1)
          case .custom:
            return .custom(store.scope(state: \.custom, action: \.custom)!)
          case let .plain(v0):
            return .plain(v0)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }
}
