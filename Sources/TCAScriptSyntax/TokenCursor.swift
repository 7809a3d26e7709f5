/// The parser's place in the tokens, shared by its stages (``Parser``, `ExpressionParser`,
/// `ClosureParser`, `TypeParser`, `PatternParser`): a stage hands its cursor to the next one and
/// takes it back when that one is done, so every stage reads on from where the last one stopped.
///
/// Besides the position it carries the context the grammar depends on: how deeply the input is
/// nested (bounded by ``Parser/maximumDepth``), whether newlines count, whether `{` may open a
/// trailing closure, and whether `let name` binds a name in a pattern.
struct TokenCursor {
  var tokens: [Token]
  var position = 0
  var depth = 0
  /// Inside `()`/`[]`, newlines are insignificant.
  var bracketNesting = 0
  /// In an `if`/`guard` condition or a `for` sequence, `{` opens the body, not a trailing closure.
  var allowsTrailingClosure = true
  /// In an `if case` pattern, `let name` binds a name (`.family(let relation)`).
  var inPattern = false

  init(tokens: [Token]) {
    self.tokens = tokens
  }

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
    guard self.depth <= Parser.maximumDepth else {
      throw ScriptError("expression is nested too deeply (more than \(Parser.maximumDepth) levels)", at: self.current.range)
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
}
