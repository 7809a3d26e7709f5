import Testing
@testable import Notebooks

@Suite struct NotebookTests {
  let text = """
    # A lesson

    Some narration.

    ```tca
    let x = 1
    ```

    ```tca
    x
    ```

    ```output
    1
    ```

    More narration.

    ```tca expect-failure
    oops
    ```

    ```output
    1:1: error: [..]
    ...
    ```
    """

  @Test func parsesProseCellsAndOutputs() throws {
    let notebook = try NotebookParser.parse(self.text, path: "n.tca.md")
    #expect(notebook.blocks.count == 5)
    #expect(notebook.blocks.first == .prose("# A lesson\n\nSome narration."))
    let cells = notebook.cells
    #expect(cells.map(\.code) == ["let x = 1", "x", "oops"])
    #expect(cells.map(\.line) == [6, 10, 20])
    #expect(cells.map(\.recordedOutput) == [nil, "1", "1:1: error: [..]\n..."])
    #expect(cells.map(\.outputLine) == [8, 14, 24])
    #expect(cells.map(\.expectsFailure) == [false, false, true])
  }

  @Test func malformedNotebooksNameTheLine() {
    #expect(throws: NotebookError(path: "n", line: 2, message: "unterminated code block (no closing ```)")) {
      try NotebookParser.parse("text\n```tca\nx\n", path: "n")
    }
    #expect(throws: NotebookError(path: "n", line: 1, message: "an output block must follow a ```tca code cell")) {
      try NotebookParser.parse("```output\n1\n```\n", path: "n")
    }
    #expect(throws: NotebookError(path: "n", line: 1, message: "unknown cell option 'fast' (known: expect-failure, predict)")) {
      try NotebookParser.parse("```tca fast\nx\n```\n", path: "n")
    }
  }

  @Test func wildcards() {
    #expect(OutputMatcher.matches(actual: "a\nb\nc", recorded: "a\n...\nc"))
    #expect(OutputMatcher.matches(actual: "a\nc", recorded: "a\n...\nc"))
    #expect(!OutputMatcher.matches(actual: "a\nb", recorded: "a\n...\nc"))
    #expect(OutputMatcher.matches(actual: "took 0.31 s", recorded: "took [..] s"))
    #expect(!OutputMatcher.matches(actual: "took 0.31 ms", recorded: "took [..] s!"))
    #expect(OutputMatcher.matches(actual: "", recorded: ""))
  }

  /// Found by the notebook fuzzer: a line of NUL characters against a pattern with two `[..]`
  /// trapped (Foundation's `range(of:)` answered a range outside the text searched).
  @Test func wildcardsOnNULCharacters() {
    #expect(!OutputMatcher.matches(actual: "\0\0", recorded: "\0[..]\0\0[..]x"))
    #expect(OutputMatcher.matches(actual: "\0a\0\0bx", recorded: "\0[..]\0\0[..]x"))
    #expect(OutputMatcher.matches(actual: "\0\0\0", recorded: "\0[..]\0[..]"))
    #expect(!OutputMatcher.matches(actual: "ab", recorded: "a[..]\0[..]"))
  }

  @Test func runnerReportsMismatchesAndFailures() async throws {
    let notebook = try NotebookParser.parse(self.text, path: "n.tca.md")
    let outputs: [String: NotebookRunner.CellOutput] = [
      "let x = 1": .init(text: "", failed: false), "x": .init(text: "2", failed: false),
      "oops": .init(text: "1:1: error: cannot find 'oops'\n  oops\n  ^~~~", failed: true),
    ]
    let result = await NotebookRunner().run(notebook) { code, _ in outputs[code] ?? .init(text: "", failed: false) }
    #expect(!result.passed)
    #expect(result.cells.map { $0.problem == nil } == [true, false, true])
    #expect(
      result.cells[1].problem == """
        --- n.tca.md:14 (recorded)
        +++ actual
        @@ -14,1 +1,1 @@
        -1
        +2
        """
    )
  }

  @Test func unexpectedFailureAndMissingFailure() async throws {
    let notebook = try NotebookParser.parse("```tca\na\n```\n\n```tca expect-failure\nb\n```\n", path: "n")
    let result = await NotebookRunner().run(notebook) { code, _ in .init(text: "", failed: code == "a") }
    #expect(result.cells[0].problem == "n:2: the cell printed a failure or an error; mark it ```tca expect-failure if that is the lesson")
    #expect(result.cells[1].problem == "n:6: the cell is marked expect-failure but did not fail")
  }

  @Test func updateRewritesOutputBlocks() async throws {
    let notebook = try NotebookParser.parse(self.text, path: "n.tca.md")
    let outputs: [String: NotebookRunner.CellOutput] = [
      "let x = 1": .init(text: "bound", failed: false), "x": .init(text: "2\n3", failed: false), "oops": .init(text: "", failed: true),
    ]
    let result = await NotebookRunner().run(notebook) { code, _ in outputs[code] ?? .init(text: "", failed: false) }
    let updated = NotebookRunner.updatedText(self.text, result: result)
    #expect(
      updated == """
        # A lesson

        Some narration.

        ```tca
        let x = 1
        ```

        ```output
        bound
        ```

        ```tca
        x
        ```

        ```output
        2
        3
        ```

        More narration.

        ```tca expect-failure
        oops
        ```
        """
    )
    let reparsed = try NotebookParser.parse(updated, path: "n")
    #expect(reparsed.cells.map(\.recordedOutput) == ["bound", "2\n3", nil])
  }
}
