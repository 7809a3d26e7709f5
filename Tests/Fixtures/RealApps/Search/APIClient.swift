import ComposableArchitecture

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Looks up places by name, and the weather forecast at a place.
@DependencyClient
struct APIClient: Sendable {
  var search: @Sendable (_ query: String) async throws -> [Location]
  var forecast: @Sendable (_ location: Location) async throws -> Forecast
}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

extension APIClient: TestDependencyKey {
  static let previewValue = Self(
    search: { query in
      [Location].previews.filter { $0.name.localizedCaseInsensitiveContains(query) }
    },
    forecast: { _ in .preview }
  )

  static let testValue = Self()
}

extension APIClient: DependencyKey {
  static let liveValue = Self(
    search: { query in
      let response: GeocodingResponse = try await fetch(
        "https://geocoding-api.open-meteo.com/v1/search",
        [URLQueryItem(name: "name", value: query), URLQueryItem(name: "count", value: "10")]
      )
      return response.results ?? []
    },
    forecast: { location in
      let response: ForecastResponse = try await fetch(
        "https://api.open-meteo.com/v1/forecast",
        [
          URLQueryItem(name: "latitude", value: "\(location.latitude)"),
          URLQueryItem(name: "longitude", value: "\(location.longitude)"),
          URLQueryItem(
            name: "daily",
            value: "temperature_2m_max,temperature_2m_min,rain_sum,snowfall_sum"
          ),
          URLQueryItem(name: "timezone", value: "UTC"),
        ]
      )
      return Forecast(response.daily)
    }
  )
}

extension [Location] {
  static let previews = [
    Location(
      id: 2_643_743, name: "London", country: "United Kingdom", region: "England",
      latitude: 51.508, longitude: -0.126
    ),
    Location(
      id: 2_988_507, name: "Paris", country: "France", region: "Île-de-France",
      latitude: 48.853, longitude: 2.349
    ),
    Location(
      id: 2_950_159, name: "Berlin", country: "Germany", region: "Land Berlin",
      latitude: 52.524, longitude: 13.411
    ),
  ]
}

extension Forecast {
  static let preview = Forecast(
    days: [
      Day(
        date: Date(timeIntervalSince1970: 1_700_000_000), temperatureMax: 14.2,
        temperatureMin: 7.9, condition: .cloudy
      ),
      Day(
        date: Date(timeIntervalSince1970: 1_700_086_400), temperatureMax: 11.0,
        temperatureMin: 6.1, condition: .rain(millimeters: 4.5)
      ),
    ]
  )
}

/// Fetches a URL and decodes its JSON body.
private func fetch<Response: Decodable>(
  _ endpoint: String, _ queryItems: [URLQueryItem]
) async throws -> Response {
  guard var components = URLComponents(string: endpoint) else { throw URLError(.badURL) }
  components.queryItems = queryItems
  guard let url = components.url else { throw URLError(.badURL) }
  let (data, response) = try await URLSession.shared.data(for: URLRequest(url: url))
  if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
    throw URLError(.badServerResponse)
  }
  return try JSONDecoder().decode(Response.self, from: data)
}

// MARK: - The service's JSON

private struct GeocodingResponse: Decodable {
  var results: [Location]?
}

/// The forecast as the service sends it: one array per measurement, a day at each index.
private struct ForecastResponse: Decodable {
  var daily: Daily

  struct Daily: Decodable {
    var time: [String]
    var temperatureMax: [Double]
    var temperatureMin: [Double]
    var rainSum: [Double]
    var snowfallSum: [Double]

    enum CodingKeys: String, CodingKey {
      case time
      case temperatureMax = "temperature_2m_max"
      case temperatureMin = "temperature_2m_min"
      case rainSum = "rain_sum"
      case snowfallSum = "snowfall_sum"
    }
  }
}

extension Forecast {
  fileprivate init(_ daily: ForecastResponse.Daily) {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    self.days = daily.time.indices.compactMap { index in
      guard
        let date = formatter.date(from: daily.time[index]),
        daily.temperatureMax.indices.contains(index),
        daily.temperatureMin.indices.contains(index)
      else { return nil }
      let rain = daily.rainSum.indices.contains(index) ? daily.rainSum[index] : 0
      let snow = daily.snowfallSum.indices.contains(index) ? daily.snowfallSum[index] : 0
      return Day(
        date: date,
        temperatureMax: daily.temperatureMax[index],
        temperatureMin: daily.temperatureMin[index],
        condition: snow > 0
          ? .snow(centimeters: snow)
          : rain > 0 ? .rain(millimeters: rain) : .clear
      )
    }
  }
}
