import ComposableArchitecture

/// A row of a list, for scoping a store to a collection of row stores.
@Reducer
struct TallyRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }

  enum Action: Equatable {
    case incrementButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A list of rows, with its actions split into view actions (`ViewAction`) and the rest.
@Reducer
struct TallyList {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TallyRow.State> = []
    var total = 0
  }

  enum Action: ViewAction, Equatable {
    case rows(IdentifiedActionOf<TallyRow>)
    case view(View)

    @CasePathable
    enum View: Equatable {
      case addRowButtonTapped
      case removeFirstRowButtonTapped
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows(.element(_, .incrementButtonTapped)):
        state.total += 1
        return .none
      case .view(.addRowButtonTapped):
        state.rows.append(TallyRow.State(id: state.rows.count + 1))
        return .none
      case .view(.removeFirstRowButtonTapped):
        state.rows.removeFirst()
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      TallyRow()
    }
  }
}

/// What a view of the list would be, without SwiftUI: it holds the store and sends view actions.
struct TallyListScreen: ViewActionSending {
  let store: StoreOf<TallyList>
}

/// The same, with the conformance from `@ViewAction(for:)`.
@ViewAction(for: TallyList.self)
struct TallyListPanel {
  let store: StoreOf<TallyList>

  @MainActor func addTwoRows() {
    send(.addRowButtonTapped)
    send(.addRowButtonTapped)
  }
}
