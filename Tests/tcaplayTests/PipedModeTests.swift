import Lessons
import Foundation
import Testing

/// The real `tcaplay` with piped input and script files: no prompts, no colours, and exit
/// status 1 when an error or failure was printed.
@Suite struct PipedModeTests {
  @Test func pipedInputPrintsOutputsOnly() async throws {
    let result = try await Binary.run(
      ["--feature", "Day2.DemoForEach"],
      input: """
        store.send(.addItem)
        :state lastId
        store.state.stackData[id: 1]?.text

        """
    )
    #expect(result.status == 0)
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
        1
        "Data 1"

        """
    )
  }

  @Test func anErrorMakesTheExitStatusOne() async throws {
    let result = try await Binary.run(["--feature", "DemoForEach"], input: "store.send(.addItm)\nstore.state.lastId\n")
    #expect(result.status == 1)
    #expect(
      result.output == """
        1:13: error: 'addItm' is not a case of DemoForEachAction; did you mean 'addItem'?
          store.send(.addItm)
                      ^~~~~~
        0

        """
    )
  }

  @Test func aFailedAssertionMakesTheExitStatusOne() async throws {
    let result = try await Binary.run(
      [],
      input: """
        let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
        :print off
        t.send(.addItem) { $0.lastId = 2; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }

        """
    )
    #expect(result.status == 1)
    #expect(
      result.output.replacingOccurrences(of: "\u{2007}", with: " ") == """
        printing: off
        ✘ A state change does not match expectation.

              DemoForEachState(
                stackData: […],
            −   lastId: 2
            +   lastId: 1
              )

        (Expected: −, Actual: +)

        """
    )
  }

  @Test func anUnknownFeatureIsAnError() async throws {
    let result = try await Binary.run(["--feature", "DemoForEch"], input: "")
    #expect(result.status == 1)
    #expect(result.output == "error: no feature named 'DemoForEch' in the catalog; did you mean 'DemoForEach'?\n")
  }

  @Test func noColoursWhenNotATerminal() async throws {
    let result = try await Binary.run(["--feature", "DemoForEach"], input: "store.send(.addItem)\nstore.sned(.addItem)\n")
    #expect(!result.output.contains("\u{1B}"))
    #expect(result.output.contains("+   lastId: 1"))
  }

  @Test func scriptFilesRunWithBlocksAndContinuedLines() async throws {
    let file = Binary.temporaryPath("script.tca")
    defer { try? FileManager.default.removeItem(atPath: file) }
    try """
      // A TestStore, asserted.
      let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
      :print labels
      t.send(.addItem) {
        $0.lastId = 1
        $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true))
      }
      :{
      t.send(.child(id: 1, action: .toggle)) { $0.stackData[id: 1]?.isActive = false }
      t.send(.child(id: 1, action: .remove)) { $0.stackData = [] }
      :}
      t.send(.shufle)

      """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try await Binary.run(["run", "--echo", file])
    #expect(result.status == 1)
    #expect(
      result.output == """
        > // A TestStore, asserted.
        > let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
        > :print labels
        printing: labels
        > t.send(.addItem) {
            $0.lastId = 1
            $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true))
          }
        received action: DemoForEachAction.addItem
        > t.send(.child(id: 1, action: .toggle)) { $0.stackData[id: 1]?.isActive = false }
          t.send(.child(id: 1, action: .remove)) { $0.stackData = [] }
        received action: DemoForEachAction.child(id:, action: .toggle)
        received action: DemoForEachAction.child(id:, action: .remove)
        > t.send(.shufle)
        \(file):12:9: error: 'shufle' is not a case of DemoForEachAction; did you mean 'shuffle'?
          t.send(.shufle)
                  ^~~~~~

        """
    )
  }

  @Test func scriptFilesShareOneSessionAndSucceedWithoutProblems() async throws {
    let first = Binary.temporaryPath("first.tca")
    let second = Binary.temporaryPath("second.tca")
    defer {
      try? FileManager.default.removeItem(atPath: first)
      try? FileManager.default.removeItem(atPath: second)
    }
    try ":load DemoForEach three\n:print off\nstore.send(.addItem)\n".write(toFile: first, atomically: true, encoding: .utf8)
    try "store.state.lastId\n".write(toFile: second, atomically: true, encoding: .utf8)
    let result = try await Binary.run(["run", first, second])
    #expect(result.status == 0)
    #expect(
      result.output == """
        Loaded DemoForEach as `store` (DemoForEachState). Try store.send(.…) — TAB lists the actions.
        printing: off
        4

        """
    )
  }

  @Test func aMissingFileIsStatusTwo() async throws {
    let result = try await Binary.run(["run", "/nonexistent/script.tca"])
    #expect(result.status == 2)
    #expect(result.output == "error: can't read /nonexistent/script.tca: no such file\n")
  }

  @Test func featuresAndHelp() async throws {
    let features = try await Binary.run(["features"])
    #expect(features.status == 0)
    #expect(features.output.hasPrefix(
      "Day2.DemoForEach                A list with create, toggle, remove, shuffle and load, in an IdentifiedArray  (presets: three, ten, tenThousand)  (environments: .mock, .failing)\n"
    ))
    #expect(features.output.split(separator: "\n").count == lessonCatalog.features.count)
    let help = try await Binary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("USAGE: tcaplay <subcommand>"))
    #expect(help.output.contains("repl (default)"))
    let replHelp = try await Binary.run(["repl", "--help"])
    #expect(replHelp.output.contains("--feature <Module.Feature>"))
    let wrong = try await Binary.run(["--preset", "three"])
    #expect(wrong.status == 64)
    #expect(wrong.error.contains("--preset and --test need --feature"))
  }
}

/// Regressions: inputs that once crashed the process (unbounded recursion resolving a static
/// member of a type that has none).
@Suite struct CrashRegressionTests {
  @Test func staticMembersThatDontExistAreErrors() async throws {
    let result = try await Binary.run([], input: """
      CartListDomain.State.twoItems
      IdentifiedArrayOf.rows([])
      DemoForEachState.nope(1)
      1 + 1
      """)
    #expect(result.status == 1)
    #expect(result.output.contains("error: 'twoItems' is a preset of CartList"))
    #expect(result.output.contains("error: type IdentifiedArrayOf has no member 'rows'"))
    #expect(result.output.contains("error: type DemoForEachState has no member 'nope'"))
    #expect(result.output.hasSuffix("2\n"))
  }
}
