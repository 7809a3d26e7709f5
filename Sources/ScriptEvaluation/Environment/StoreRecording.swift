/// What evaluation tells the session's history (SessionHistory's `HistoryService`): a store was
/// made, its state was edited by hand, a `send` is under way.
@MainActor
package protocol StoreHistoryRecording: AnyObject {
  /// What the stores' recording hooks share with the history, among them whether a `send` is
  /// being processed (set around each send, by ``StoreVerbs``).
  var hooks: HistoryHooks { get }
  /// Starts recording the history of a store just made (puts its recorder in
  /// ``StoreHandle/recorder``).
  func attachHistory(to store: StoreHandle)
  /// Records a manual edit of a store's state (`store.state.count = 3`), shown as `text`.
  func recordEdit(_ text: String, on store: StoreHandle)
}

/// What the stores' history hooks share with the session's history, held by the hooks in its
/// place: the history holds the stores, so the hooks can't hold it.
@MainActor
package final class HistoryHooks {
  /// Whether a `send` command is being processed.
  package var isSending = false
  /// Prints a note after the failure just reported.
  package var note: ((String) -> Void)?

  package init() {}
}

/// What a store's recording hook and the `send`s to the store share: whether the action of the
/// `send` under way is recorded yet (later ones in the same send came from effects).
@MainActor
package final class StoreRecorder {
  package var sentActionRecorded = false

  package init() {}
}
