import Foundation
import Testing

/// `tcaplay run NOTEBOOK --step` on a terminal, as an instructor drives it: the pauses' answers
/// and a REPL opened at a pause on the lesson's session.
@Suite struct StepModeTerminalTests {
  private static let notebook: String = {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent("notebooks/day2/02-demo-for-each.tca.md").path
  }()

  private func start() throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: Binary.tcaplay, arguments: ["run", Self.notebook, "--step"],
      environment: Binary.environment(history: nil)
    )
  }

  @Test func aREPLAtAPauseShowsItsPromptAndOutputAndGoesBackToTheLesson() async throws {
    let terminal = try self.start()
    try await terminal.expect("[Enter] run the next cell")
    try await terminal.expect("step> ")
    terminal.type("\r")
    try await terminal.expect("+   lastId: 1")
    try await terminal.expect("step> ")
    terminal.type(":repl\r")
    try await terminal.expect("A REPL on the lesson's session")
    try await terminal.expect("tca> ")
    // The REPL works on the lesson's store, and prints as it goes.
    terminal.type("store.state.lastId\r")
    try await terminal.expect("store.state.lastId\n1\n")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.add\t")
    try await terminal.expect("store.send(.addItem")
    terminal.type(")\r")
    try await terminal.expect("+   lastId: 2")
    try await terminal.expect("tca> ")
    terminal.type(":quit\r")
    // Back at the lesson's pause; the next cell runs on the explored state.
    try await terminal.expect("[Enter] run the next cell")
    try await terminal.expect("step> ")
    terminal.type("q\r")
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func ctrlDLeavesTheREPLAndQLeavesTheLesson() async throws {
    let terminal = try self.start()
    try await terminal.expect("step> ")
    terminal.type(":repl\r")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    try await terminal.expect("step> ")
    terminal.type("q\r")
    #expect(try await terminal.waitForExit() == 0)
  }
}
