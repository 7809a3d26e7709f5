import Foundation
import Testing
import TestSupport
@testable import Notebooks

@MainActor
@Suite struct NotebookSuiteTests {
  func directory(_ files: [String: String]) throws -> String {
    let url = TestScratch.path("notebooks")
    for (name, text) in files {
      let file = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return url.path
  }

  /// An executor that echoes a cell's code uppercased, failing on "fail".
  func echo() -> NotebookRunner.Executor {
    { code, _ in .init(text: code.uppercased(), failed: code.contains("fail")) }
  }

  @Test func reportsEachNotebookAndTotals() async throws {
    let dir = try self.directory([
      "a/01-good.tca.md": "# Good\n\n```tca\nhi\n```\n\n```output\nHI\n```\n",
      "a/02-bad.tca.md": "```tca\nhi\n```\n\n```output\nHO\n```\n",
      "b/03-broken.tca.md": "```tca\nhi\n",
      "b/notes.md": "not a notebook",
    ])
    var lines: [String] = []
    let suite = NotebookSuite(paths: [dir, dir + "/missing.tca.md"]) { lines.append($0) }
    let passed = await suite.run { self.echo() }
    #expect(!passed)
    #expect(lines == [
      "\(dir)/missing.tca.md: error: no such file or directory",
      "\(dir)/a/01-good … ok",
      "\(dir)/a/02-bad … FAILED",
      "--- \(dir)/a/02-bad.tca.md:6 (recorded)\n+++ actual\n@@ -6,1 +1,1 @@\n-HO\n+HI",
      "\(dir)/b/03-broken.tca.md:1: error: unterminated code block (no closing ```)",
      "1 passed, 3 failed",
    ])
  }

  @Test func updatePromotesOutputs() async throws {
    let dir = try self.directory(["n.tca.md": "```tca\nhi\n```\n\n```output\nHO\n```\n\n```tca\nnew\n```\n"])
    var lines: [String] = []
    let passed = await NotebookSuite(paths: [dir], update: true) { lines.append($0) }.run { self.echo() }
    #expect(passed)
    #expect(lines == ["\(dir)/n … updated", "1 passed, 0 failed"])
    let text = try String(contentsOfFile: dir + "/n.tca.md", encoding: .utf8)
    #expect(text == "```tca\nhi\n```\n\n```output\nHI\n```\n\n```tca\nnew\n```\n\n```output\nNEW\n```\n")
    var again: [String] = []
    #expect(await NotebookSuite(paths: [dir]) { again.append($0) }.run { self.echo() })
  }

  /// An executor whose cells trap on "trap" (a kernel's report), and echo otherwise.
  func trapping() -> NotebookRunner.Executor {
    { code, _ in
      code.contains("trap")
        ? .init(text: "error: the reducer trapped", failed: true, trapReport: "error: the reducer trapped\n  running `trap`")
        : .init(text: code.uppercased(), failed: false)
    }
  }

  /// A cell that traps fails its notebook whatever it expects or recorded; the notebook's later
  /// cells are still checked, and the suite goes on with the next notebook.
  @Test func aCellThatTrapsFailsItsNotebookAndTheSuiteGoesOn() async throws {
    let dir = try self.directory([
      "1.tca.md": "```tca expect-failure\ntrap\n```\n\n```output\nerror: the reducer trapped\n```\n\n```tca\nafter\n```\n\n```output\nAFTR\n```\n",
      "2.tca.md": "```tca\nhi\n```\n\n```output\nHI\n```\n",
    ])
    var lines: [String] = []
    let passed = await NotebookSuite(paths: [dir]) { lines.append($0) }.run { self.trapping() }
    #expect(!passed)
    #expect(lines == [
      "\(dir)/1 … FAILED",
      "\(dir)/1.tca.md:2: the cell trapped (the notebook went on in a restarted session):\nerror: the reducer trapped\n  running `trap`",
      "--- \(dir)/1.tca.md:14 (recorded)\n+++ actual\n@@ -14,1 +1,1 @@\n-AFTR\n+AFTER",
      "\(dir)/2 … ok",
      "1 passed, 1 failed",
    ])
  }

  /// A trap's output isn't recorded: the notebook stays as it was.
  @Test func updateLeavesANotebookWithATrapAsItWas() async throws {
    let text = "```tca\nhi\n```\n\n```tca\ntrap\n```\n"
    let dir = try self.directory(["n.tca.md": text])
    var lines: [String] = []
    let passed = await NotebookSuite(paths: [dir], update: true) { lines.append($0) }.run { self.trapping() }
    #expect(!passed)
    #expect(lines == [
      "\(dir)/n … FAILED (not updated: a cell trapped)",
      "\(dir)/n.tca.md:6: the cell trapped (the notebook went on in a restarted session):\nerror: the reducer trapped\n  running `trap`",
      "0 passed, 1 failed",
    ])
    #expect(try String(contentsOfFile: dir + "/n.tca.md", encoding: .utf8) == text)
  }

  /// No session for a notebook (its kernel is gone): that notebook fails, the next one runs.
  @Test func aNotebookWithoutASessionFails() async throws {
    let dir = try self.directory(["a.tca.md": "```tca\nhi\n```\n", "b.tca.md": "```tca\nhi\n```\n\n```output\nHI\n```\n"])
    var lines: [String] = []
    let made = Count()
    let passed = await NotebookSuite(paths: [dir]) { lines.append($0) }.run {
      made.value += 1
      return made.value == 1 ? nil : self.echo()
    }
    #expect(!passed)
    #expect(lines == ["\(dir)/a … FAILED", "\(dir)/a.tca.md: error: no session to run the notebook in", "\(dir)/b … ok", "1 passed, 1 failed"])
  }
}

@MainActor private final class Count {
  var value = 0
}
