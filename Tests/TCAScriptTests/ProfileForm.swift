import ComposableArchitecture

/// A form whose fields are bound, as a 1.x feature with `BindableAction` writes it.
@Reducer
struct ProfileForm {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var isOn = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
