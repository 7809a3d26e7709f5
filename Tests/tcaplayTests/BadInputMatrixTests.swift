import Foundation
import Testing
import TestSupport

/// The bad-input matrix on the real `tcaplay`: each bad input, piped and typed at a terminal,
/// gets its one-line error (with the source line and a caret under it where there is one), and
/// the session goes on with its state intact.
@Suite(.serialized) struct BadInputMatrixTests {
  /// One bad input: what is piped or typed (a line, without its newline) and the error's line.
  struct BadInput: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    /// The error's first line, exactly (or its start, for `prefixOnly`).
    var error: String
    var prefixOnly = false
    /// At a terminal, where readline changes what arrives (it drops NULs), a different error.
    var terminalError: String?

    var testDescription: String { self.name }

    init(_ name: String, _ text: String, _ error: String, prefixOnly: Bool = false) {
      self.init(name, bytes: Array(text.utf8), error, prefixOnly: prefixOnly)
    }

    init(_ name: String, bytes: [UInt8], _ error: String, prefixOnly: Bool = false, terminalError: String? = nil) {
      self.name = name
      self.bytes = bytes
      self.error = error
      self.prefixOnly = prefixOnly
      self.terminalError = terminalError
    }
  }

  /// Files the matrix reads: a folder and a binary file where scripts are expected.
  static let fixtures: (folder: String, binary: String) = {
    let folder = TestScratch.directory.appendingPathComponent("matrix")
    let sessions = folder.appendingPathComponent("sessions.tca")
    try? FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
    let binary = folder.appendingPathComponent("photo.tca")
    _ = FileManager.default.createFile(atPath: binary.path, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    return (sessions.path, binary.path)
  }()

  static let inputs: [BadInput] = [
    BadInput("a syntax error", "store.send(.addItem))", "1:21: error: unexpected ')'; expected end of statement"),
    BadInput("an unknown feature", ":load DemoForEch", "error: no feature named 'DemoForEch' in the catalog; did you mean 'DemoForEach'?"),
    BadInput("an unknown command", ":lod DemoForEach", "error: unknown command ':lod'; did you mean ':load'?"),
    BadInput("an unknown case", "store.send(.addItm)", "1:13: error: 'addItm' is not a case of DemoForEachAction; did you mean 'addItem'?"),
    BadInput("an unknown field", "store.state.lastID", "1:12: error: value of type DemoForEachState has no member 'lastID'; did you mean 'lastId'?"),
    BadInput(
      "a wrong payload type", "store.send(.child(id: \"one\", action: .toggle))",
      "1:23: error: cannot convert string literal to expected type Int"
    ),
    BadInput("a wrong key path", "store.withState(\\.nope)", "1:19: error: value of type DemoForEachState has no member 'nope'"),
    BadInput(
      "a wrong key path in a command", ":state stackData.nope",
      ":state: error: value of type IdentifiedArray<Int, DemoItemState> has no member 'nope'"
    ),
    BadInput("a missing file", ":open /nonexistent/session.tca", "error: can't read /nonexistent/session.tca: no such file"),
    BadInput("a folder for a file", ":open \(fixtures.folder)", "error: can't read \(fixtures.folder): it is a directory"),
    BadInput(
      "a binary file", ":open \(fixtures.binary)",
      "error: can't read \(fixtures.binary): not UTF-8 text (invalid byte at offset 0)"
    ),
    BadInput(
      "a 1 MB line", String(repeating: "x", count: 1_000_000),
      "1:1: error: cannot find '" + String(repeating: "x", count: 200), prefixOnly: true
    ),
    BadInput(
      "invalid UTF-8", bytes: Array("store.send(.add".utf8) + [0xFF, 0xFE] + Array("Item)".utf8),
      "1:16: error: invalid UTF-8 (bytes that are not text, shown as '\u{FFFD}')"
    ),
    BadInput(
      "NUL bytes", bytes: Array("store".utf8) + [0] + Array(".stat".utf8),
      "1:6: error: unexpected character U+0000",
      // readline drops a typed NUL (Ctrl-@ sets the mark), leaving a typo.
      terminalError: "1:6: error: value of type Store has no member 'stat'; did you mean 'state'?"
    ),
    BadInput(
      "10,000 nested brackets", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
      "1:101: error: expression is nested too deeply (more than 200 levels)"
    ),
    BadInput(
      "a negative clock advance", "store.advance(by: .seconds(-1))", "1:28: error: a duration can't be negative"
    ),
  ]

  /// The error block in `output` (the error line and the lines after it up to the next input),
  /// checked against `input`'s expected error: one error line, then at most the source and a caret.
  func expectOneLineError(_ output: String, _ expected: String, prefixOnly: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { prefixOnly ? $0.hasPrefix(expected) : $0 == expected }) else {
      Issue.record("no line \(prefixOnly ? "starting with" : "equal to") \(expected.debugDescription) in:\n\(output.prefix(2_000))", sourceLocation: sourceLocation)
      return
    }
    #expect(lines[first].count < 400, "the error line is \(lines[first].count) characters long", sourceLocation: sourceLocation)
    let block = lines[first...].prefix { !$0.hasPrefix("tca> ") && !$0.isEmpty && $0 != "0" }
    #expect(block.count == 1 || block.count == 3, "the error takes \(block.count) lines:\n\(block.joined(separator: "\n").prefix(2_000))", sourceLocation: sourceLocation)
    #expect(lines.filter { $0.contains("error:") }.count == 1, sourceLocation: sourceLocation)
  }

  @Test(arguments: inputs)
  func pipedBadInputGetsAnErrorAndTheSessionGoesOn(_ input: BadInput) async throws {
    var bytes = input.bytes + Array("\nstore.state.lastId\nstore.send(.addItem)\nstore.state.lastId\n".utf8)
    bytes.insert(contentsOf: Array(":print off\n".utf8), at: 0)
    let result = try await Binary.run(["--feature", "DemoForEach"], inputBytes: bytes)
    #expect(result.status == 1)
    #expect(result.error == "")
    self.expectOneLineError(result.output, (input.error.hasPrefix("1:") ? "2:" + input.error.dropFirst(2) : input.error), prefixOnly: input.prefixOnly)
    // The state is as it was, and the next actions work.
    #expect(result.output.hasSuffix("\n0\n1\n"), "\(result.output.suffix(300))")
  }

  @Test(arguments: inputs)
  func typedBadInputGetsAnErrorAndTheSessionGoesOn(_ input: BadInput) async throws {
    let terminal = try await Binary.terminal(["--feature", "DemoForEach"])
    terminal.type(bytes: input.bytes + [13])
    // Wait for the error itself: readline redraws the prompt as it wraps a long line, so a
    // prompt alone doesn't say the line was read.
    let error = input.terminalError ?? input.error
    var output = try await terminal.expect(String(error.prefix(60)), timeout: 120)
    output += try await terminal.expect("tca> ")
    self.expectOneLineError(output, error, prefixOnly: input.prefixOnly)
    terminal.type("store.state.lastId\r")
    try await terminal.expect("store.state.lastId\n0\n")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func filesGivenOnTheCommandLine() async throws {
    let notebooks = TestScratch.directory.appendingPathComponent("matrix-notebooks")
    try FileManager.default.createDirectory(at: notebooks, withIntermediateDirectories: true)
    let malformed = notebooks.appendingPathComponent("broken.tca.md").path
    try "# Broken\n\n```tca\nstore.send(.addItem)\n\n```output\n".write(toFile: malformed, atomically: true, encoding: .utf8)
    let empty = TestScratch.directory.appendingPathComponent("matrix-empty").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)

    let cases: [([String], Int32, String)] = [
      (["run", "/nonexistent/lesson.tca"], 2, "error: can't read /nonexistent/lesson.tca: no such file\n"),
      (["run", Self.fixtures.folder], 2, "error: can't read \(Self.fixtures.folder): it is a directory\n"),
      (["run", Self.fixtures.binary], 2, "error: can't read \(Self.fixtures.binary): not UTF-8 text (invalid byte at offset 0)\n"),
      (["run", malformed], 1, "\(malformed):6: error: a new fence starts inside an unterminated code block opened at line 3\n"),
      (["test", malformed], 1, "\(malformed):6: error: a new fence starts inside an unterminated code block opened at line 3\n0 passed, 1 failed\n"),
      (["test", empty], 1, "\(empty): error: no notebooks (*.tca.md) in this folder\n0 passed, 1 failed\n"),
      (["test", "/nonexistent/notebooks"], 1, "/nonexistent/notebooks: error: no such file or directory\n0 passed, 1 failed\n"),
      (["--feature", "Nope"], 1, "error: no feature named 'Nope' in the catalog; try ':features'\n"),
    ]
    for (arguments, status, output) in cases {
      let result = try await Binary.run(arguments)
      #expect(result.status == status, "\(arguments)")
      #expect(result.output + result.error == output, "\(arguments)")
    }
  }
}
