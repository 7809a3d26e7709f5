import ComposableArchitecture

/// Fetches a trivia fact about a number.
///
/// - ``live``: numbersapi.com, over the network (the dependency's live value).
/// - ``fixture``: a fact made up on the spot, at once (the value in tests and previews, and so in
///   the playground).
/// - ``failing``: every request fails with ``Failure``.
@DependencyClient
public struct FactClient: Sendable {
  /// Fetches a fact about the number.
  public var fetch: @Sendable (_ number: Int) async throws -> String

  /// The error of a request that failed.
  public struct Failure: Error, Equatable, Sendable {
    public init() {}
  }
}

extension FactClient {
  /// A fact made up from the number: "42 is a good number."
  public static let fixture = FactClient(fetch: { "\($0) is a good number." })

  /// Every request fails with ``Failure``.
  public static let failing = FactClient(fetch: { _ in throw Failure() })
}

extension FactClient: DependencyKey {
  public static var liveValue: FactClient { .live }
  public static var testValue: FactClient { .fixture }
  public static var previewValue: FactClient { .fixture }
}

extension DependencyValues {
  /// The fact client.
  public var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}
