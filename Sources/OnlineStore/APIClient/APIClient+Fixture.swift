import ComposableArchitecture
import Foundation

extension APIClient {
  /// The store's real data without the network: the products and user fakestoreapi.com serves,
  /// from the JSON the module ships. Orders are accepted with the answer the live client gives
  /// for an order the server took.
  public static let fixture = APIClient(
    fetchProducts: { FakeStoreFixtures.products },
    sendOrder: { _ in "Status: 200" },
    fetchUserProfile: { FakeStoreFixtures.user }
  )

  /// Every request fails with ``Failure``.
  public static let failing = APIClient(
    fetchProducts: { throw Failure() },
    sendOrder: { _ in throw Failure() },
    fetchUserProfile: { throw Failure() }
  )

  /// The fixture, answering each request two seconds later on the `continuousClock`.
  public static let slow = APIClient.fixture.delayed(by: .seconds(2))

  /// This client, answering each request after the given duration on the `continuousClock`
  /// dependency (in the playground, its test clock: `store.advance(by:)` moves it).
  public func delayed(by duration: Duration) -> APIClient {
    APIClient(
      fetchProducts: {
        try await sleep(for: duration)
        return try await self.fetchProducts()
      },
      sendOrder: { items in
        try await sleep(for: duration)
        return try await self.sendOrder(items)
      },
      fetchUserProfile: {
        try await sleep(for: duration)
        return try await self.fetchUserProfile()
      }
    )
  }
}

private func sleep(for duration: Duration) async throws {
  @Dependency(\.continuousClock) var clock
  try await clock.sleep(for: duration)
}

/// The fakestoreapi.com data the module ships as resources, decoded once.
enum FakeStoreFixtures {
  static let products: [Product] = decode("fakestore-products") { try FakeStoreJSON.products(from: $0) }
  static let user: UserProfile = decode("fakestore-user-1") { try FakeStoreJSON.user(from: $0) }

  private static func decode<T>(_ resource: String, _ decode: (Data) throws -> T) -> T {
    do {
      guard let url = Bundle.module.url(forResource: resource, withExtension: "json") else {
        fatalError("The OnlineStore module is missing its resource \(resource).json.")
      }
      return try decode(try Data(contentsOf: url))
    } catch {
      fatalError("The OnlineStore module's resource \(resource).json does not decode: \(error)")
    }
  }
}
