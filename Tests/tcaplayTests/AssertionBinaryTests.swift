import Foundation
import Lessons
import Testing

/// Test assertions in the real `tcaplay`: a pass shows `✔` at the REPL's prompt on a terminal
/// and nothing in scripts and piped input; a failure prints and makes the exit status 1.
@Suite(.serialized) struct AssertionBinaryTests {
  static let script = """
    #expect(store.state.lastId == 0)
    XCTAssertEqual(store.state.lastId, 0)
    store.send(.addItem)
    #expect(store.state.lastId == 2, "one item")
    XCTAssertEqual(store.state.lastId, 2)
    withKnownIssue { #expect(store.state.lastId == 5) }
    let missing = try #require(store.state.stackData[id: 9]?.text)
    missing

    """

  @Test func aScriptPrintsFailuresOnlyAndExitsWithStatusOne() async throws {
    let path = Binary.temporaryPath("assertions.tca")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try await Binary.run(["run", "--feature", "Day2.DemoForEach", path])
    #expect(result.status == 1)
    #expect(result.error == "")
    #expect(
      result.output == """
        received action:
          DemoForEachAction.addItem
          DemoForEachState(
            stackData: [
        +     [0]: DemoItemState(
        +       id: 1,
        +       text: "Data 1",
        +       isActive: true
        +     )
            ],
        -   lastId: 0
        +   lastId: 1
          )
        ✘ Expectation failed: (store.state.lastId → 1) == 2
        ↳ one item
        ✘ XCTAssertEqual failed: ("1") is not equal to ("2")
        ✘ Expectation failed: (store.state.stackData[id: 9] → nil)?.text → nil
        \(path):8:1: error: 'missing' isn't defined: line 7 failed
          missing
          ^~~~~~~

        """
    )
  }

  @Test func passingAssertionsArePipedSilentlyWithStatusZero() async throws {
    let result = try await Binary.run(
      ["--feature", "Day2.DemoForEach"],
      input: "#expect(store.state.lastId == 0)\nXCTAssertTrue(store.state.lastId < 1)\nwithKnownIssue { XCTFail(\"known\") }\n"
    )
    #expect(result.output == "")
    #expect(result.status == 0)
  }

  @Test func theTerminalREPLShowsACheckMarkForAPass() async throws {
    let terminal = try await Binary.terminal(["--feature", "DemoForEach"])
    terminal.type("#expect(store.state.lastId == 0)\r")
    try await terminal.expect("✔")
    try await terminal.expect("tca> ")
    terminal.type("XCTAssertEqual(store.state.lastId, 3)\r")
    try await terminal.expect(#"✘ XCTAssertEqual failed: ("0") is not equal to ("3")"#)
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }
}
