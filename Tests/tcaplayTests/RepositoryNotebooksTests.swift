import Foundation
import Testing

/// `swift test` checks the repository's notebooks (notebooks/**/*.tca.md) as CI's
/// `tcaplay test notebooks/` does: the built binary runs every notebook and all pass.
@Suite struct RepositoryNotebooksTests {
  @Test func theRepositorysNotebooksPass() async throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let notebooks = root.appendingPathComponent("notebooks").path
    let result = try await Binary.run(["test", notebooks])
    let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
    #expect(result.status == 0, "tcaplay test notebooks/ failed:\n\(result.output)\(result.error)")
    #expect(summary.hasSuffix(" passed, 0 failed"), "\(result.output)")
    #expect(!summary.hasPrefix("0 passed"), "no notebook ran:\n\(result.output)")
  }
}
