import ComposableArchitecture

/// How the contact list looks, and syncing the address book.
@Reducer
struct Settings {
  @ObservableState
  struct State: Equatable {
    var display = Display()
    var isSyncing = false
    var lastSyncedAt: Date?

    struct Display: Equatable, Sendable {
      var showsPhoneNumbers = true
      var sortsByName = true
    }
  }

  enum Action: Equatable {
    case delegate(Delegate)
    case showsPhoneNumbersToggled
    case sortsByNameToggled
    case syncButtonTapped
    case syncFinished

    @CasePathable
    enum Delegate: Equatable {
      case displayChanged(State.Display)
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now

  private enum CancelID { case sync }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .delegate:
        return .none

      case .showsPhoneNumbersToggled:
        state.display.showsPhoneNumbers.toggle()
        return .send(.delegate(.displayChanged(state.display)))

      case .sortsByNameToggled:
        state.display.sortsByName.toggle()
        return .send(.delegate(.displayChanged(state.display)))

      case .syncButtonTapped:
        guard !state.isSyncing else { return .none }
        state.isSyncing = true
        return .run { send in
          // Stands in for talking to the server.
          try await self.clock.sleep(for: .seconds(2))
          await send(.syncFinished)
        }
        .cancellable(id: CancelID.sync)

      case .syncFinished:
        state.isSyncing = false
        state.lastSyncedAt = self.now
        return .none
      }
    }
  }
}
