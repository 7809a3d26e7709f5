import ComposableArchitecture
import LoginFeature
import SettingsFeature
import SharedModels

@Reducer
public struct AppFeature {
  @ObservableState
  public struct State: Equatable {
    public var login = Login.State()
    public var settings = Settings.State()
    public var user: User?

    public init() {}
  }

  public enum Action: Equatable {
    case login(Login.Action)
    case settings(Settings.Action)
    case logOutButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.login, action: \.login) {
      Login()
    }
    Scope(state: \.settings, action: \.settings) {
      Settings()
    }
    Reduce { state, action in
      switch action {
      case let .login(.delegate(.loggedIn(user))):
        state.user = user
        return .none
      case .login, .settings:
        return .none
      case .logOutButtonTapped:
        state.user = nil
        state.login = Login.State()
        return .none
      }
    }
  }
}
