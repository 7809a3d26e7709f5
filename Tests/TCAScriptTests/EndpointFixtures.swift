import ComposableArchitecture
import FeatureCatalog
import Foundation

// A 1.x feature with a `@DependencyClient` whose endpoints tests override with closures
// (EndpointClosureTests): an async throwing one, a synchronous one with a default, and an error
// type the state keeps.

struct Weather: Equatable, Sendable {
  var city: String
  var degrees: Int
}

enum WeatherError: Error, Equatable {
  case unavailable
  case unknownCity(String)
}

@DependencyClient
struct WeatherClient: Sendable {
  var forecast: @Sendable (_ city: String) async throws -> Weather
  var units: @Sendable () -> String = { "°C" }
  var record: @Sendable (_ city: String, _ degrees: Int) -> Void
  var station = "Main"
}

extension WeatherClient: TestDependencyKey {
  static let testValue = Self()
}

extension DependencyValues {
  var weatherClient: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}

@Reducer
struct Forecaster {
  struct State: Equatable {
    var city = ""
    var weather: Weather?
    var failure: WeatherError?
    var units = ""
    var station = ""
  }

  enum Action {
    case fetch(String)
    case response(Result<Weather, any Error>)
    case showUnits
    case showStation
  }

  @Dependency(\.weatherClient) var weatherClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .fetch(city):
        state.city = city
        return .run { send in
          await send(.response(Result { try await self.weatherClient.forecast(city) }))
        }
      case let .response(.success(weather)):
        state.weather = weather
        state.failure = nil
        self.weatherClient.record(weather.city, weather.degrees)
        return .none
      case let .response(.failure(error)):
        state.weather = nil
        state.failure = error as? WeatherError ?? .unavailable
        return .none
      case .showUnits:
        state.units = self.weatherClient.units()
        return .none
      case .showStation:
        state.station = self.weatherClient.station
        return .none
      }
    }
  }
}

/// A parent whose only `@Dependency` reader is its child.
@Reducer
struct WeatherApp {
  struct State: Equatable {
    var forecaster = Forecaster.State()
  }

  enum Action {
    case forecaster(Forecaster.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.forecaster, action: \.forecaster) { Forecaster() }
  }
}

let forecastCatalog = Catalog(module: "Forecasts") {
  Feature("Forecaster", summary: "A forecast from a dependency client", initialState: Forecaster.State(), reducer: { Forecaster() })
  Feature("WeatherApp", summary: "Forecaster as a child", initialState: WeatherApp.State(), reducer: { WeatherApp() })
}
