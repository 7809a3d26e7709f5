import ScriptEvaluation

/// Where a store's history keeps states: how many steps it holds, and which of them keep their
/// state (the others are recomputed by replaying actions), for tools that measure it
/// (`tcaplay-bench`'s history report).
public struct HistoryStorage: Equatable, Sendable {
  /// The steps of the current timeline.
  public var stepCount: Int
  /// The numbers (as `:history` lists them) of the steps kept as checkpoints, by replay time.
  public var checkpoints: [Int]
  /// The numbers of the steps kept because they can't be replayed (edits, and actions whose
  /// replay gives another state).
  public var pinned: [Int]
  /// The steps recorded on every timeline, shared steps counted once.
  public var recordedCount: Int
  /// The most reducer time that recomputing a step's state may replay.
  public var replayBudget: Duration
}

extension HistoryService {
  /// How the history of a store is kept.
  package func storage(of store: StoreHandle) -> HistoryStorage {
    let history = store.history
    var checkpoints: [Int] = []
    var pinned: [Int] = []
    for index in history.steps.indices {
      switch history.steps[index].retention {
      case .checkpoint: checkpoints.append(index + 1)
      case .pinned: pinned.append(index + 1)
      case .replayed, .unverified: break
      }
    }
    return HistoryStorage(
      stepCount: history.steps.count, checkpoints: checkpoints, pinned: pinned,
      recordedCount: history.recordedCount, replayBudget: history.replayBudget
    )
  }
}
