import Foundation
import ScriptEvaluation
import SessionHistory

/// The words of the session's commands, made from their typed results (``Session/CommandResult``):
/// what the REPL prints for `:history`, `:undo`, `:jump`, `:skip`, `:switch`, `:diff`, `:branches`,
/// `:filter` and `:pin`, and for what `:load`, `:save` and `:test-export` did (time travels and diffs in colour at a terminal, from the same parts), and
/// what scripts and notebooks print (plain).
public enum HistoryText {
  /// What a diff says when the state stayed as it was.
  public static let noStateChanges = "  (No state changes)"

  /// The line above a time travel's diff: `At step 3 of 5.`
  public static func headline(of move: TimeTravel.Move) -> String {
    switch move {
    case let .step(number, of: last): "At step \(number) of \(last)."
    case let .skip(number, isSkipped): "\(isSkipped ? "Skipped" : "Restored") step \(number); the current state changes:"
    case let .branch(name, step): "On branch \(name), at step \(step)."
    }
  }

  /// What `:load` says: `Loaded Counter as `store` (Counter.State).`
  public static func text(_ loaded: LoadedStore) -> String {
    "Loaded \(loaded.featureName) as `\(loaded.storeName)` (\(loaded.stateTypeName))."
  }

  /// What `:save` says: `Saved 4 statements to session.tca.`
  public static func text(_ saved: SavedScript) -> String {
    "Saved \(saved.statementCount) statements to \(saved.path)."
  }

  /// What `:test-export` says: `Wrote a test replaying 3 steps to SessionTests.swift.`
  public static func text(_ exported: ExportedTest) -> String {
    "Wrote a test replaying \(exported.stepCount) steps\(exported.branch.map { " of branch \($0)" } ?? "") to \(exported.path)."
  }

  /// A time travel: its headline, then its diff.
  public static func text(_ travel: TimeTravel) -> String {
    Self.headline(of: travel.move) + "\n" + Self.text(travel.change)
  }

  /// A change of state: the diff's text, or ``noStateChanges``.
  public static func text(_ change: StateChange) -> String {
    change.diff?.text ?? Self.noStateChanges
  }
}

extension HistoryText {
  /// `:history`: a line per row, numbered, `*` at the current step; a received step ends with
  /// its cause (`← 2 (effect at Feature.swift:12)`).
  public static func text(_ listing: HistoryListing) -> String {
    let width = "\(listing.lastNumber)".count
    return listing.rows.map { row in
      let marker = row.isCurrent ? "*" : " "
      let number = String(repeating: " ", count: max(0, width - "\(row.number)".count)) + "\(row.number)"
      guard row.kind != .start else { return "\(marker) \(number)  start  \(row.label)" }
      let skipped = row.isSkipped ? "  (skipped)" : ""
      let undone = row.isUndone ? "  (undone)" : ""
      let cause = row.cause.map { "  ← \($0.returnedBy.map(String.init) ?? "?") (\($0.effect))" } ?? ""
      return "\(marker) \(number)  \(row.kind.rawValue)   \(row.label)\(skipped)\(undone)\(cause)"
    }.joined(separator: "\n")
  }

  /// `:branches`: a line per timeline, `*` at the current one, or a line saying there is one.
  public static func text(_ listing: BranchListing) -> String {
    guard listing.rows.count > 1 else {
      let name = listing.rows.first?.name ?? "main"
      return "One timeline (\(name)). Go back with ':undo' or ':jump N' and send something else to start a branch."
    }
    let width = listing.rows.map(\.name.count).max() ?? 0
    return listing.rows.map { row in
      let fork = row.forkNumber.map { ", forked after step \($0)" } ?? " (current)"
      let last = row.lastLabel.map { "  last: \($0)" } ?? ""
      return "\(row.isCurrent ? "*" : " ") \(row.name.padding(toLength: width, withPad: " ", startingAt: 0))  "
        + "\(row.stepCount) step\(row.stepCount == 1 ? "" : "s")\(fork)\(last)"
    }.joined(separator: "\n")
  }
}

extension HistoryText {
  /// What a history command did, in words.
  public static func text(_ result: Session.CommandResult) -> String {
    switch result {
    case let .travel(travel): Self.text(travel)
    case let .diff(change): Self.text(change)
    case let .history(listing): Self.text(listing)
    case let .branches(listing): Self.text(listing)
    case let .printing(setting): Self.text(setting)
    }
  }
}

extension HistoryText {
  /// The printing controls in force, as `:filter` and `:pin` say them.
  public static func text(_ setting: PrintingSetting) -> String {
    switch setting {
    case let .filter(shown, hidden):
      guard !shown.isEmpty || !hidden.isEmpty else { return "Printing every action." }
      var parts: [String] = []
      if !shown.isEmpty { parts.append("showing only " + shown.map { "\\.\($0)" }.joined(separator: ", ")) }
      if !hidden.isEmpty { parts.append("hiding " + hidden.map { "\\.\($0)" }.joined(separator: ", ")) }
      return "Printing: " + parts.joined(separator: "; ") + "."
    case let .pin(path?, store):
      return "Diffing only \(path) of \(store ?? "the current store")'s state."
    case .pin(nil, _):
      return "Diffing the whole state."
    }
  }
}
