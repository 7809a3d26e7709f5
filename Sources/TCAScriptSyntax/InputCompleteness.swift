/// Whether text typed so far is a whole input or goes on at the next line, decided by the
/// script ``Lexer`` itself, so that the prompt and the interpreter agree on strings, escapes,
/// interpolations and `//` and `/* */` comments.
///
/// ```swift
/// InputCompleteness.of("store.send(.addItem) {")     // .needsMore(openBrackets: 1)
/// InputCompleteness.of("store.send(.addItem) /* ( */") // .complete
/// InputCompleteness.of("let x = 1 /* more")           // .needsMore(openBrackets: 0)
/// ```
public enum InputCompleteness: Equatable, Sendable {
  /// A whole input: run it (a lexical error in it is the interpreter's to report).
  case complete
  /// A bracket, parenthesis or brace is open, or a `/*` comment is: read another line.
  case needsMore(openBrackets: Int)

  /// Whether `text` is a whole input.
  public static func of(_ text: String) -> InputCompleteness {
    var lexer = Lexer(text)
    var depth = 0
    while true {
      let token: Token
      do {
        token = try lexer.next()
      } catch {
        return lexer.endedInComment ? .needsMore(openBrackets: max(depth, 0)) : .complete
      }
      switch token.kind {
      case .punctuation("("), .punctuation("["), .punctuation("{"): depth += 1
      case .punctuation(")"), .punctuation("]"), .punctuation("}"): depth -= 1
      case .end: return depth > 0 ? .needsMore(openBrackets: depth) : .complete
      default: break
      }
    }
  }
}
