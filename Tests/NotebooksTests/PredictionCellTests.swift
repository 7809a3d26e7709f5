import Testing
@testable import Notebooks

/// ```` ```tca predict ```` cells: the action, the recorded answer, and what `tcaplay test` runs.
@Suite struct PredictionCellTests {
  @Test func aPredictCellHoldsTheActionThenTheRecordedAnswer() throws {
    let notebook = try NotebookParser.parse(
      """
      What will adding an item change?

      ```tca predict
      test.send(.addItem)
      {
        $0.lastId = 1
      }
      ```

      ```tca
      test.state.lastId
      ```
      """, path: "n.tca.md"
    )
    let cells = notebook.cells
    #expect(cells.map(\.predicts) == [true, false])
    let prediction = try #require(cells[0].prediction)
    #expect(prediction.action == "test.send(.addItem)")
    #expect(prediction.answer == "{\n  $0.lastId = 1\n}")
    #expect(cells[0].runnableCode == "test.send(.addItem) {\n  $0.lastId = 1\n}")
    #expect(cells[1].prediction == nil)
    #expect(cells[1].runnableCode == "test.state.lastId")
  }

  @Test func aPredictCellWithoutAnAnswerClosureIsMalformed() {
    for body in ["test.send(.addItem)", "test.send(.addItem) {\n$0.lastId = 1\n}", "test.send(.addItem)\n$0.lastId = 1"] {
      #expect(throws: NotebookError(path: "n", line: 1, message: Notebook.Cell.predictionFormat)) {
        try NotebookParser.parse("```tca predict\n\(body)\n```\n", path: "n")
      }
    }
  }

  @Test func theRunnerChecksAPredictCellWithItsRecordedAnswer() async throws {
    let notebook = try NotebookParser.parse("```tca predict\nt.send(.a)\n{ $0.n = 1 }\n```\n", path: "n")
    var ran: [String] = []
    let result = await NotebookRunner().run(notebook) { code, _ in
      ran.append(code)
      return .init(text: "", failed: false)
    }
    #expect(ran == ["t.send(.a) { $0.n = 1 }"])
    #expect(result.passed)
  }
}
