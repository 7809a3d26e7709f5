import ComposableArchitecture

/// A place the geocoding service knows, as it answers a search.
struct Location: Decodable, Equatable, Identifiable, Sendable {
  let id: Int
  var name: String
  var country: String
  var region: String?
  var latitude: Double
  var longitude: Double

  private enum CodingKeys: String, CodingKey {
    case id, name, country, latitude, longitude
    case region = "admin1"
  }
}

extension Location {
  /// "Paris, Île-de-France, France", leaving out what the service didn't say.
  var title: String {
    [self.name, self.region, self.country].compactMap { $0 }.joined(separator: ", ")
  }
}
