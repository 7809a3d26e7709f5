import ComposableArchitecture

/// A thermostat: the target temperature goes up and down a degree at a time, between 10 and 30.
@Reducer
struct Thermostat {
  @ObservableState
  struct State: Equatable {
    var target = 20
    var isHeating = false
  }

  enum Action: Equatable {
    case up
    case down
    case heatingToggled
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .up:
        state.target = min(state.target + 1, 30)
        return .none
      case .down:
        state.target = max(state.target - 1, 10)
        return .none
      case .heatingToggled:
        state.isHeating.toggle()
        return .none
      }
    }
  }
}
