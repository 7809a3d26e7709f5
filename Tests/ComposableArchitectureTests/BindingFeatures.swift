import ComposableArchitecture

/// A settings screen in the 1.x style: `@ObservableState` state with plain fields.
@Reducer
struct ObservableSettings {
  @ObservableState
  struct State: Equatable {
    var displayName = ""
    var enableNotifications = false
    var nameChanges = 0
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.displayName):
        state.nameChanges += 1
        state.displayName = String(state.displayName.prefix(8))
        return .none
      case .binding:
        return .none
      case .resetButtonTapped:
        state = State()
        return .none
      }
    }
  }
}

/// The same screen in the 0.x style: `@BindingState` fields.
struct LegacySettings: Reducer {
  struct State: Equatable {
    @BindingState var displayName = ""
    @BindingState var nested = Nested()
    var nameChanges = 0

    struct Nested: Equatable {
      var field = ""
    }
  }

  @CasePathable
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$displayName):
        state.nameChanges += 1
        return .none
      case .binding:
        return .none
      }
    }
  }
}

/// Bindings sent through a view action (`BindingReducer(action: \.view)`).
@Reducer
struct ViewActionSettings {
  @ObservableState
  struct State: Equatable {
    var query = ""
  }

  enum Action: Equatable {
    case view(View)

    @CasePathable
    enum View: BindableAction, Equatable {
      case binding(BindingAction<State>)
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
  }
}
