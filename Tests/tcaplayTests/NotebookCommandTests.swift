import Foundation
import Testing
import TestSupport

/// `tcaplay test` and `tcaplay run NOTEBOOK`, on the real binary.
@Suite struct NotebookCommandTests {
  func notebook(_ text: String) throws -> String {
    let directory = TestScratch.path("notebook")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("lesson.tca.md")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  let lesson = """
    # A lesson

    Load the demo and add an item.

    ```tca
    :load DemoForEach
    store.send(.addItem)
    store.state.lastId
    ```

    A deliberate mistake:

    ```tca expect-failure
    store.send(.addItm)
    ```
    """

  @Test func updateRecordsThenTestPasses() async throws {
    let path = try self.notebook(self.lesson)
    let update = try await Binary.run(["test", "--update", path])
    #expect(update.status == 0)
    #expect(update.output.hasSuffix("1 passed, 0 failed\n"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("```output\nLoaded DemoForEach as `store`"))
    #expect(text.contains("```output\n1:13: error: 'addItm' is not a case of DemoForEachAction; did you mean 'addItem'?"))
    let check = try await Binary.run(["test", path])
    #expect(check.status == 0)
    #expect(check.output == "\(path.dropLast(7)) … ok\n1 passed, 0 failed\n")
  }

  @Test func aChangedOutputFailsWithADiff() async throws {
    let path = try self.notebook(self.lesson)
    _ = try await Binary.run(["test", "--update", path])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "\n1\n```", with: "\n2\n```").write(toFile: path, atomically: true, encoding: .utf8)
    let check = try await Binary.run(["test", path])
    #expect(check.status == 1)
    #expect(check.output.contains("… FAILED"))
    #expect(check.output.contains("-2\n+1"))
    #expect(check.output.hasSuffix("0 passed, 1 failed\n"))
  }

  @Test func malformedNotebookIsReportedAndTheRunGoesOn() async throws {
    let broken = try self.notebook("```tca\n:load DemoForEach\n")
    let good = try self.notebook("```tca\n1 + 1\n```\n\n```output\n2\n```\n")
    let check = try await Binary.run(["test", broken, good])
    #expect(check.status == 1)
    #expect(check.output.contains("\(broken):1: error: unterminated code block (no closing ```)"))
    #expect(check.output.hasSuffix("1 passed, 1 failed\n"))
  }

  @Test func runPresentsTheLesson() async throws {
    let path = try self.notebook(self.lesson)
    let run = try await Binary.run(["run", path])
    #expect(run.output.hasPrefix("# A lesson\n\nLoad the demo and add an item.\n\ntca> :load DemoForEach\n...> store.send(.addItem)\n"))
    #expect(run.status == 0)
  }
}
