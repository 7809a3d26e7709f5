import Foundation
import TestSupport
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// Every test body of the corpus (Tests/Corpus, issue 19) parses: what the evaluator rejects
/// there, it rejects by construct, not as a syntax error.
@Suite(.ownThreads) struct CorpusSyntaxTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  @Test func everyCorpusScriptParses() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".tca") }.sorted()
    #expect(files.count >= 40)
    for file in files {
      let source = try String(contentsOf: Self.corpus.appendingPathComponent(file), encoding: .utf8)
      do {
        let statements = try Parser.parse(source)
        #expect(!statements.isEmpty, "\(file)")
        // What the parser read prints back as source that parses to the same statements.
        let printed = statements.map(\.description).joined(separator: "\n")
        #expect(try Parser.parse(printed).map(\.description) == statements.map(\.description), "\(file)")
      } catch {
        Issue.record("\(file):\(error.range.map { "\($0.line):\($0.column)" } ?? ""): \(error.message)")
      }
    }
  }
}
