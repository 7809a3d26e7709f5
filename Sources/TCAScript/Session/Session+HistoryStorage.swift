import ScriptEvaluation
import SessionHistory

extension Session {
  /// How the history of a store (the current one when `storeName` is `nil`) is kept
  /// (``HistoryStorage``).
  public func historyStorage(ofStore storeName: String? = nil) -> HistoryStorage? {
    self.environment.store(named: storeName).map { self.history.storage(of: $0) }
  }
}
