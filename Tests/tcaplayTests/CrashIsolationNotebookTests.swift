import Foundation
import Testing
import TestSupport

/// Notebooks run in a kernel too: a cell whose reducer traps is that cell's failure, reported as
/// the REPL reports a trap, and the notebook goes on with its next cell in a restarted session
/// holding the state from before the trap — in `tcaplay run` and in `tcaplay test`, which then
/// goes on with the next notebook.
@Suite(.serialized) struct CrashIsolationNotebookTests {
  /// A lesson on the trapping fixture feature: the second cell traps on its second input.
  static let lesson = """
    # A feature that traps

    ```tca
    :load Crashy
    :print off
    store.send(.increment)
    ```

    ```output
    Loaded Crashy as `store` (Crashy.State). Try store.send(.…) — TAB lists the actions.
    printing: off
    ```

    Now it traps:

    ```tca
    store.send(.increment)
    store.send(.fatal)
    store.send(.increment)
    ```

    The state is as it was before the trap:

    ```tca
    store.state.count
    ```

    ```output
    2
    ```

    """

  /// A notebook that runs after the one that traps.
  static let next = "```tca\n1 + 1\n```\n\n```output\n2\n```\n"

  /// The report's first line for `.fatal`.
  var fatalReport: String { CrashIsolationTests.traps[2].report }

  func folder() throws -> (folder: FeatureFolder, feature: String, lesson: String, next: String) {
    let folder = try FeatureFolder()
    return (
      folder, try folder.write("Crashy.swift", CrashIsolationTests.crashy), try folder.write("1-crash.tca.md", Self.lesson),
      try folder.write("2-next.tca.md", Self.next)
    )
  }

  @Test(.enabled(if: compilerIsAvailable))
  func aCellThatTrapsFailsTheLessonWhichGoesOn() async throws {
    let files = try self.folder()
    defer { files.folder.remove() }
    let result = try await Binary.run(["run", "--load", files.feature, files.lesson])
    #expect(result.status == 1)
    let output = result.output
    let trapping = try #require(output.range(of: "tca> store.send(.increment)\n...> store.send(.fatal)\n...> store.send(.increment)\n"))
    let after = output[trapping.upperBound...]
    // The cell's output is the report the REPL prints, naming the cell's input.
    #expect(
      after.hasPrefix(
        self.fatalReport + "\n  while reducing .fatal in Crashy; running `store.send(.fatal)`; at closure #1 in Crashy.body.getter (Crashy.swift:"
      ), "\(output)"
    )
    #expect(after.contains("  restarted the session: replayed 4 inputs; the state is as it was before that input.\n\n"))
    // The next cell ran against the state before the trap (the input after it didn't run).
    #expect(after.hasSuffix("The state is as it was before the trap:\n\ntca> store.state.count\n2\n\n"), "\(output)")
    #expect(!result.error.contains("Fatal error"))
  }

  @Test(.enabled(if: compilerIsAvailable))
  func aCellThatTrapsFailsItsNotebookAndTheTestGoesOn() async throws {
    let files = try self.folder()
    defer { files.folder.remove() }
    let result = try await Binary.run(["test", "--load", files.feature, files.lesson, files.next])
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The trapping cell's report; the cells after it pass (no diff), and the next notebook runs.
    #expect(lines.count == 7, "\(result.output)")
    #expect(lines.first == "\(files.lesson.dropLast(7)) … FAILED")
    #expect(lines.dropFirst().first == "\(files.lesson):17: the cell trapped (the notebook went on in a restarted session):")
    #expect(lines.dropFirst(2).first == self.fatalReport)
    #expect(lines.dropFirst(3).first?.hasPrefix("  while reducing .fatal in Crashy; running `store.send(.fatal)`; at closure #1 in Crashy.body.getter (Crashy.swift:") == true)
    #expect(Array(lines.suffix(3)) == ["\(files.next.dropLast(7)) … ok", "1 passed, 1 failed", ""])
  }

  /// `--update` doesn't record a trap's output: the notebook stays as it was.
  @Test(.enabled(if: compilerIsAvailable))
  func updateLeavesANotebookThatTrapsAsItWas() async throws {
    let files = try self.folder()
    defer { files.folder.remove() }
    let result = try await Binary.run(["test", "--update", "--load", files.feature, files.lesson])
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("\(files.lesson.dropLast(7)) … FAILED (not updated: a cell trapped)\n"))
    #expect(try String(contentsOfFile: files.lesson, encoding: .utf8) == Self.lesson)
  }

  /// `TCAPLAY_KERNEL=inprocess` runs notebooks in one process as before, with the same output.
  @Test func notebooksRunTheSameInProcess() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let lesson = try folder.write(
      "lesson.tca.md", "```tca\n:load DemoForEach\nstore.send(.addItem)\n```\n\n```tca expect-failure\nstore.send(.addItm)\n```\n"
    )
    let inProcess = Binary.environment(history: nil, extra: ["TCAPLAY_KERNEL": "inprocess"])
    let update = try await Binary.run(["test", "--update", lesson], environment: inProcess)
    #expect(update.output == "\(lesson.dropLast(7)) … updated\n1 passed, 0 failed\n")
    let recorded = try String(contentsOfFile: lesson, encoding: .utf8)
    #expect(recorded.contains("```output\nLoaded DemoForEach as `store`"))
    for arguments in [["run", lesson], ["test", lesson]] {
      let kernel = try await Binary.run(arguments)
      let local = try await Binary.run(arguments, environment: inProcess)
      #expect(kernel.output == local.output)
      #expect(kernel.status == 0)
      #expect(local.status == 0)
    }
  }
}
