import ComposableArchitecture
import ScriptEvaluation
import TCAScriptSyntax

/// Branches: sending after going back in time keeps the old future as a branch; these list,
/// switch to and compare them.
extension HistoryService {
  /// `:branches`: the store's timelines, the current one first, each with its step count,
  /// where it forked and its last step.
  package func branchesListing(store name: String? = nil) throws(ScriptError) -> BranchListing {
    let history = try self.historyStore(name).history
    let current = BranchListing.Row(
      name: history.branchName, isCurrent: true, stepCount: history.lastNumber, forkNumber: nil,
      lastLabel: history.steps.last?.label
    )
    return BranchListing(
      rows: [current] + history.branches.map { branch in
        BranchListing.Row(
          name: branch.name, isCurrent: false, stepCount: branch.steps.count, forkNumber: branch.forkNumber,
          lastLabel: branch.steps.last?.label
        )
      }
    )
  }

  /// `:switch NAME`: makes a branch the store's timeline, at its last step, and shows how the
  /// state changed.
  package func switchBranch(to branch: String, store name: String? = nil) throws(ScriptError) -> TimeTravel {
    let store = try self.historyStore(name)
    guard branch != store.history.branchName else { throw ScriptError("already on '\(branch)'", at: nil) }
    var history = store.history
    guard history.switchBranch(to: branch) else { throw self.unknownBranch(branch, in: store.history) }
    let change = try self.replaceState(of: store, with: history.lastState)
    store.history = history
    return TimeTravel(.branch(branch, step: history.lastNumber), change: change)
  }

  /// `:diff NAME [OTHER]`: how the last state of one timeline differs from another's (by
  /// default from the current state).
  package func diff(branch: String, and other: String? = nil, store name: String? = nil) throws(ScriptError) -> StateChange {
    let store = try self.historyStore(name)
    let history = store.history
    let lhs: Any
    if let other {
      guard let from = history.onBranch(other) else { throw self.unknownBranch(other, in: history) }
      lhs = from.lastState
    } else {
      lhs = store.driver.state
    }
    guard let to = history.onBranch(branch) else { throw self.unknownBranch(branch, in: history) }
    return StateChange(from: lhs, to: to.lastState)
  }

  private func unknownBranch(_ name: String, in history: StoreHistory) -> ScriptError {
    let names = [history.branchName] + history.branches.map(\.name)
    return ScriptError("no branch named '\(name)'\(Diagnostics.didYouMean(name, among: names)); ':branches' lists them", at: nil)
  }
}
