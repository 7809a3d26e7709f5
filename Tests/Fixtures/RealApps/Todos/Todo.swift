import ComposableArchitecture

/// One row of the todo list: its text and whether it is done.
@Reducer
struct Todo {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: UUID
    var description = ""
    var isComplete = false
    let createdAt: Date
  }

  enum Action: Equatable {
    case checkBoxToggled
    case descriptionChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .checkBoxToggled:
        state.isComplete.toggle()
        return .none

      case let .descriptionChanged(description):
        state.description = description
        return .none
      }
    }
  }
}
