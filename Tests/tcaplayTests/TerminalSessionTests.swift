import Foundation
import Lessons
import Testing

/// The real `tcaplay` on a pseudo-terminal: readline's editing, completion, history, Ctrl-C,
/// Ctrl-D and colours, typed as a person would.
@Suite(.serialized) struct TerminalSessionTests {
  func start(_ arguments: [String] = ["--feature", "DemoForEach"], history: String? = nil) async throws -> PseudoTerminal {
    try await Binary.terminal(arguments, history: history)
  }

  @Test func tabCompletesANestedCaseAndUpRecallsTheLine() async throws {
    let terminal = try await self.start()
    terminal.type("store.send(.addItem)\r")
    try await terminal.expect("lastId: 1")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.child(id: 1, action: .tog\t")
    try await terminal.expect("action: .toggle")
    terminal.type("))\r")
    try await terminal.expect("isActive: false")
    try await terminal.expect("tca> ")
    // The diff is coloured: removed lines red, added lines green.
    #expect(terminal.rawOutput.contains("\u{1B}[31m-       isActive: true\u{1B}[0m"))
    #expect(terminal.rawOutput.contains("\u{1B}[32m+       isActive: false\u{1B}[0m"))
    terminal.type(PseudoTerminal.up)
    try await terminal.expect("store.send(.child(id: 1, action: .toggle))")
    terminal.type("\r")
    try await terminal.expect("+       isActive: true")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  /// A time travel's diff is coloured as a change is: `:undo`'s removed and added lines.
  @Test func undoColoursItsDiffLikeAChange() async throws {
    let terminal = try await self.start()
    terminal.type("store.send(.addItem)\r")
    try await terminal.expect("lastId: 1")
    try await terminal.expect("tca> ")
    terminal.type(":undo\r")
    try await terminal.expect("At step 0 of 1.")
    try await terminal.expect("tca> ")
    #expect(terminal.rawOutput.contains("\u{1B}[31m-   lastId: 1\u{1B}[0m"))
    #expect(terminal.rawOutput.contains("\u{1B}[32m+   lastId: 0\u{1B}[0m"))
    // The headline and the unchanged lines stay plain.
    #expect(!terminal.rawOutput.contains("\u{1B}[31mAt step"))
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  /// A failed assertion's diff is coloured as a change's is: its removed and added lines by
  /// their kinds (given where the failure enters the session), its headline as a failure.
  @Test func aFailuresDiffLinesAreColouredLikeAChanges() async throws {
    let terminal = try await self.start(["--feature", "DemoForEach", "--test"])
    terminal.type("store.send(.addItem) { $0.lastId = 2 }\r")
    try await terminal.expect("(Expected: −, Actual: +)")
    try await terminal.expect("tca> ")
    let raw = terminal.rawOutput
    #expect(raw.contains(#/\x1B\[31m +− +lastId: 2\x1B\[0m/#))
    #expect(raw.contains(#/\x1B\[32m +\+ +lastId: 1\x1B\[0m/#))
    #expect(raw.contains("\u{1B}[1;31m✘ "))
    // The legend stays plain.
    #expect(!raw.contains("m(Expected: −, Actual: +)"))
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  /// `TCAPLAY_KERNEL=inprocess` at a terminal: `tcaplay-kernel` runs the session itself and
  /// reads its lines with the readline `tcaplay` lends it (prompts, TAB, Ctrl-C, Ctrl-D).
  @Test func theInProcessREPLReadsWithTheFrontEndsReadline() async throws {
    let terminal = try PseudoTerminal(
      executable: Binary.tcaplay, arguments: ["--feature", "DemoForEach"],
      environment: Binary.environment(history: nil, extra: ["TCAPLAY_KERNEL": "inprocess"])
    )
    try await terminal.expect("tca> ")
    terminal.type("store.send(.add\t")
    try await terminal.expect("store.send(.addItem")
    terminal.type(")\r")
    try await terminal.expect("+   lastId: 1")
    try await terminal.expect("tca> ")
    terminal.type("store.sta")
    terminal.type(PseudoTerminal.ctrlC)
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func tabCompletesCommandsAndTheirArguments() async throws {
    let terminal = try await self.start([])
    terminal.type(":fea\t")
    try await terminal.expect(":features ")
    terminal.type("\r")
    try await terminal.expect("Day2.PromoList")
    try await terminal.expect("tca> ")
    terminal.type(":lo\tPromoL\t\r")
    try await terminal.expect(":load PromoList ")
    try await terminal.expect("Loaded PromoList as `store`")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func featuresWrapToTheTerminalsWidth() async throws {
    let terminal = try PseudoTerminal(
      executable: Binary.tcaplay, arguments: [], environment: Binary.environment(history: nil), columns: 80
    )
    try await terminal.expect("tca> ")
    terminal.type(":features\r")
    let listing = try await terminal.expect("tca> ")
    let lines = listing.split(separator: "\n").dropFirst().dropLast()
    #expect(lines.count > 20)
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(listing)")
    // A continuation starts under the summaries.
    #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: 20)) }, "\(listing)")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func ctrlCDropsTheLineAndCtrlDOnAnEmptyLineExits() async throws {
    let terminal = try await self.start()
    terminal.type("store.send(.addI")
    try await terminal.expect("store.send(.addI")
    terminal.type(PseudoTerminal.ctrlC)
    try await terminal.expect("^C")
    try await terminal.expect("tca> ")
    terminal.type("store.state.lastId\r")
    // The dropped send never ran.
    try await terminal.expect("store.state.lastId\n0\n")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func openBracketsContinueOnAContinuationPrompt() async throws {
    let terminal = try await self.start()
    terminal.type("store.send(\r")
    try await terminal.expect("...> ")
    terminal.type(".addItem)\r")
    try await terminal.expect("+   lastId: 1")
    try await terminal.expect("tca> ")
    terminal.type(":{\r")
    try await terminal.expect("...> ")
    terminal.type("store.send(.addItem)\r")
    try await terminal.expect("...> ")
    terminal.type("store.send(.shuffle)\r:}\r")
    try await terminal.expect("DemoForEachAction.shuffle")
    try await terminal.expect("tca> ")
    terminal.type(":quit\r")
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func historySurvivesARestart() async throws {
    let history = Binary.temporaryPath("history")
    defer { try? FileManager.default.removeItem(atPath: history) }
    do {
      let terminal = try await self.start([], history: history)
      terminal.type(":print labels\r")
      try await terminal.expect("printing: labels")
      try await terminal.expect("tca> ")
      terminal.type(PseudoTerminal.ctrlD)
      #expect(try await terminal.waitForExit() == 0)
    }
    let terminal = try await self.start([], history: history)
    terminal.type(PseudoTerminal.up)
    try await terminal.expect(":print labels")
    terminal.type("\r")
    try await terminal.expect("printing: labels")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
    #expect(try String(contentsOfFile: history, encoding: .utf8) == ":print labels\n")
  }
}
