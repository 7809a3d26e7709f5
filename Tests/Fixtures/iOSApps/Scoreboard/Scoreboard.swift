import ComposableArchitecture
import SwiftUI

@Reducer
struct Scoreboard {
  @ObservableState
  struct State: Equatable {
    var home = 0
    var away = 0
    var homeName = "Home"
    var isFinal = false
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case homeScored
    case awayScored
    case finalWhistleBlown
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .homeScored:
        guard !state.isFinal else { return .none }
        state.home += 1
        return .none
      case .awayScored:
        guard !state.isFinal else { return .none }
        state.away += 1
        return .none
      case .finalWhistleBlown:
        state.isFinal = true
        return .none
      }
    }
  }
}

struct ScoreboardView: View {
  @Bindable var store: StoreOf<Scoreboard>

  var body: some View {
    WithPerceptionTracking {
      VStack(spacing: 16) {
        TextField("Home team", text: $store.homeName)
        HStack {
          ScoreColumn(title: store.homeName, score: store.home)
          ScoreColumn(title: "Away", score: store.away)
        }
        HStack {
          Button("Home scores") { store.send(.homeScored) }
          Button("Away scores") { store.send(.awayScored) }
        }
        .disabled(store.isFinal)
        Button("Final whistle") { store.send(.finalWhistleBlown) }
          .buttonStyle(.borderedProminent)
      }
      .padding()
    }
  }
}

#Preview {
  ScoreboardView(
    store: Store(initialState: Scoreboard.State(home: 2, away: 1)) {
      Scoreboard()
    }
  )
}
