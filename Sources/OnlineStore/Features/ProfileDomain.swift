import ComposableArchitecture

/// The user's profile, fetched once.
@Reducer
public struct ProfileDomain: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var profile = UserProfile.default
    public var dataState = DataState.notStarted

    public init(profile: UserProfile = .default, dataState: DataState = .notStarted) {
      self.profile = profile
      self.dataState = dataState
    }

    /// Whether the profile is being fetched.
    public var isLoading: Bool {
      self.dataState == .loading
    }
  }

  /// Where fetching the profile stands.
  public enum DataState: Equatable, Sendable {
    case notStarted
    case loading
    case complete
  }

  public enum Action: Equatable, Sendable {
    case fetchUserProfile
    case fetchUserProfileResponse(TaskResult<UserProfile>)
  }

  @Dependency(\.apiClient.fetchUserProfile) var fetchUserProfile

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .fetchUserProfile:
        guard state.dataState == .notStarted else { return .none }
        state.dataState = .loading
        return .run { send in
          await send(.fetchUserProfileResponse(TaskResult { try await self.fetchUserProfile() }))
        }
      case let .fetchUserProfileResponse(.success(profile)):
        state.dataState = .complete
        state.profile = profile
        return .none
      case .fetchUserProfileResponse(.failure):
        state.dataState = .complete
        return .none
      }
    }
  }
}
