import ComposableArchitecture
import SwiftUI
import Tagged

@Reducer
struct Roster {
  @ObservableState
  struct State: Equatable {
    var team = Team(id: Team.ID(UUID(0)), name: "Rovers")
    var nextNumber: JerseyNumber = 1
  }

  enum Action: Equatable {
    case addPlayerButtonTapped(name: String)
    case removePlayer(id: Player.ID)
    case renameTeam(String)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addPlayerButtonTapped(name):
        let player = Player(id: Player.ID(uuid()), name: name, number: state.nextNumber.rawValue)
        state.team.players.append(player)
        state.nextNumber += 1
        return .none

      case let .removePlayer(id):
        state.team.players.remove(id: id)
        return .none

      case let .renameTeam(name):
        state.team.name = name
        return .none
      }
    }
  }
}

struct RosterView: View {
  let store: StoreOf<Roster>

  var body: some View {
    List(store.team.players) { player in
      Text("\(player.number) \(player.name)")
    }
    .navigationTitle(store.team.name)
  }
}
