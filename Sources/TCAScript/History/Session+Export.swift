import Foundation
import TextFiles

/// Saving a session as a script and opening one: the Elm way of sharing a debugging session,
/// as the statements that drove it (states are rebuilt by replaying them).
extension Session {
  /// The statements that changed the session so far, in order: a runnable script.
  public var transcript: [String] { self.mutatingStatements }

  /// Records a front end's command that changed the session (the REPL's `:load`), so that it
  /// is journaled and saved like a statement. Replaying it needs ``commandHandler``.
  public func recordCommand(_ text: String) {
    self.mutatingStatements.append(text)
    self.journal?.append(text)
  }

  /// `:save FILE`: writes the session's statements as a script. Refuses to overwrite an existing
  /// file unless `overwrite` is set.
  public func save(to url: URL, overwrite: Bool = false) throws(ScriptError) -> String {
    if FileManager.default.fileExists(atPath: url.path), !overwrite {
      throw ScriptError("\(url.path) exists; add '!' (:save! FILE) to overwrite it", at: nil)
    }
    let text = (["// tcaplay session, \(self.mutatingStatements.count) statements"] + self.mutatingStatements)
      .joined(separator: "\n") + "\n"
    do { try Data(text.utf8).write(to: url) } catch {
      throw ScriptError("can't write \(url.path): \(error.localizedDescription)", at: nil)
    }
    return "Saved \(self.mutatingStatements.count) statements to \(url.path)."
  }

  /// `:open FILE` (and resuming a journal): runs a saved script in this session, statement by
  /// statement. A statement that no longer fits the feature's types is listed with the reason;
  /// the rest still run.
  public func open(_ url: URL) async throws(ScriptError) -> [Output] {
    let text: String
    do { text = try TextFile.read(url) } catch { throw ScriptError(error.description, at: nil) }
    var outputs: [Output] = []
    var problems: [String] = []
    var count = 0
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let source = String(line)
      let trimmed = source.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("//") else { continue }
      count += 1
      if trimmed.hasPrefix(":") {
        guard let commandHandler = self.commandHandler else {
          problems.append("\(url.lastPathComponent):\(offset + 1): error: '\(trimmed)' is a REPL command; open the file in tcaplay")
          continue
        }
        if await commandHandler(trimmed) == false {
          problems.append("\(url.lastPathComponent):\(offset + 1): error: '\(trimmed)' failed")
        }
        continue
      }
      let lineOutputs = await self.run(source, origin: url.lastPathComponent, firstLine: offset + 1)
      for output in lineOutputs where output.kind == .error {
        problems.append(output.text.split(separator: "\n").first.map(String.init) ?? output.text)
      }
      outputs += lineOutputs.filter { $0.kind != .error }
    }
    let summary = problems.isEmpty
      ? "Replayed \(count) statements from \(url.lastPathComponent)."
      : "Replayed \(count - problems.count) of \(count) statements from \(url.lastPathComponent); these no longer apply:\n"
        + problems.map { "  " + $0 }.joined(separator: "\n")
    outputs.append(Output(problems.isEmpty ? .info : .error, summary))
    return outputs
  }

  /// Replays a journal to rebuild a session that ended abruptly.
  public func resume(from url: URL) async throws(ScriptError) -> [Output] {
    try await self.open(url)
  }
}
