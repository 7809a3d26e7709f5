/// Parses tokens into statements: a recursive-descent parser for a TCA-shaped subset of Swift
/// (see docs/language.md for what it accepts, and `:help language` in `tcaplay`).
///
/// The parser is split into stages by what they parse, sharing one ``TokenCursor``: statements
/// (`Parser`, `Parser+Statements.swift`), operators and postfix chains (`ExpressionParser`),
/// primary expressions (`ExpressionParser+Primary.swift`), closures (`ClosureParser`), types
/// (`TypeParser`) and `for` patterns (`PatternParser`).
///
/// Nesting is bounded (``maximumDepth``) so that hostile input (ten thousand brackets) is an
/// error, not a stack overflow.
public struct Parser {
  public static let maximumDepth = 200

  var cursor: TokenCursor

  public init(tokens: [Token]) {
    self.cursor = TokenCursor(tokens: tokens)
  }

  init(cursor: TokenCursor) {
    self.cursor = cursor
  }

  /// Parses source text into statements.
  public static func parse(_ source: String) throws(ScriptError) -> [Statement] {
    var parser = Parser(tokens: try Lexer.tokenize(source))
    return try parser.parseStatements(until: nil)
  }

  /// Parses source text that must be a single expression.
  public static func parseExpression(_ source: String) throws(ScriptError) -> Expr {
    var parser = ExpressionParser(cursor: TokenCursor(tokens: try Lexer.tokenize(source)))
    return try parser.parseWholeExpression()
  }

  // MARK: - Statement lists

  /// Statements up to `closing` (`}`), or to the end of the input when `closing` is nil.
  mutating func parseStatements(until closing: String?, in construct: String = "the closure") throws(ScriptError) -> [Statement] {
    var statements: [Statement] = []
    while true {
      while case .newline = self.cursor.current.kind { _ = self.cursor.advance() }
      while self.cursor.isPunctuation(";") { _ = self.cursor.advance() }
      if case .newline = self.cursor.current.kind { continue }
      if case .end = self.cursor.current.kind {
        if let closing {
          throw ScriptError("expected '\(closing)' to close \(construct)", at: self.cursor.current.range)
        }
        return statements
      }
      if let closing, self.cursor.isPunctuation(closing) { return statements }
      statements.append(try self.parseStatement())
      switch self.cursor.current.kind {
      case .newline, .end: continue
      case .punctuation(";"): _ = self.cursor.advance()
      case .punctuation(let p) where p == closing: continue
      case .punctuation(let p) where Parser.isUnknownOperator(p):
        throw ScriptError("unknown operator '\(p)'", at: self.cursor.current.range)
      default:
        throw ScriptError("unexpected \(self.cursor.current.quoted); expected end of statement", at: self.cursor.current.range)
      }
    }
  }

  /// A run of operator characters the language doesn't know (`<>`, `=-`).
  static func isUnknownOperator(_ symbol: String) -> Bool {
    guard let first = symbol.unicodeScalars.first, Lexer.operatorCharacters.contains(first) else { return false }
    return !Lexer.operators.contains(symbol)
  }

  // MARK: - The other stages

  /// An expression, as a statement or a part of one.
  mutating func parseExpression() throws(ScriptError) -> Expr {
    var stage = ExpressionParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parseExpression()
  }

  /// The pattern of an `if case`/`guard case` condition, parsed as an expression.
  mutating func parseBinary(precedence minimum: Int) throws(ScriptError) -> Expr {
    var stage = ExpressionParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parseBinary(precedence: minimum)
  }

  /// A declaration's type annotation.
  mutating func parseType() throws(ScriptError) -> TypeSyntax {
    var stage = TypeParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parseType()
  }

  /// A `for` loop's pattern.
  mutating func parsePattern() throws(ScriptError) -> Pattern {
    var stage = PatternParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parsePattern()
  }
}
