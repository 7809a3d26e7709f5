import ComposableArchitecture
import Testing

// Generic inference of the reducer builder and the integration operators, written the ways TCA
// 1.25.5's own compile-time tests write them (its ReducerBuilderTests): each feature here must
// compile, and each test runs it once to show the pieces it was built from do their work.

@Reducer
struct InferenceCounter {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable {
    case tapped
  }
  var body: some Reducer<State, Action> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// Logs every action: the reducer the root holds as an existential.
struct InferenceLogger<State, Action>: Reducer {
  let log: WritableKeyPath<State, [String]>
  let name: String
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state[keyPath: self.log].append(self.name)
    return .none
  }
}

@Reducer
struct InferenceRoot {
  @Reducer
  enum Destination {
    case counter(InferenceCounter)
    case alert(AlertState<Alert>)

    enum Alert: Equatable {
      case ok
    }
  }

  @Reducer
  enum Path {
    case counter(InferenceCounter)
  }

  /// A destination written as a TCA 1.0 struct reducer, integrated with a trailing closure.
  @Reducer
  struct Sheet {
    @CasePathable
    enum State: Equatable {
      case counter(InferenceCounter.State)
    }
    @CasePathable
    enum Action: Equatable {
      case counter(InferenceCounter.Action)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(\.counter, action: \.counter) {
          InferenceCounter()
        }
    }
  }

  struct State: Equatable {
    @Presents var destination: Destination.State?
    @Presents var sheet: Sheet.State?
    var optional: InferenceCounter.State?
    var rows: IdentifiedArrayOf<InferenceCounter.State> = []
    var path = StackState<Path.State>()
    var log: [String] = []
  }

  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case optional(InferenceCounter.Action)
    case path(StackActionOf<Path>)
    case rows(IdentifiedActionOf<InferenceCounter>)
    case sheet(PresentationAction<Sheet.Action>)
  }

  var isVerbose = false

  var body: some ReducerOf<Self> {
    InferenceLogger<State, Action>(log: \.log, name: "logger") as any ReducerOf<Self>
    if self.isVerbose {
      InferenceLogger<State, Action>(log: \.log, name: "verbose") as any Reducer<State, Action>
    }
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination)
      .ifLet(\.$sheet, action: \.sheet) {
        Sheet()
      }
      .ifLet(\.optional, action: \.optional) {
        InferenceCounter()
        InferenceCounter()
      }
      .forEach(\.rows, action: \.rows) {
        InferenceCounter()
      }
      .forEach(\.path, action: \.path)
  }
}

extension InferenceRoot.Destination.State: Equatable {}
extension InferenceRoot.Path.State: Equatable {}

/// A `Scope` whose child is an `ifLet` over an optional view of the same state, as TCA's
/// compile-time tests have it.
@Reducer
struct InferenceScopeIfLet {
  struct State: Equatable {
    var count = 0
    var optionalSelf: Self? {
      get { self }
      set { newValue.map { self = $0 } }
    }
  }
  enum Action: Equatable {
    case tapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.self, action: \.self) {
      EmptyReducer()
        .ifLet(\.optionalSelf, action: \.self) {
          Reduce { state, _ in
            state.count += 1
            return .none
          }
        }
    }
  }
}

@MainActor
@Suite struct ReducerInferenceTests {
  @Test func existentialReducersRunInsideTheBuilder() async {
    let store = TestStore(initialState: InferenceRoot.State(optional: InferenceCounter.State())) {
      InferenceRoot(isVerbose: true)
    }
    await store.send(.optional(.tapped)) {
      $0.log = ["logger", "verbose"]
      $0.optional?.count = 2
    }
    let quiet = TestStore(initialState: InferenceRoot.State(optional: InferenceCounter.State())) {
      InferenceRoot()
    }
    await quiet.send(.optional(.tapped)) {
      $0.log = ["logger"]
      $0.optional?.count = 2
    }
  }

  @Test func anExistentialExpressionInCombineReducers() {
    let store = Store(initialState: InferenceCounter.State()) {
      CombineReducers {
        InferenceCounter()
        InferenceCounter() as any ReducerOf<InferenceCounter>
      }
    }
    store.send(.tapped)
    #expect(store.count == 2)
  }

  @Test func enumDestinationsAreInferredWithoutAClosure() async {
    let store = TestStore(initialState: InferenceRoot.State(destination: .counter(InferenceCounter.State()))) {
      InferenceRoot()
    }
    await store.send(.destination(.presented(.counter(.tapped)))) {
      $0.log = ["logger"]
      $0.destination = .counter(InferenceCounter.State(count: 1))
    }
    await store.send(.destination(.dismiss)) {
      $0.log = ["logger", "logger"]
      $0.destination = nil
    }
  }

  @Test func aStructDestinationIsGivenInATrailingClosure() async {
    let store = TestStore(initialState: InferenceRoot.State(sheet: .counter(InferenceCounter.State()))) {
      InferenceRoot()
    }
    await store.send(.sheet(.presented(.counter(.tapped)))) {
      $0.log = ["logger"]
      $0.sheet = .counter(InferenceCounter.State(count: 1))
    }
  }

  @Test func stackAndCollectionElementsAreInferred() async {
    let store = TestStore(
      initialState: InferenceRoot.State(
        rows: [InferenceCounter.State(id: 7)],
        path: StackState([.counter(InferenceCounter.State())])
      )
    ) {
      InferenceRoot()
    }
    await store.send(.rows(.element(id: 7, action: .tapped))) {
      $0.log = ["logger"]
      $0.rows[id: 7]?.count = 1
    }
    await store.send(.path(.element(id: 0, action: .counter(.tapped)))) {
      $0.log = ["logger", "logger"]
      $0.path[id: 0, case: \.counter]?.count = 1
    }
  }

  @Test func aScopeOverAnIfLetOfTheSameState() async {
    let store = TestStore(initialState: InferenceScopeIfLet.State()) { InferenceScopeIfLet() }
    await store.send(.tapped) { $0.count = 1 }
  }
}
