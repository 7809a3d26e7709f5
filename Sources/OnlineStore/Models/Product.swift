import ComposableArchitecture

/// A product the store sells, as fakestoreapi.com describes it at `/products`.
///
/// The API names the image's address `image`; the app keeps it in ``imageString``, as the
/// OnlineStoreTCA demo does. ``APIClient`` decodes the API's JSON into products.
public struct Product: Equatable, Hashable, Identifiable, Codable, Sendable {
  public var id: Int
  public var title: String
  public var price: Double
  public var description: String
  public var category: String
  public var imageString: String

  public init(
    id: Int, title: String, price: Double, description: String, category: String,
    imageString: String
  ) {
    self.id = id
    self.title = title
    self.price = price
    self.description = description
    self.category = category
    self.imageString = imageString
  }
}

extension Product {
  /// The store's products as fakestoreapi.com serves them, from the JSON the module ships (the
  /// data the fixture ``APIClient`` answers with).
  public static var fixtures: [Product] {
    FakeStoreFixtures.products
  }

  /// Three products for small examples and tests: the first three of ``fixtures``.
  public static var sample: [Product] {
    Array(Self.fixtures.prefix(3))
  }
}
