/// Parses the pattern of a `for` loop: a name, `_`, or a tuple of patterns.
struct PatternParser {
  var cursor: TokenCursor

  /// `item`, `_`, `(index, item)`.
  mutating func parsePattern() throws(ScriptError) -> Pattern {
    let token = self.cursor.current
    switch token.kind {
    case .identifier("_"):
      _ = self.cursor.advance()
      return .wildcard(token.range)
    case let .identifier(name):
      _ = self.cursor.advance()
      return .name(name, token.range)
    case .punctuation("("):
      try self.cursor.enter()
      defer { self.cursor.leave() }
      _ = self.cursor.advance()
      var patterns: [Pattern] = []
      while !self.cursor.isPunctuation(")") {
        patterns.append(try self.parsePattern())
        if self.cursor.isPunctuation(",") {
          _ = self.cursor.advance()
        } else if !self.cursor.isPunctuation(")") {
          throw ScriptError("expected ',' or ')' in a tuple pattern, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
        }
      }
      let close = self.cursor.advance()
      return .tuple(patterns, token.range.through(close.range))
    case .keyword("let"), .keyword("var"):
      throw ScriptError("'for \(token.text)' is not needed: write 'for name in …'", at: token.range)
    default:
      throw ScriptError("expected a name or '(' in the 'for' pattern, found \(token.quoted)", at: token.range)
    }
  }
}
