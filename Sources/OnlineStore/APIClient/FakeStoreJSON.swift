import Foundation

/// The JSON fakestoreapi.com serves, and its decoding into the app's models: shared by the live
/// client, which reads it from the network, and the fixture client, which reads the copy the
/// module ships.
enum FakeStoreJSON {
  /// A product at `/products`: the image's address is `image`, and there is a rating the app
  /// does not use.
  private struct ProductPayload: Decodable {
    var id: Int
    var title: String
    var price: Double
    var description: String
    var category: String
    var image: String
  }

  /// A user at `/users/{id}`: the names are nested in `name`.
  private struct UserPayload: Decodable {
    struct Name: Decodable {
      var firstname: String
      var lastname: String
    }
    var id: Int
    var email: String
    var name: Name
  }

  static func products(from data: Data) throws -> [Product] {
    try JSONDecoder().decode([ProductPayload].self, from: data).map {
      Product(
        id: $0.id, title: $0.title, price: $0.price, description: $0.description,
        category: $0.category, imageString: $0.image
      )
    }
  }

  static func user(from data: Data) throws -> UserProfile {
    let user = try JSONDecoder().decode(UserPayload.self, from: data)
    return UserProfile(
      id: user.id, email: user.email, firstName: user.name.firstname, lastName: user.name.lastname
    )
  }
}
