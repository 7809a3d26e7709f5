import ComposableArchitecture

/// A number, and a button that fetches a fact about it and shows the fact in an alert (or an
/// alert saying it could not).
@Reducer
public struct NumberFactFeature: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Presents public var alert: AlertState<Action.Alert>?
    public let number: Int

    public init(alert: AlertState<Action.Alert>? = nil, number: Int) {
      self.alert = alert
      self.number = number
    }
  }

  public enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case factButtonTapped
    case factResponse(TaskResult<String>)

    /// The alert only dismisses.
    @CasePathable
    public enum Alert: Equatable, Sendable {}
  }

  @Dependency(\.factClient) var factClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none
      case .factButtonTapped:
        return .run { [number = state.number] send in
          await send(.factResponse(TaskResult { try await self.factClient.fetch(number) }))
        }
      case let .factResponse(.success(fact)):
        state.alert = AlertState { TextState(fact) }
        return .none
      case .factResponse(.failure):
        state.alert = AlertState { TextState("Could not load a number fact :(") }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
