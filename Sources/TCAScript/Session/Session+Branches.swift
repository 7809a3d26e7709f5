import Foundation
import TCAScriptSyntax

extension Session {
  /// `:branches`: the current store's timelines (the old futures kept when a send follows
  /// `:jump` or `:undo`).
  public func branchesListing(store name: String? = nil) throws(ScriptError) -> String {
    try self.history.branchesListing(store: name)
  }

  /// `:switch NAME`: makes a branch the store's timeline, at its last step.
  public func switchBranch(to branch: String, store name: String? = nil) throws(ScriptError) -> String {
    try self.history.switchBranch(to: branch, store: name)
  }

  /// `:diff NAME [OTHER]`: from the current state (or `other`'s last) to a branch's last state.
  public func diff(branch: String, and other: String? = nil, store name: String? = nil) throws(ScriptError) -> String {
    try self.history.diff(branch: branch, and: other, store: name)
  }
}
