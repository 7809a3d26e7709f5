import Foundation
import Lessons
import Testing

/// The real `tcaplay` on a pseudo-terminal: readline's editing, completion, history, Ctrl-C,
/// Ctrl-D and colours, typed as a person would.
@Suite(.serialized) struct TerminalSessionTests {
  func start(_ arguments: [String] = ["--feature", "DemoForEach"], history: String? = nil) throws -> PseudoTerminal {
    try Binary.terminal(arguments, history: history)
  }

  @Test func tabCompletesANestedCaseAndUpRecallsTheLine() throws {
    let terminal = try self.start()
    terminal.type("store.send(.addItem)\r")
    try terminal.expect("lastId: 1")
    try terminal.expect("tca> ")
    terminal.type("store.send(.child(id: 1, action: .tog\t")
    try terminal.expect("action: .toggle")
    terminal.type("))\r")
    try terminal.expect("isActive: false")
    try terminal.expect("tca> ")
    // The diff is coloured: removed lines red, added lines green.
    #expect(terminal.rawOutput.contains("\u{1B}[31m-       isActive: true\u{1B}[0m"))
    #expect(terminal.rawOutput.contains("\u{1B}[32m+       isActive: false\u{1B}[0m"))
    terminal.type(PseudoTerminal.up)
    try terminal.expect("store.send(.child(id: 1, action: .toggle))")
    terminal.type("\r")
    try terminal.expect("+       isActive: true")
    try terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func tabCompletesCommandsAndTheirArguments() throws {
    let terminal = try self.start([])
    terminal.type(":fea\t")
    try terminal.expect(":features ")
    terminal.type("\r")
    try terminal.expect("Day2.PromoList")
    try terminal.expect("tca> ")
    terminal.type(":lo\tPromoL\t\r")
    try terminal.expect(":load PromoList ")
    try terminal.expect("Loaded PromoList as `store`")
    try terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func ctrlCDropsTheLineAndCtrlDOnAnEmptyLineExits() throws {
    let terminal = try self.start()
    terminal.type("store.send(.addI")
    try terminal.expect("store.send(.addI")
    terminal.type(PseudoTerminal.ctrlC)
    try terminal.expect("^C")
    try terminal.expect("tca> ")
    terminal.type("store.state.lastId\r")
    // The dropped send never ran.
    try terminal.expect("store.state.lastId\n0\n")
    try terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func openBracketsContinueOnAContinuationPrompt() throws {
    let terminal = try self.start()
    terminal.type("store.send(\r")
    try terminal.expect("...> ")
    terminal.type(".addItem)\r")
    try terminal.expect("+   lastId: 1")
    try terminal.expect("tca> ")
    terminal.type(":{\r")
    try terminal.expect("...> ")
    terminal.type("store.send(.addItem)\r")
    try terminal.expect("...> ")
    terminal.type("store.send(.shuffle)\r:}\r")
    try terminal.expect("DemoForEachAction.shuffle")
    try terminal.expect("tca> ")
    terminal.type(":quit\r")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func historySurvivesARestart() throws {
    let history = Binary.temporaryPath("history")
    defer { try? FileManager.default.removeItem(atPath: history) }
    do {
      let terminal = try self.start([], history: history)
      terminal.type(":print labels\r")
      try terminal.expect("printing: labels")
      try terminal.expect("tca> ")
      terminal.type(PseudoTerminal.ctrlD)
      #expect(try terminal.waitForExit() == 0)
    }
    let terminal = try self.start([], history: history)
    terminal.type(PseudoTerminal.up)
    try terminal.expect(":print labels")
    terminal.type("\r")
    try terminal.expect("printing: labels")
    try terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try terminal.waitForExit() == 0)
    #expect(try String(contentsOfFile: history, encoding: .utf8) == ":print labels\n")
  }
}
