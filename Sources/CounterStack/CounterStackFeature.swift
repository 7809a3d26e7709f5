import ComposableArchitecture

/// The root of the navigation stack: a list of screens, counters and number facts, pushed by
/// the root's own button, by `NavigationLink(state:)` (a `.push` stack action), or by a
/// counter's delegate actions.
@Reducer
public struct CounterStackFeature {
  /// The screens the stack can show.
  @Reducer
  public enum Path {
    case counter(CounterFeature)
    case numberFact(NumberFactFeature)
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    public var path = StackState<Path.State>()

    public init(path: StackState<Path.State> = StackState<Path.State>()) {
      self.path = path
    }

    /// A stack of counters with the given counts, deepest last: `counters: [42, 1729, -999]`
    /// starts three layers deep.
    public init(counters: [Int]) {
      self.init(path: StackState(counters.map { .counter(CounterFeature.State(count: $0)) }))
    }
  }

  public enum Action: Equatable, Sendable {
    case goToCounterButtonTapped
    case path(StackActionOf<Path>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .goToCounterButtonTapped:
        state.path.append(.counter(CounterFeature.State()))
        return .none
      case let .path(.element(_, .counter(.delegate(delegate)))):
        switch delegate {
        case let .goToCounter(count):
          state.path.append(.counter(CounterFeature.State(count: count)))
        case let .goToNumberFact(number):
          state.path.append(.numberFact(NumberFactFeature.State(number: number)))
        }
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension CounterStackFeature.Path.State: Equatable, Sendable {}
extension CounterStackFeature.Path.Action: Equatable, Sendable {}
