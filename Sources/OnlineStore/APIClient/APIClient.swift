import ComposableArchitecture

/// The store's API: its products, placing an order, and the user's profile.
///
/// Features reach it through `@Dependency(\.apiClient)`:
///
/// ```swift
/// @Dependency(\.apiClient.fetchProducts) var fetchProducts
/// ```
///
/// Its values:
/// - ``live``: fakestoreapi.com, over the network (the dependency's live value).
/// - ``fixture``: the same store's data, shipped with the module, answered at once (the value in
///   tests and previews, and so in the playground).
/// - ``failing``: every request fails with ``Failure``.
/// - ``slow``: the fixture, two seconds later on the `continuousClock` (the playground's test
///   clock controls it: `store.advance(by: .seconds(2))`).
@DependencyClient
public struct APIClient: Sendable {
  /// Fetches the products the store sells.
  public var fetchProducts: @Sendable () async throws -> [Product]
  /// Places an order for the given items, returning the server's answer.
  public var sendOrder: @Sendable (_ items: [CartItem]) async throws -> String
  /// Fetches the profile of the signed-in user.
  public var fetchUserProfile: @Sendable () async throws -> UserProfile

  /// The error of a request that failed.
  public struct Failure: Error, Equatable, Sendable {
    public init() {}
  }
}

extension APIClient: DependencyKey {
  public static var liveValue: APIClient { .live }
  public static var testValue: APIClient { .fixture }
  public static var previewValue: APIClient { .fixture }
}

extension DependencyValues {
  /// The store's API client.
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
