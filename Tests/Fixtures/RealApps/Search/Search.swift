import ComposableArchitecture

/// Searching places as the user types, and showing the forecast of the place they pick.
@Reducer
struct Search {
  @ObservableState
  struct State: Equatable {
    var forecastRequestInFlight: Location.ID?
    var query = ""
    var results: IdentifiedArrayOf<Location> = []
    var status: Status = .idle
    var weather: Weather?

    enum Status: Equatable {
      case idle
      case searching(query: String)
      case loaded(resultCount: Int)
      case failed(message: String)
    }

    /// The forecast on screen, and where and when it came from.
    struct Weather: Equatable {
      let locationID: Location.ID
      var days: [Forecast.Day]
      let fetchedAt: Date
    }
  }

  enum Action {
    case forecastResponse(Location.ID, Result<Forecast, any Error>)
    case locationTapped(Location)
    case queryChanged(String)
    case searchResponse(Result<[Location], any Error>)
  }

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now

  private enum CancelID { case forecast, search }

  /// How long typing must pause before a search starts.
  static let debounce = Duration.milliseconds(300)

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .forecastResponse(id, .success(forecast)):
        guard id == state.forecastRequestInFlight else { return .none }
        state.forecastRequestInFlight = nil
        state.weather = State.Weather(locationID: id, days: forecast.days, fetchedAt: self.now)
        return .none

      case let .forecastResponse(_, .failure(error)):
        state.forecastRequestInFlight = nil
        state.status = .failed(message: message(for: error))
        return .none

      case let .locationTapped(location):
        state.forecastRequestInFlight = location.id
        state.weather = nil
        return .run { send in
          await send(
            .forecastResponse(location.id, Result { try await self.apiClient.forecast(location) })
          )
        }
        .cancellable(id: CancelID.forecast, cancelInFlight: true)

      case let .queryChanged(query):
        state.query = query
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
          state.results = []
          state.status = .idle
          state.weather = nil
          return .cancel(id: CancelID.search)
        }
        state.status = .searching(query: trimmed)
        return .run { send in
          try await self.clock.sleep(for: Self.debounce)
          await send(.searchResponse(Result { try await self.apiClient.search(trimmed) }))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case let .searchResponse(.success(locations)):
        state.results = IdentifiedArray(locations, uniquingIDsWith: { first, _ in first })
        state.status = .loaded(resultCount: locations.count)
        return .none

      case let .searchResponse(.failure(error)):
        state.results = []
        state.status = .failed(message: message(for: error))
        return .none
      }
    }
  }
}

/// What the screen says when a request fails.
private func message(for error: any Error) -> String {
  if let error = error as? URLError, error.code == .notConnectedToInternet {
    return "You appear to be offline."
  }
  return "Something went wrong. Please try again."
}
