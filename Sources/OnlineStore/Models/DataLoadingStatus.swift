/// Where a network request stands: not started, loading, done, or failed.
public enum DataLoadingStatus: Equatable, Hashable, Sendable {
  case notStarted
  case loading
  case success
  case error
}
