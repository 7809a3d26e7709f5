import Foundation
import ScriptEvaluation
import TCAScriptSyntax
import TextFiles

/// The statements that changed a session, in order (a runnable script): journaled as they are
/// recorded, saved with `:save`, and replayed from a file with `:open` or to resume a journal.
/// The Elm way of sharing a debugging session: states are rebuilt by replaying the statements.
@MainActor
package final class Transcript {
  package private(set) var statements: [String] = []
  /// Where statements are journaled as they are recorded, if anywhere.
  package var journal: Journal?

  package init() {}

  /// Forgets the statements recorded so far (``Session/reset()``).
  package func forgetStatements() {
    self.statements = []
  }

  /// Records a statement (or a front end's command) that changed the session, and journals it.
  package func record(_ text: String) {
    self.statements.append(text)
    self.journal?.append(text)
  }

  /// `:save FILE`: writes the session's statements as a script. Refuses to overwrite an existing
  /// file unless `overwrite` is set.
  package func save(to url: URL, appending ending: [String] = [], overwrite: Bool = false) throws(ScriptError) -> SavedScript {
    if FileManager.default.fileExists(atPath: url.path), !overwrite {
      throw ScriptError("\(url.path) exists; add '!' (:save! FILE) to overwrite it", at: nil)
    }
    let statements = self.statements + ending
    let text = (["// tcaplay session, \(statements.count) statements"] + statements)
      .joined(separator: "\n") + "\n"
    do { try Data(text.utf8).write(to: url) } catch {
      throw ScriptError("can't write \(url.path): \(error.localizedDescription)", at: nil)
    }
    return SavedScript(statementCount: statements.count, path: url.path)
  }

  /// `:open FILE` (and resuming a journal): runs a saved script in this session, statement by
  /// statement. A statement that no longer fits the feature's types is listed with the reason;
  /// the rest still run.
  package func open(
    _ url: URL, commandHandler: ((String) async -> Bool)?,
    run: (_ source: String, _ origin: String, _ firstLine: Int) async -> [SessionOutput]
  ) async throws(ScriptError) -> [SessionOutput] {
    let text: String
    do { text = try TextFile.read(url) } catch { throw ScriptError(error.description, at: nil) }
    var outputs: [SessionOutput] = []
    var problems: [String] = []
    var count = 0
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let source = String(line)
      let trimmed = source.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("//") else { continue }
      count += 1
      if trimmed.hasPrefix(":") {
        guard let commandHandler else {
          problems.append("\(url.lastPathComponent):\(offset + 1): error: '\(trimmed)' is a REPL command; open the file in tcaplay")
          continue
        }
        if await commandHandler(trimmed) == false {
          problems.append("\(url.lastPathComponent):\(offset + 1): error: '\(trimmed)' failed")
        }
        continue
      }
      let lineOutputs = await run(source, url.lastPathComponent, offset + 1)
      for output in lineOutputs where output.kind == .error {
        problems.append(output.text.split(separator: "\n").first.map(String.init) ?? output.text)
      }
      outputs += lineOutputs.filter { $0.kind != .error }
    }
    let summary = problems.isEmpty
      ? "Replayed \(count) statements from \(url.lastPathComponent)."
      : "Replayed \(count - problems.count) of \(count) statements from \(url.lastPathComponent); these no longer apply:\n"
        + problems.map { "  " + $0 }.joined(separator: "\n")
    outputs.append(SessionOutput(problems.isEmpty ? .info : .error, summary))
    return outputs
  }
}

/// What `:save` wrote: how many statements, and where (``HistoryText`` makes its words).
public struct SavedScript: Equatable, Sendable {
  public var statementCount: Int
  public var path: String
}
