/// Where a network request stands: not started, loading, done, or failed.
public enum DataLoadingStatus: Equatable, Hashable, Codable, Sendable {
  case notStarted
  case loading
  case success
  case error
}
