/// What a user can change on the settings screen.
public struct Preferences: Equatable, Sendable {
  public enum Theme: String, CaseIterable, Equatable, Sendable {
    case system, light, dark
  }

  public var theme: Theme
  public var sendsNotifications: Bool

  public init(theme: Theme = .system, sendsNotifications: Bool = true) {
    self.theme = theme
    self.sendsNotifications = sendsNotifications
  }
}
