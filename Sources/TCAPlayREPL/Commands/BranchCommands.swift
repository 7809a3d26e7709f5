import KernelProtocol
import TCAScript
import TCAScriptSyntax

/// The commands of a store's branches: the futures kept when you go back in time and send
/// something else.
extension MetaCommand {
  static let branches = MetaCommand(
    name: "branches", summary: "the current store's timelines (kept when you send after :jump or :undo)",
    help: """
      :branches           the current store's timelines: sending after ':jump N' or ':undo' keeps
                          the old future as a branch under the timeline's name and goes on
                          as 'branch-1', … ; '*' marks the current one
      :switch NAME        make a branch the timeline, at its last step
      :diff NAME          from the current state to a branch's last state
      """,
    run: { repl, _ in
      perform(repl) { () throws(ScriptError) in HistoryText.text(try repl.session.perform(.branches())) }
      return .continue
    }
  )

  static let switchBranch = MetaCommand(
    name: "switch", synopsis: "BRANCH", summary: "make a branch the current store's timeline",
    help: ":switch NAME        the branch becomes the timeline, at its last step (':branches' lists them)",
    run: { repl, arguments in
      let name = arguments.trimmingCharacters(in: .whitespaces)
      perform(repl, recording: ":switch \(name)", styled: { () throws(ScriptError) in
        guard !name.isEmpty else { throw ScriptError("expected a branch's name, as in ':switch main'", at: nil) }
        return StyledText(try repl.session.perform(.switchBranch(name)))
      })
      return .continue
    }
  )
}
