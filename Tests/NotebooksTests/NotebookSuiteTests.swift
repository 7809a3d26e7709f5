import Foundation
import Testing
@testable import Notebooks

@MainActor
@Suite struct NotebookSuiteTests {
  func directory(_ files: [String: String]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("notebooks-\(UUID().uuidString)")
    for (name, text) in files {
      let file = url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return url.path
  }

  /// An executor that echoes a cell's code uppercased, failing on "fail".
  func echo() -> NotebookRunner.Executor {
    { code, _ in (code.uppercased(), code.contains("fail")) }
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
}
