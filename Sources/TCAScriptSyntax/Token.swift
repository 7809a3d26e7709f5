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
    /// `#expect`, `#require`: a freestanding macro's name (without the `#`).
    case pound(String)
    /// `"\(count) items"`: a string literal with interpolations.
    case interpolatedString([InterpolationPart])
    /// An operator (`+`, `??`, `..<`) or punctuation (`(`, `.`, `:`). A run of operator
    /// characters that isn't a known operator (`<>`) is one token too; the parser reports it.
    case punctuation(String)
    case newline
    case end
  }

  public var kind: Kind
  public var range: SourceRange

  package var text: String {
    switch self.kind {
    case let .identifier(name): return name
    case let .dollar(index): return "$\(index)"
    case let .integer(value): return "\(value)"
    case let .float(value): return "\(value)"
    case let .string(value): return "\"\(value)\""
    case let .keyword(word): return word
    case let .pound(name): return "#\(name)"
    case let .interpolatedString(parts): return "\"" + parts.map(\.text).joined() + "\""
    case let .punctuation(symbol): return symbol
    case .newline: return "end of line"
    case .end: return "end of input"
    }
  }

  /// The token as an error message names it: quoted (`')'`, `'foo'`), shortened when long, or
  /// in words at the end of a line or the input.
  package var quoted: String {
    switch self.kind {
    case .newline, .end: return self.text
    default:
      let text = self.text
      return "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
    }
  }
}

/// A piece of an interpolated string literal: text, or the tokens of one `\(…)`.
public enum InterpolationPart: Equatable, Sendable {
  case literal(String)
  /// The tokens between `\(` and `)` (ending with `.end`), and the range of the whole `\(…)`.
  case code([Token], SourceRange)

  package var text: String {
    switch self {
    case let .literal(text): return text
    case let .code(tokens, _):
      return "\\(" + tokens.filter { $0.kind != .end }.map(\.text).joined(separator: " ") + ")"
    }
  }
}
