/// A lexical token of the playground's script language.
public struct Token: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case identifier(String)
    /// `$0`, `$1`: closure parameters.
    case dollar(Int)
    case integer(Int)
    case float(Double)
    case string(String)
    case keyword(String)
    case punctuation(String)
    case newline
    case end
  }

  public var kind: Kind
  public var range: SourceRange

  var text: String {
    switch self.kind {
    case let .identifier(name): return name
    case let .dollar(index): return "$\(index)"
    case let .integer(value): return "\(value)"
    case let .float(value): return "\(value)"
    case let .string(value): return "\"\(value)\""
    case let .keyword(word): return word
    case let .punctuation(symbol): return symbol
    case .newline: return "end of line"
    case .end: return "end of input"
    }
  }

  /// The token as an error message names it: quoted (`')'`, `'foo'`), shortened when long, or
  /// in words at the end of a line or the input.
  var quoted: String {
    switch self.kind {
    case .newline, .end: return self.text
    default:
      let text = self.text
      return "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
    }
  }
}
