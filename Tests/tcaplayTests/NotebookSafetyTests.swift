import Foundation
import Testing

/// A notebook someone shares is safe to run: it can't run shell commands, can't compile Swift
/// (which would run code), and writes files only through `:save` and `:test-export`, which refuse
/// to overwrite without `!`.
@Suite struct NotebookSafetyTests {
  @Test func aSharedNotebookCannotRunCodeOrOverwriteFiles() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-safety-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let marker = directory.appendingPathComponent("pwned").path
    let evil = directory.appendingPathComponent("Evil.swift").path
    try """
      import Foundation
      let pwned = FileManager.default.createFile(atPath: "\(marker)", contents: nil)
      """.write(toFile: evil, atomically: true, encoding: .utf8)
    // A saved session that loads the file, as a journal of someone's own feature would.
    let session = directory.appendingPathComponent("shared.tca").path
    try ":load \(evil)\n".write(toFile: session, atomically: true, encoding: .utf8)
    let existing = directory.appendingPathComponent("Existing.swift").path
    try "// keep me\n".write(toFile: existing, atomically: true, encoding: .utf8)
    let notebook = directory.appendingPathComponent("shared.tca.md").path
    try """
      # Shared

      ```tca expect-failure
      :load \(evil)
      ```

      ```tca expect-failure
      :open \(session)
      ```

      ```tca expect-failure
      :! touch \(marker)
      ```

      ```tca expect-failure
      :load DemoForEach
      store.send(.addItem)
      :save \(existing)
      ```

      ```tca expect-failure
      :test-export \(existing)
      ```

      ```tca
      store.state.lastId
      ```
      """.write(toFile: notebook, atomically: true, encoding: .utf8)

    let result = try await Binary.run(["test", "--update", notebook])
    #expect(result.output.hasSuffix("1 passed, 0 failed\n"), "\(result.output)")
    let recorded = try String(contentsOfFile: notebook, encoding: .utf8)
    let outputs = recorded.components(separatedBy: "```output\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    let refusal = "error: a notebook can't compile Swift files (that would run their code); ':load' them in the REPL instead"
    #expect(outputs.count == 6)
    #expect(outputs.first == refusal)
    #expect(outputs.dropFirst().first?.contains(refusal) == true)
    #expect(outputs.dropFirst(2).first?.hasPrefix("error: unknown command ':!'") == true)
    #expect(outputs.dropFirst(3).first?.hasSuffix("error: \(existing) exists; add '!' (:save! FILE) to overwrite it") == true)
    #expect(outputs.dropFirst(4).first == "error: \(existing) exists; add '!' to overwrite it")
    #expect(outputs.last == "1")
    // Nothing ran, nothing was overwritten.
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "// keep me\n")
  }
}
