import APIClient
import ComposableArchitecture
import SharedModels

@Reducer
public struct Login {
  @ObservableState
  public struct State: Equatable {
    public var name = ""
    public var password = ""
    public var isLoggingIn = false
    public var errorMessage: String?

    public init(name: String = "", password: String = "") {
      self.name = name
      self.password = password
    }
  }

  public enum Action: Equatable {
    case nameChanged(String)
    case passwordChanged(String)
    case logInButtonTapped
    case logInFailed(String)
    case delegate(Delegate)

    public enum Delegate: Equatable {
      case loggedIn(User)
    }
  }

  @Dependency(\.apiClient) var apiClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      case let .passwordChanged(password):
        state.password = password
        return .none
      case .logInButtonTapped:
        state.isLoggingIn = true
        state.errorMessage = nil
        return .run { [name = state.name, password = state.password] send in
          do {
            let user = try await apiClient.logIn(name: name, password: password)
            await send(.delegate(.loggedIn(user)))
          } catch let failure as APIClient.Failure {
            await send(.logInFailed(failure.reason))
          }
        }
      case let .logInFailed(message):
        state.isLoggingIn = false
        state.errorMessage = message
        return .none
      case .delegate:
        state.isLoggingIn = false
        return .none
      }
    }
  }
}
