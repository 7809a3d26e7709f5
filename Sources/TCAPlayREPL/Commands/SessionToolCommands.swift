import Foundation
import TCAScript

/// The session tools' commands: time travel, export and import, printing controls.
extension MetaCommand {
  static let sessionTools: [MetaCommand] = [
    .history, .why, .undo, .redo, .jump, .diff, .skip, .unskip, .save, .open, .testExport, .filter, .pin,
  ]

  /// Runs a session operation, printing its result or its error.
  @MainActor
  private static func perform(_ repl: REPL, _ operation: () throws(ScriptError) -> String) {
    do {
      repl.print(try operation())
    } catch {
      repl.printError(error.message)
    }
  }

  static let history = MetaCommand(
    name: "history", synopsis: "[FILTER]", summary: "the current store's steps (sent, received, edits)",
    help: """
      :history            every step of the current store: sent and received actions and manual
                          edits, numbered; '*' marks the current step; a received step ends
                          with its cause: '← 3 (effect at Feature/File.swift:42)' is the effect
                          step 3's action returned, made at that line (with its cancel id)
      :history TEXT       only the steps whose action contains TEXT
      """,
    run: { repl, arguments in
      perform(repl) { () throws(ScriptError) in try repl.session.historyListing(filter: arguments) }
      return .continue
    }
  )

  static let undo = MetaCommand(
    name: "undo", summary: "go back one step", help: ":undo               restore the state before the last step (:redo re-applies it)",
    run: { repl, _ in
      perform(repl) { () throws(ScriptError) in try repl.session.undo() }
      return .continue
    }
  )

  static let redo = MetaCommand(
    name: "redo", summary: "re-apply an undone step", help: """
      :undo               take the last step back
      :redo               re-apply the step :undo took back
      """,
    run: { repl, _ in
      perform(repl) { () throws(ScriptError) in try repl.session.redo() }
      return .continue
    }
  )

  static let jump = MetaCommand(
    name: "jump", synopsis: "N", summary: "make step N the current state", help: ":jump N             the state after step N (0 is the start) becomes current",
    run: { repl, arguments in
      perform(repl) { () throws(ScriptError) in
        guard let number = Int(arguments.trimmingCharacters(in: .whitespaces)) else {
          throw ScriptError("expected a step number, as in ':jump 3'", at: nil)
        }
        return try repl.session.jump(to: number)
      }
      return .continue
    }
  )

  static let diff = MetaCommand(
    name: "diff", synopsis: "N M", summary: "how the state changed from step N to step M", help: ":diff N M           the state diff between the states after steps N and M",
    run: { repl, arguments in
      perform(repl) { () throws(ScriptError) in
        let numbers = arguments.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2 else { throw ScriptError("expected two step numbers, as in ':diff 2 5'", at: nil) }
        return try repl.session.diff(from: numbers[0], to: numbers[1])
      }
      return .continue
    }
  )

  static let skip = MetaCommand(
    name: "skip", synopsis: "N", summary: "recompute later states as if step N never happened",
    help: """
      :skip N             take step N out: every later state is recomputed by replaying the
                          recorded actions through the reducer (effects are not re-run), and
                          the change to the current state is shown. :unskip N puts it back.
      """,
    run: { repl, arguments in
      perform(repl) { () throws(ScriptError) in
        guard let number = Int(arguments.trimmingCharacters(in: .whitespaces)) else {
          throw ScriptError("expected a step number, as in ':skip 3'", at: nil)
        }
        return try repl.session.skip(number)
      }
      return .continue
    }
  )

  static let unskip = MetaCommand(
    name: "unskip", synopsis: "N", summary: "put a skipped step back", help: ":unskip N           undo ':skip N'",
    run: { repl, arguments in
      perform(repl) { () throws(ScriptError) in
        guard let number = Int(arguments.trimmingCharacters(in: .whitespaces)) else {
          throw ScriptError("expected a step number, as in ':unskip 3'", at: nil)
        }
        return try repl.session.skip(number, skipped: false)
      }
      return .continue
    }
  )

  static let save = MetaCommand(
    name: "save", synopsis: "[!] FILE", summary: "save the session as a script (replayed by :open)",
    help: """
      :save FILE          write the statements that changed the session, as a runnable script
                          (states are rebuilt by replaying it). Refuses to overwrite a file.
      :save ! FILE        overwrite
      """,
    run: { repl, arguments in
      let (overwrite, path) = parseOverwrite(arguments)
      perform(repl) { () throws(ScriptError) in
        guard !path.isEmpty else { throw ScriptError("expected a file name, as in ':save session.tca'", at: nil) }
        return try repl.session.save(to: URL(fileURLWithPath: path), overwrite: overwrite)
      }
      return .continue
    }
  )

  static let open = MetaCommand(
    name: "open", synopsis: "FILE", summary: "replay a saved session",
    help: """
      :open FILE          replay a script saved with :save (or a journal) in this session; each
                          statement that no longer fits the feature is listed with the reason
      """,
    run: { repl, arguments in
      let path = arguments.trimmingCharacters(in: .whitespaces)
      do {
        guard !path.isEmpty else { throw ScriptError("expected a file name, as in ':open session.tca'", at: nil) }
        repl.show(try await repl.session.open(URL(fileURLWithPath: path)))
      } catch let error as ScriptError {
        repl.printError(error.message)
      } catch {
        repl.printError("\(error)")
      }
      return .continue
    }
  )

  static let testExport = MetaCommand(
    name: "test-export", synopsis: "[!] FILE.swift [REDUCER] [--module NAME]", summary: "write a Swift Testing test replaying the session",
    help: """
      :test-export FILE.swift              a Swift Testing test whose TestStore replays the
                                           current store's history, asserting each step's state
      :test-export FILE.swift Reduce(r, environment: .mock)
                                           …with the reducer written out (needed for 0.x reducers)
      :test-export ! FILE.swift            overwrite
      :test-export FILE.swift --module MyApp
                                           …importing your feature's module (`@testable import
                                           MyApp`) instead of the name it was loaded under
      """,
    run: { repl, arguments in
      let (overwrite, rest) = parseOverwrite(arguments)
      let path = String(rest.prefix { !$0.isWhitespace })
      var reducer = rest.dropFirst(path.count).trimmingCharacters(in: .whitespaces)
      var module: String?
      if let flag = reducer.range(of: "--module") {
        module = reducer[flag.upperBound...].trimmingCharacters(in: .whitespaces)
        reducer = reducer[..<flag.lowerBound].trimmingCharacters(in: .whitespaces)
      }
      perform(repl) { () throws(ScriptError) in
        guard !path.isEmpty else { throw ScriptError("expected a file name, as in ':test-export SessionTests.swift'", at: nil) }
        if module?.isEmpty == true { throw ScriptError("expected a module name after '--module'", at: nil) }
        return try repl.session.testExport(
          to: URL(fileURLWithPath: path), module: module, reducer: reducer.isEmpty ? nil : reducer, overwrite: overwrite
        )
      }
      return .continue
    }
  )

  static let filter = MetaCommand(
    name: "filter", synopsis: "[-\\.case] [+\\.case]", summary: "hide (-) or show only (+) some actions' changes",
    help: """
      :filter -\\.shuffle       don't print the changes of .shuffle actions
      :filter +\\.addItem       print only .addItem actions (repeat to add cases)
      :filter                  print every action again
      """,
    run: { repl, arguments in
      perform(repl) { () throws(ScriptError) in try repl.session.filter(arguments) }
      return .continue
    }
  )

  static let pin = MetaCommand(
    name: "pin", synopsis: "[\\.keyPath]", summary: "diff only part of the state",
    help: """
      :pin \\.stackData    after each action, diff only the current store's state at \\.stackData
      :pin                diff the whole state again
      """,
    run: { repl, arguments in
      perform(repl) { () throws(ScriptError) in try repl.session.pin(arguments) }
      return .continue
    }
  )

  /// `! FILE` → (true, FILE).
  private static func parseOverwrite(_ arguments: String) -> (Bool, String) {
    let trimmed = arguments.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("!") {
      return (true, trimmed.dropFirst().trimmingCharacters(in: .whitespaces))
    }
    return (false, trimmed)
  }
}
