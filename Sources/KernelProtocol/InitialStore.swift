/// A store to create before the first input (`tcaplay --feature DemoForEach`).
public struct InitialStore: Codable, Equatable, Sendable {
  public var feature: String
  public var preset: String?
  public var isTestStore: Bool

  public init(feature: String, preset: String? = nil, isTestStore: Bool = false) {
    self.feature = feature
    self.preset = preset
    self.isTestStore = isTestStore
  }

  /// The `:load` command that makes this store.
  public var loadCommand: String {
    ":load " + (self.isTestStore ? "--test " : "") + self.feature + (self.preset.map { " " + $0 } ?? "")
  }
}
