import ComposableArchitecture

/// A counter on the navigation stack: increment and decrement, a timer that counts every second,
/// and "load and go", which pretends to load for two seconds and then asks the parent to push
/// another counter with the same count.
///
/// The counter can't push anything itself: it tells its parent what it wants with ``Action/delegate(_:)``
/// actions, and ``CounterStackFeature`` acts on them.
@Reducer
public struct CounterFeature: Sendable {
  @ObservableState
  public struct State: Equatable, Hashable, Sendable {
    public var count = 0
    public var isLoading = false
    public var isTimerOn = false

    public init(count: Int = 0, isLoading: Bool = false, isTimerOn: Bool = false) {
      self.count = count
      self.isLoading = isLoading
      self.isTimerOn = isTimerOn
    }
  }

  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case delegate(Delegate)
    case goToNumberFactButtonTapped
    case incrementButtonTapped
    case loadAndGoToCounterButtonTapped
    case loadResponse
    case timerTick
    case toggleTimerButtonTapped

    /// What the counter asks of its parent.
    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case goToCounter(Int)
      case goToNumberFact(Int)
    }
  }

  enum CancelID {
    case timer
  }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .delegate:
        return .none
      case .goToNumberFactButtonTapped:
        return .send(.delegate(.goToNumberFact(state.count)))
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .loadAndGoToCounterButtonTapped:
        state.isLoading = true
        return .run { send in
          try await self.clock.sleep(for: .seconds(2))
          await send(.loadResponse)
        }
      case .loadResponse:
        state.isLoading = false
        return .send(.delegate(.goToCounter(state.count)))
      case .timerTick:
        state.count += 1
        return .none
      case .toggleTimerButtonTapped:
        state.isTimerOn.toggle()
        guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }
        .cancellable(id: CancelID.timer)
      }
    }
  }
}
