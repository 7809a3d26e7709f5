import ComposableArchitecture
import TCAScriptSyntax

/// Branches: sending after going back in time keeps the old future as a branch; these list,
/// switch to and compare them.
extension HistoryService {
  /// `:branches`: the store's timelines, the current one marked `*`, each with its step count,
  /// where it forked and its last step.
  func branchesListing(store name: String? = nil) throws(ScriptError) -> String {
    let store = try self.historyStore(name)
    let history = store.history
    guard !history.branches.isEmpty else {
      return "One timeline (\(history.branchName)). Go back with ':undo' or ':jump N' and send something else to start a branch."
    }
    var rows = [(mark: "*", name: history.branchName, steps: history.lastNumber, fork: nil as Int?, last: history.steps.last?.label)]
    rows += history.branches.map { branch in
      ("", branch.name, branch.steps.count, branch.forkNumber, branch.steps.last?.label)
    }
    let width = rows.map(\.name.count).max() ?? 0
    return rows.map { row in
      let fork = row.fork.map { ", forked after step \($0)" } ?? " (current)"
      let last = row.last.map { "  last: \($0)" } ?? ""
      return "\(row.mark.isEmpty ? " " : row.mark) \(row.name.padding(toLength: width, withPad: " ", startingAt: 0))  "
        + "\(row.steps) step\(row.steps == 1 ? "" : "s")\(fork)\(last)"
    }.joined(separator: "\n")
  }

  /// `:switch NAME`: makes a branch the store's timeline, at its last step, and shows how the
  /// state changed.
  func switchBranch(to branch: String, store name: String? = nil) throws(ScriptError) -> String {
    let store = try self.historyStore(name)
    guard branch != store.history.branchName else { throw ScriptError("already on '\(branch)'", at: nil) }
    var history = store.history
    guard history.switchBranch(to: branch) else { throw self.unknownBranch(branch, in: store.history) }
    let change = try self.replaceState(of: store, with: history.lastState)
    store.history = history
    return "On branch \(branch), at step \(history.lastNumber).\n\(change)"
  }

  /// `:diff NAME [OTHER]`: how the last state of one timeline differs from another's (by
  /// default from the current state).
  func diff(branch: String, and other: String? = nil, store name: String? = nil) throws(ScriptError) -> String {
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
    return Self.changeText(lhs, to.lastState)
  }

  private func unknownBranch(_ name: String, in history: StoreHistory) -> ScriptError {
    let names = [history.branchName] + history.branches.map(\.name)
    return ScriptError("no branch named '\(name)'\(Diagnostics.didYouMean(name, among: names)); ':branches' lists them", at: nil)
  }
}
