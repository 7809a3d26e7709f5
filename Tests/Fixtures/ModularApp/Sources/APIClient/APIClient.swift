import ComposableArchitecture
import SharedModels

/// Talks to the app's server.
@DependencyClient
public struct APIClient: Sendable {
  public var logIn: @Sendable (_ name: String, _ password: String) async throws -> User
  public var savePreferences: @Sendable (_ preferences: Preferences) async throws -> Void

  /// What the server answers when it refuses a request.
  public struct Failure: Error, Equatable, Sendable {
    public var reason: String

    public init(reason: String = "The server refused the request.") {
      self.reason = reason
    }
  }
}

extension APIClient: TestDependencyKey {
  public static let testValue = Self()

  public static let previewValue = Self(
    logIn: { name, password in
      guard !password.isEmpty else { throw Failure(reason: "Enter a password.") }
      return User(id: 42, name: name)
    },
    savePreferences: { _ in }
  )
}

extension DependencyValues {
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
