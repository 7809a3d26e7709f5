import Foundation
import Testing
import TestSupport

/// Every `tcaplay` command the README and docs/ show runs as shown: shell lines (`swift run
/// tcaplay …`, `tcaplay …`, `echo '…' | tcaplay …`) exit with 0, a README transcript prints what
/// it shows, and the REPL lines of a block (`tca> …`, `:load …`) run without an error.
///
/// The commands run in a folder holding the files the docs name (`Checkout.swift`,
/// `Sources/MyApp/`, `lesson.tca`, `script.tca`, copies of `notebooks/` and `examples/`), so nothing in the
/// repository changes. Builds (`swift build`) are the one kind of line not run.
@Suite(.ownThreads) struct DocumentedCommandsTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// One thing the docs show, with where it is shown.
  struct Shown: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
      /// A shell line: the arguments after `tcaplay`, and what is piped into it.
      case shell(arguments: [String], input: String)
      /// REPL input lines, typed in order into one session.
      case repl([String])
    }
    var kind: Kind
    var file: String
    var line: Int
    /// The lines the docs show as the output, when they show it exactly.
    var expectedOutput: String?
    var description: String { "\(self.file):\(self.line)" }
  }

  static func documents() throws -> [URL] {
    let docs = Self.repository.appendingPathComponent("docs")
    let files = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }.sorted()
      .map { docs.appendingPathComponent($0) }
    return [Self.repository.appendingPathComponent("README.md")] + files
  }

  /// The commands of every fenced block in `document`.
  static func shown(in document: URL) throws -> [Shown] {
    let name = document.lastPathComponent
    let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
    var result: [Shown] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```") else {
        index += 1
        continue
      }
      var block: [(number: Int, text: String)] = []
      index += 1
      while index < lines.count, !lines[index].hasPrefix("```") {
        block.append((index + 1, lines[index]))
        index += 1
      }
      index += 1
      result += Self.commands(inBlock: block, file: name)
    }
    return result
  }

  static func commands(inBlock block: [(number: Int, text: String)], file: String) -> [Shown] {
    var result: [Shown] = []
    var replLines: [String] = []
    var replStart = 0
    for (offset, (number, text)) in block.enumerated() {
      var line = text
      let isTranscript = line.hasPrefix("$ ")
      if isTranscript { line.removeFirst(2) }
      if line.hasPrefix("tca> ") || line.hasPrefix(":") {
        if line.hasPrefix("tca> ") { line.removeFirst(5) }
        let input = Self.withoutCommentary(line)
        // A line that shows a keystroke (⇥), elides part of itself (…) or names a placeholder
        // (`:jump N`, `:save FILE`) shows a form, not an example.
        if input.contains("⇥") || input.contains("…") || Self.hasPlaceholder(input) { continue }
        if replLines.isEmpty { replStart = number }
        replLines.append(input)
        continue
      }
      guard let shell = Self.shellCommand(line) else { continue }
      var expected: String?
      if isTranscript {
        let rest = block[(offset + 1)...].prefix { !$0.text.hasPrefix("$ ") }.map(\.text)
        if !rest.isEmpty { expected = rest.joined(separator: "\n") + "\n" }
      }
      result.append(Shown(kind: shell, file: file, line: number, expectedOutput: expected))
    }
    if !replLines.isEmpty {
      // commands.md explains one command per block, for a session that already has a store.
      let context = file == "commands.md" ? Self.commandReferenceContext : []
      result.append(Shown(kind: .repl(context + replLines), file: file, line: replStart))
    }
    return result
  }

  /// What a session has done before a block of commands.md runs: a feature file loaded (for
  /// `:reload`), then a lesson feature's store with a step (for `:state stackData[id: 1]`,
  /// `:undo`).
  static let commandReferenceContext = [":load Counter.swift", ":load DemoForEach", "store.send(.addItem)"]

  /// A line's input without the explanation the docs set beside it (after two or more spaces).
  static func withoutCommentary(_ line: String) -> String {
    if let range = line.range(of: #"\s{2,}\S.*$"#, options: .regularExpression) {
      return String(line[..<range.lowerBound])
    }
    return line.trimmingCharacters(in: .whitespaces)
  }

  /// Whether `input` has a word in capitals standing for what a person fills in (`N`, `FILE`,
  /// `FILE.swift`, `TOPIC`).
  static func hasPlaceholder(_ input: String) -> Bool {
    input.split(separator: " ").contains { word in
      word.range(of: #"^\[?[A-Z]+(\.swift)?\]?$"#, options: .regularExpression) != nil
    }
  }

  /// `swift run tcaplay ARGS`, `tcaplay ARGS`, `.build/debug/tcaplay ARGS`, optionally after
  /// `echo '…' |` or `printf '…' |`; `nil` for anything else.
  static func shellCommand(_ line: String) -> Shown.Kind? {
    var command = Self.withoutCommentary(line)
    if let comment = command.range(of: #"\s+#\s.*$"#, options: .regularExpression) {
      command = String(command[..<comment.lowerBound])
    }
    var input = ""
    if let pipe = command.range(of: " | ") {
      let producer = String(command[..<pipe.lowerBound])
      guard let text = Self.quoted(producer) else { return nil }
      input = producer.hasPrefix("printf")
        ? text.replacingOccurrences(of: #"\n"#, with: "\n") : text + "\n"
      command = String(command[pipe.upperBound...])
    }
    command = command.trimmingCharacters(in: .whitespaces)
    for launcher in ["swift run tcaplay", ".build/debug/tcaplay", "tcaplay"] {
      if command == launcher || command.hasPrefix(launcher + " ") {
        let arguments = command.dropFirst(launcher.count).split(separator: " ").map(String.init)
          .filter { $0 != "…" }
        return .shell(arguments: arguments, input: input)
      }
    }
    return nil
  }

  /// The text between the first pair of single quotes in `text`.
  static func quoted(_ text: String) -> String? {
    let parts = text.split(separator: "'", omittingEmptySubsequences: false)
    return parts.count >= 3 ? String(parts[1]) : nil
  }

  static var allShown: [Shown] {
    get throws { try Self.documents().flatMap { try Self.shown(in: $0) } }
  }

  @Test func theDocsShowTheCommandsThisTestRuns() throws {
    let shown = try Self.allShown
    let files = Set(shown.map(\.file))
    // The pages that show commands: if one stops being found, the scan is wrong, not the docs.
    for page in ["README.md", "repl.md", "notebooks.md", "your-own-features.md"] {
      #expect(files.contains(page), "no command found in \(page)")
    }
    #expect(shown.contains { $0.expectedOutput != nil }, "the README's transcript")
  }

  @Test(.enabled(if: compilerIsAvailable), .timeLimit(.minutes(30)))
  func everyDocumentedCommandRunsAsShown() async throws {
    let shown = try Self.allShown
    let folder = try DocumentationFolder()
    defer { folder.remove() }
    // Several at a time, on threads of their own (each `--load` compiles first): waiting must
    // not hold Swift concurrency's threads.
    let results = try await offPoolConcurrently(shown.count) { try Self.run(shown[$0], in: folder) }
    for (item, result) in zip(shown, results) {
      switch result {
      case let .failure(error):
        Issue.record("\(item): \(error)")
      case let .success(run):
        let transcript = run.output + run.error
        #expect(run.status == 0, "\(item) exited with \(run.status):\n\(transcript)")
        if case .repl = item.kind {
          #expect(!transcript.contains("error:"), "\(item):\n\(transcript)")
        }
        if let expected = item.expectedOutput {
          #expect(run.output == expected, "\(item)")
        }
      }
    }
  }

  static func run(_ item: Shown, in folder: DocumentationFolder) throws -> Binary.Result {
    switch item.kind {
    case let .shell(arguments, input):
      return try Binary.runBlocking(arguments, inputBytes: Array(input.utf8), directory: folder.path, lowPriority: true)
    case let .repl(lines):
      let input = lines.joined(separator: "\n") + "\n"
      return try Binary.runBlocking([], inputBytes: Array(input.utf8), directory: folder.path, lowPriority: true)
    }
  }
}
