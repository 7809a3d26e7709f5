/// Parses tokens into statements: a recursive-descent parser for a TCA-shaped subset of Swift
/// (see docs/language.md for what it accepts, and `:help language` in `tcaplay`).
///
/// The parser is split by what it parses: statements (`Parser+Statements.swift`), operators and
/// postfix chains (`Parser+Expressions.swift`), primary expressions (`Parser+Primary.swift`),
/// closures (`Parser+Closures.swift`) and types (`Parser+Types.swift`).
///
/// Nesting is bounded (``maximumDepth``) so that hostile input (ten thousand brackets) is an
/// error, not a stack overflow.
public struct Parser {
  public static let maximumDepth = 200

  var tokens: [Token]
  var position = 0
  var depth = 0
  /// Inside `()`/`[]`, newlines are insignificant.
  var bracketNesting = 0
  /// In an `if`/`guard` condition or a `for` sequence, `{` opens the body, not a trailing closure.
  var allowsTrailingClosure = true
  /// In an `if case` pattern, `let name` binds a name (`.family(let relation)`).
  var inPattern = false

  public init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// Parses source text into statements.
  public static func parse(_ source: String) throws(ScriptError) -> [Statement] {
    var parser = Parser(tokens: try Lexer.tokenize(source))
    return try parser.parseStatements(until: nil)
  }

  /// Parses source text that must be a single expression.
  public static func parseExpression(_ source: String) throws(ScriptError) -> Expr {
    var parser = Parser(tokens: try Lexer.tokenize(source))
    return try parser.parseWholeExpression()
  }

  /// The tokens must hold one expression and end there (string interpolations).
  mutating func parseWholeExpression() throws(ScriptError) -> Expr {
    self.skipNewlines()
    let expr = try self.parseExpression()
    self.skipNewlines()
    guard case .end = self.current.kind else {
      throw ScriptError("unexpected \(self.current.quoted) after expression", at: self.current.range)
    }
    return expr
  }

  // MARK: - Token helpers

  var current: Token { self.tokens[min(self.position, self.tokens.count - 1)] }

  func peekKind(_ offset: Int = 1) -> Token.Kind {
    self.tokens[min(self.position + offset, self.tokens.count - 1)].kind
  }

  mutating func advance() -> Token {
    let token = self.current
    if self.position < self.tokens.count - 1 { self.position += 1 }
    if self.bracketNesting > 0 { self.skipNewlines() }
    return token
  }

  mutating func skipNewlines() {
    while case .newline = self.current.kind, self.position < self.tokens.count - 1 {
      self.position += 1
    }
  }

  func isPunctuation(_ symbol: String) -> Bool {
    if case .punctuation(symbol) = self.current.kind { return true }
    return false
  }

  func isKeyword(_ word: String) -> Bool {
    if case .keyword(word) = self.current.kind { return true }
    return false
  }

  mutating func expect(_ symbol: String, _ context: String) throws(ScriptError) -> Token {
    guard self.isPunctuation(symbol) else {
      throw ScriptError("expected '\(symbol)' \(context), found \(self.current.quoted)", at: self.current.range)
    }
    return self.advance()
  }

  mutating func enter() throws(ScriptError) {
    self.depth += 1
    guard self.depth <= Self.maximumDepth else {
      throw ScriptError("expression is nested too deeply (more than \(Self.maximumDepth) levels)", at: self.current.range)
    }
  }

  mutating func leave() { self.depth -= 1 }

  /// A token directly after the previous one (no space between) on the same line: a `?` or `!`
  /// there is postfix, a `<` opens generic arguments.
  func isAttached(at position: Int) -> Bool {
    guard position > 0, position < self.tokens.count else { return false }
    let previous = self.tokens[position - 1].range
    let current = self.tokens[position].range
    return previous.line == current.line && previous.column + previous.length == current.column
  }

  // MARK: - Statement lists

  /// Statements up to `closing` (`}`), or to the end of the input when `closing` is nil.
  mutating func parseStatements(until closing: String?, in construct: String = "the closure") throws(ScriptError) -> [Statement] {
    var statements: [Statement] = []
    while true {
      while case .newline = self.current.kind { _ = self.advance() }
      while self.isPunctuation(";") { _ = self.advance() }
      if case .newline = self.current.kind { continue }
      if case .end = self.current.kind {
        if let closing {
          throw ScriptError("expected '\(closing)' to close \(construct)", at: self.current.range)
        }
        return statements
      }
      if let closing, self.isPunctuation(closing) { return statements }
      statements.append(try self.parseStatement())
      switch self.current.kind {
      case .newline, .end: continue
      case .punctuation(";"): _ = self.advance()
      case .punctuation(let p) where p == closing: continue
      case .punctuation(let p) where Parser.isUnknownOperator(p):
        throw ScriptError("unknown operator '\(p)'", at: self.current.range)
      default:
        throw ScriptError("unexpected \(self.current.quoted); expected end of statement", at: self.current.range)
      }
    }
  }

  /// A run of operator characters the language doesn't know (`<>`, `=-`).
  static func isUnknownOperator(_ symbol: String) -> Bool {
    guard let first = symbol.unicodeScalars.first, Lexer.operatorCharacters.contains(first) else { return false }
    return !Lexer.operators.contains(symbol)
  }
}
