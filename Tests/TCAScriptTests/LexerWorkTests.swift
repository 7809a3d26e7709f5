import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// How much work the lexer does for nested string interpolations, counted rather than timed:
/// each interpolation is lexed once. (The fuzzer found a 4 KB line that took seconds: skipping
/// a nested string to find its interpolation's `)` lexed its code, and then the code was lexed
/// again, so a string N interpolations deep was lexed 2^N times.)
@Suite struct LexerWorkTests {
  /// `"\("\(…"x"…)")"`, `depth` interpolations deep.
  func nested(_ depth: Int) -> String {
    String(repeating: #""\("#, count: depth) + #""x""# + String(repeating: #")""#, count: depth)
  }

  @Test func eachNestedInterpolationIsLexedOnce() throws {
    for depth in [1, 2, 8, 16] {
      var lexer = Lexer(self.nested(depth))
      let tokens = try lexer.tokenizeAll()
      #expect(tokens.count == 2, "depth \(depth)")
      #expect(lexer.interpolationsLexed == depth, "depth \(depth)")
    }
  }

  @MainActor @Test func nestedInterpolationsKeepTheirValue() async {
    let session = Session(catalog: testCatalog)
    let outputs = await session.run(#"let a = "a\("b\("c\(1 + 1)d")e")f""# + "\n" + "a")
    #expect(outputs.map(\.text) == [#""abc2def""#])
  }

  /// A skipped string reports the errors it reported when it was lexed while skipped, at the
  /// same places: unterminated literals and interpolations, bad escapes, bad characters.
  @Test func errorsInsideNestedInterpolations() {
    #expect(self.error(#""\("\("x)")""#) == "1:2: unterminated string interpolation; expected ')'")
    #expect(self.error(#""\("\("\(@)")")""#) == "1:10: unexpected character '@'")
    #expect(self.error(#""\("a\q")""#) == "1:6: invalid escape sequence '\\q'")
    #expect(self.error(#""\("\("a\q")")""#) == "1:9: invalid escape sequence '\\q'")
    #expect(self.error(#""\("a""#) == "1:2: unterminated string interpolation; expected ')'")
    #expect(self.error(#""\("\("a"#) == "1:7: unterminated string literal")
  }

  /// The fuzzer's input, reduced to its shape: deeply nested interpolations in a line whose
  /// error comes at the end (there, a byte that isn't UTF-8; here, the outer literal's missing
  /// quote), so everything before it is lexed first.
  @Test func anErrorAfterNestedInterpolationsComesAfterLexingEachOnce() {
    var lexer = Lexer(String(self.nested(16).dropLast()))
    #expect(throws: ScriptError.self) { try lexer.tokenizeAll() }
    #expect(lexer.interpolationsLexed == 16)
  }

  func error(_ source: String) -> String {
    do {
      _ = try Lexer.tokenize(source)
      return "no error"
    } catch {
      return "\(error.range.map { "\($0.line):\($0.column)" } ?? "?"): \(error.message)"
    }
  }
}
