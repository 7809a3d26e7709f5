/// The signed-in user, as fakestoreapi.com describes it at `/users/1`.
///
/// The API nests the names (`"name": {"firstname": …, "lastname": …}`); ``APIClient`` flattens
/// them into ``firstName`` and ``lastName``.
public struct UserProfile: Equatable, Hashable, Codable, Sendable {
  public var id: Int
  public var email: String
  public var firstName: String
  public var lastName: String

  public init(id: Int, email: String, firstName: String, lastName: String) {
    self.id = id
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
  }

  /// The empty profile shown before the real one loads.
  public static let `default` = UserProfile(id: 0, email: "", firstName: "", lastName: "")

  /// The user fakestoreapi.com serves at `/users/1` (what the fixture ``APIClient`` answers with).
  public static var fixture: UserProfile {
    FakeStoreFixtures.user
  }
}
