import Foundation
import KernelProtocol
import TCAScript
import TCAScriptSyntax

/// The session tools' commands: time travel, export and import, printing controls.
extension MetaCommand {
  static let sessionTools: [MetaCommand] = [
    .history, .why, .undo, .redo, .jump, .diff, .branches, .switchBranch, .skip, .unskip, .save, .open,
    .testExport, .filter, .pin,
  ]

  /// Runs a session operation, printing its result or its error; with `recording`, a
  /// successful one is recorded in the session's transcript (so that `:save`, `:open` and a
  /// resumed journal travel the same way: time travel decides what later sends build on).
  @MainActor
  static func perform(_ repl: REPL, recording command: String? = nil, _ operation: () throws(ScriptError) -> String) {
    perform(repl, recording: command, styled: { () throws(ScriptError) in StyledText(try operation()) })
  }

  /// The same, for an operation whose result is presented with the kinds of its parts (a time
  /// travel's diff: its removed and added lines).
  @MainActor
  static func perform(_ repl: REPL, recording command: String? = nil, styled operation: () throws(ScriptError) -> StyledText) {
    do {
      repl.print(try operation())
      if let command { repl.session.recordCommand(command) }
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
      perform(repl) { () throws(ScriptError) in HistoryText.text(try repl.session.perform(.history(filter: arguments))) }
      return .continue
    }
  )

  static let undo = MetaCommand(
    name: "undo", summary: "go back one step", help: ":undo               restore the state before the last step (:redo re-applies it)",
    run: { repl, _ in
      perform(repl, recording: ":undo", styled: { () throws(ScriptError) in StyledText(try repl.session.perform(.undo())) })
      return .continue
    }
  )

  static let redo = MetaCommand(
    name: "redo", summary: "re-apply an undone step", help: """
      :undo               take the last step back
      :redo               re-apply the step :undo took back
      """,
    run: { repl, _ in
      perform(repl, recording: ":redo", styled: { () throws(ScriptError) in StyledText(try repl.session.perform(.redo())) })
      return .continue
    }
  )

  static let jump = MetaCommand(
    name: "jump", synopsis: "N", summary: "make step N the current state", help: ":jump N             the state after step N (0 is the start) becomes current",
    run: { repl, arguments in
      let number = Int(arguments.trimmingCharacters(in: .whitespaces))
      perform(repl, recording: number.map { ":jump \($0)" }, styled: { () throws(ScriptError) in
        guard let number else {
          throw ScriptError("expected a step number, as in ':jump 3'", at: nil)
        }
        return StyledText(try repl.session.perform(.jump(number)))
      })
      return .continue
    }
  )

  static let diff = MetaCommand(
    name: "diff", synopsis: "N M | BRANCH [BRANCH]", summary: "how the state changed from step N to step M, or between branches",
    help: """
      :diff N M           the state diff between the states after steps N and M
      :diff BRANCH        from the current state to the last state of a branch (':branches')
      :diff FROM TO       from the last state of branch FROM to that of branch TO
      """,
    run: { repl, arguments in
      perform(repl, styled: { () throws(ScriptError) in
        let words = arguments.split(separator: " ").map(String.init)
        let numbers = words.compactMap { Int($0) }
        if numbers.isEmpty, words.count == 1 || words.count == 2 {
          return StyledText(try repl.session.perform(.diffBranch(words.last!, from: words.count == 2 ? words[0] : nil)))
        }
        guard numbers.count == 2, words.count == 2 else {
          throw ScriptError("expected two step numbers or a branch's name, as in ':diff 2 5' or ':diff main'", at: nil)
        }
        return StyledText(try repl.session.perform(.diff(from: numbers[0], to: numbers[1])))
      })
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
      perform(repl, styled: { () throws(ScriptError) in
        guard let number = Int(arguments.trimmingCharacters(in: .whitespaces)) else {
          throw ScriptError("expected a step number, as in ':skip 3'", at: nil)
        }
        return StyledText(try repl.session.perform(.skip(number)))
      })
      return .continue
    }
  )

  static let unskip = MetaCommand(
    name: "unskip", synopsis: "N", summary: "put a skipped step back", help: ":unskip N           undo ':skip N'",
    run: { repl, arguments in
      perform(repl, styled: { () throws(ScriptError) in
        guard let number = Int(arguments.trimmingCharacters(in: .whitespaces)) else {
          throw ScriptError("expected a step number, as in ':unskip 3'", at: nil)
        }
        return StyledText(try repl.session.perform(.unskip(number)))
      })
      return .continue
    }
  )

  static let save = MetaCommand(
    name: "save", synopsis: "[!] FILE [--branch NAME]", summary: "save the session as a script (replayed by :open)",
    help: """
      :save FILE          write the statements that changed the session, as a runnable script
                          (states are rebuilt by replaying it, time travel included).
                          Refuses to overwrite a file.
      :save ! FILE        overwrite
      :save FILE --branch main
                          …ending on a branch of the current store (':branches'): opening it
                          leaves that timeline current
      """,
    run: { repl, arguments in
      let (overwrite, rest) = parseOverwrite(arguments)
      perform(repl) { () throws(ScriptError) in
        let parsed = try CommandWords.parse(SaveArguments.self, rest, command: "save")
        guard !parsed.path.isEmpty else { throw ScriptError("expected a file name, as in ':save session.tca'", at: nil) }
        return HistoryText.text(try repl.session.save(to: URL(fileURLWithPath: parsed.path), branch: parsed.branch, overwrite: overwrite))
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
    name: "test-export", synopsis: "[!] FILE.swift [REDUCER] [--module NAME] [--branch NAME]", summary: "write a Swift Testing test replaying the session",
    help: """
      :test-export FILE.swift              a Swift Testing test whose TestStore replays the
                                           current store's history, asserting each step's state
                                           change path by path ($0.rows[id: 2]?.isOn = true)
      :test-export FILE.swift Reduce(r, environment: .mock)
                                           …with the reducer written out (a 0.x reducer that
                                           isn't a catalog feature's)
      :test-export ! FILE.swift            overwrite
      :test-export FILE.swift --module MyApp
                                           …importing your feature's module (`@testable import
                                           MyApp`) instead of the name it was loaded under
      :test-export FILE.swift --branch main
                                           …replaying a branch (':branches') instead of the
                                           current timeline
      """,
    run: { repl, arguments in
      let (overwrite, rest) = parseOverwrite(arguments)
      perform(repl) { () throws(ScriptError) in
        let parsed = try CommandWords.parse(TestExportArguments.self, rest, command: "test-export")
        guard !parsed.path.isEmpty else { throw ScriptError("expected a file name, as in ':test-export SessionTests.swift'", at: nil) }
        return HistoryText.text(
          try repl.session.testExport(
            to: URL(fileURLWithPath: parsed.path), module: parsed.module, reducer: parsed.reducer, branch: parsed.branch,
            overwrite: overwrite
          )
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
      perform(repl) { () throws(ScriptError) in HistoryText.text(try repl.session.perform(.filter(ActionFilter.parse(arguments)))) }
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
      perform(repl) { () throws(ScriptError) in HistoryText.text(try repl.session.perform(.pin(PinTarget.parse(arguments)))) }
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
