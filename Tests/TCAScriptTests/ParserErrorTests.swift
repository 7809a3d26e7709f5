import TestSupport
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// Malformed input gets one error: a message and the position it is about.
@Suite(.ownThreads) struct ParserErrorTests {
  func error(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
      let statements = try Parser.parse(source)
      Issue.record("parsed: \(statements)", sourceLocation: sourceLocation)
      return ""
    } catch {
      return "\(error.range.map { "\($0.line):\($0.column)" } ?? "?"): \(error.message)"
    }
  }

  @Test func closures() {
    #expect(self.error("let done = items.filter { $0.isDone") == "1:36: expected '}' to close the closure")
    #expect(self.error("items.map { a, b a + b }") == "1:18: expected 'in' after the closure's parameters, found 'a'")
    #expect(self.error("items.map { (a, b) a + b }") == "1:20: expected 'in' after the closure's parameters, found 'a'")
    #expect(self.error("items.map { a -> in a }") == "1:18: expected a type, found 'in'")
    #expect(self.error("items.map { [weak self] in 1 }") == "1:13: capture lists are not supported")
  }

  @Test func operators() {
    #expect(self.error("1 <> 2") == "1:3: unknown operator '<>'")
    #expect(self.error("let x =-1") == "1:7: unknown operator '=-'")
    #expect(self.error("a == b == c") == "1:8: '==' and '==' can't be chained (ComparisonPrecedence doesn't associate); add parentheses")
    #expect(self.error("0..<1..<2") == "1:6: '..<' and '..<' can't be chained (RangeFormationPrecedence doesn't associate); add parentheses")
    #expect(self.error("f(1 +)") == "1:5: expected an expression after '+'")
    #expect(self.error("a ? b") == "1:6: expected ':' in a conditional expression ('condition ? a : b'), found end of input")
    #expect(self.error("a ** b") == "1:3: unknown operator '**'")
  }

  @Test func strings() {
    #expect(self.error(#"let s = "\(x"#) == "1:10: unterminated string interpolation; expected ')'")
    #expect(self.error(#"let s = "\(x""#) == "1:13: unterminated string literal")
    #expect(self.error(#"let s = "\()""#) == "1:10: expected an expression in the string interpolation")
    #expect(self.error(#"let s = "a \(x +) b""#) == "1:17: expected an expression")
    #expect(self.error("/* open") == "1:1: unterminated '/*' comment")
  }

  @Test func statements() {
    #expect(self.error("if x {\n  y = 1\n") == "3:1: expected '}' to close the 'if' body")
    #expect(self.error("if x y = 1") == "1:6: expected '{' to begin the 'if' body, found 'y'")
    #expect(self.error("guard let x = y { return }") == "1:17: expected 'else' after the 'guard' condition, found '{'")
    #expect(self.error("for x of xs {}") == "1:7: expected 'in' after the 'for' pattern, found 'of'")
    #expect(self.error("if case .some(let) = y {}") == "1:18: expected a name after 'let' in the pattern")
    #expect(self.error("if case .some(x) y {}") == "1:18: expected '=' after the 'if case' pattern, found 'y'")
    #expect(self.error("let x: = 1") == "1:8: expected a type, found '='")
    #expect(self.error("let x: Int") == "1:11: expected '=' after 'let x: Int', found end of input")
    #expect(self.error("let (a, b) = pair") == "1:5: tuple patterns ('let (a, b) = …') are not supported; bind each value on its own")
    #expect(self.error("else { }") == "1:1: unexpected 'else'")
    #expect(self.error("do { } catch let e { }") == "1:14: only 'catch { … }' is supported (no pattern), found 'let'")
    #expect(self.error("let y = if") == "1:9: expected an expression, found keyword 'if'")
  }

  @Test func typesAndMacros() {
    #expect(self.error("let a: [Int = []") == "1:13: expected ']' to close the array type, found '='")
    #expect(self.error("let a: Array<Int = []") == "1:18: expected '>' to close the generic arguments, found '='")
    #expect(self.error("# expect(x)") == "1:1: expected a macro name after '#', as in '#expect'")
  }

  /// Random sequences of the language's tokens parse or fail with an error; nothing traps, and
  /// deep nesting of the new constructs is an error too.
  @Test func tokenSoupNeverTraps() {
    let pieces = [
      "{", "}", "(", ")", "[", "]", "<", ">", ">>", "?", "!", "??", "..<", "...", "=", "==", "+", "-", "*", "&&",
      ",", ":", ".", "->", "in", "let", "var", "if", "else", "guard", "for", "case", "try", "await", "return",
      "#expect", "x", "Todo.State", "$0", "1", "2.5", "\"s\"", "\"a\\(x)b\"", "\\.id", "_", "\n", " ", "async", "throws",
    ]
    var seed: UInt64 = 19
    for round in 0..<3_000 {
      var source = ""
      for _ in 0...(round % 25) {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        source += pieces[Int(seed >> 33) % pieces.count] + (seed & 1 == 0 ? " " : "")
      }
      _ = try? Parser.parse(source)
    }
    for deep in [
      String(repeating: "{ x in ", count: 5_000), String(repeating: "if x { ", count: 5_000),
      String(repeating: "\"\\(", count: 5_000), String(repeating: "Array<", count: 5_000),
      String(repeating: "a ?? ", count: 5_000) + "b", String(repeating: "try ", count: 5_000) + "x",
    ] {
      #expect(throws: ScriptError.self) { try Parser.parse(deep) }
    }
  }
}
