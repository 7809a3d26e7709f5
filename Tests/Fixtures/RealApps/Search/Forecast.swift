import ComposableArchitecture

/// The coming days' weather at one location.
struct Forecast: Equatable, Sendable {
  var days: [Day]

  struct Day: Equatable, Sendable {
    var date: Date
    var temperatureMax: Double
    var temperatureMin: Double
    var condition: Condition
  }

  enum Condition: Equatable, Sendable {
    case clear
    case cloudy
    case rain(millimeters: Double)
    case snow(centimeters: Double)
  }
}

extension Forecast.Day {
  /// "12° / 21°".
  var temperatureRange: String {
    "\(Int(self.temperatureMin.rounded()))° / \(Int(self.temperatureMax.rounded()))°"
  }
}
