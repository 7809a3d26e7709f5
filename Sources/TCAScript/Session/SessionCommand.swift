import ScriptEvaluation
import SessionHistory
import TCAScriptSyntax

/// A command of the session's tools, with its arguments typed: the REPL's `:undo`, `:jump 3`,
/// `:diff 2 5`, `:history TEXT`, `:filter -\.tick`, `:pin \.cart`… parse into these (with
/// ``ActionFilter/parse(_:)`` and ``PinTarget/parse(_:)``), and ``Session/perform(_:)`` runs them.
public enum SessionCommand: Equatable, Sendable {
  /// `:history [TEXT]`: the steps of a store (the current one when `store` is `nil`), only
  /// those whose action contains `filter` when it is given.
  case history(filter: String? = nil, store: String? = nil)
  /// `:undo`: back one step.
  case undo(store: String? = nil)
  /// `:redo`: an undone step re-applied.
  case redo(store: String? = nil)
  /// `:jump N`: the state after step N (0 is the start) made current.
  case jump(Int, store: String? = nil)
  /// `:diff N M`: how the state changed from step N to step M.
  case diff(from: Int, to: Int, store: String? = nil)
  /// `:diff BRANCH [OTHER]`: from the current state (or `other`'s last) to a branch's last.
  case diffBranch(String, from: String? = nil, store: String? = nil)
  /// `:skip N`: every later state recomputed as if step N never happened.
  case skip(Int, store: String? = nil)
  /// `:unskip N`: a skipped step put back.
  case unskip(Int, store: String? = nil)
  /// `:branches`: a store's timelines.
  case branches(store: String? = nil)
  /// `:switch NAME`: a branch made the store's timeline, at its last step.
  case switchBranch(String, store: String? = nil)
  /// `:filter`: which actions' changes print.
  case filter(ActionFilter)
  /// `:pin`: which part of the current store's state is diffed after each action.
  case pin(PinTarget)
}

/// What a ``SessionCommand`` did, as data: the presenters (``HistoryText``, the REPL's styled text)
/// make its words.
public enum SessionCommandResult: Equatable, Sendable {
  /// Where a time travel took the store, and how its state changed.
  case travel(TimeTravel)
  /// How the state differs between two steps or timelines.
  case diff(StateChange)
  /// A store's steps.
  case history(HistoryListing)
  /// A store's timelines.
  case branches(BranchListing)
  /// The printing controls now in force.
  case printing(PrintingSetting)
}

extension Session {
  /// A command of the session's tools, its arguments typed.
  public typealias Command = SessionCommand
  /// What a command did.
  public typealias CommandResult = SessionCommandResult

  /// Runs a command: on a store's history (``HistoryService``), or on what is printed
  /// (``PrintingControls``).
  public func perform(_ command: Command) throws(ScriptError) -> CommandResult {
    let history = self.history
    switch command {
    case let .history(filter, store): return .history(try history.historyListing(filter: filter, store: store))
    case let .undo(store): return .travel(try history.undo(store: store))
    case let .redo(store): return .travel(try history.redo(store: store))
    case let .jump(number, store): return .travel(try history.jump(to: number, store: store))
    case let .diff(from, to, store): return .diff(try history.diff(from: from, to: to, store: store))
    case let .diffBranch(branch, other, store): return .diff(try history.diff(branch: branch, and: other, store: store))
    case let .skip(number, store): return .travel(try history.skip(number, skipped: true, store: store))
    case let .unskip(number, store): return .travel(try history.skip(number, skipped: false, store: store))
    case let .branches(store): return .branches(try history.branchesListing(store: store))
    case let .switchBranch(branch, store): return .travel(try history.switchBranch(to: branch, store: store))
    case let .filter(filter): return .printing(try PrintingControls(printer: self.printer, evaluator: self.evaluator).filter(filter))
    case let .pin(target): return .printing(try PrintingControls(printer: self.printer, evaluator: self.evaluator).pin(target))
    }
  }
}
