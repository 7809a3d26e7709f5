import ComposableArchitecture
import SharedModels

@Reducer
public struct Settings {
  @ObservableState
  public struct State: Equatable {
    public var preferences = Preferences()

    public init(preferences: Preferences = Preferences()) {
      self.preferences = preferences
    }
  }

  public enum Action: Equatable {
    case themePicked(Preferences.Theme)
    case notificationsToggled(Bool)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .themePicked(theme):
        state.preferences.theme = theme
        return .none
      case let .notificationsToggled(isOn):
        state.preferences.sendsNotifications = isOn
        return .none
      }
    }
  }
}
