/// Someone signed in to the app.
public struct User: Equatable, Identifiable, Sendable {
  public var id: Int
  public var name: String

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}
