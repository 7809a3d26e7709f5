/// How printed text looks where it is finally written: ANSI colours on a terminal, plain text
/// otherwise (a pipe, a file, or `NO_COLOR` set). The last step of all output: the REPL, the
/// kernel and notebooks make ``StyledText``, and the console that writes it renders it here.
public struct TextStyle: Sendable {
  public var isColored: Bool

  public init(isColored: Bool) {
    self.isColored = isColored
  }

  /// Colours when `stdout` is a terminal and the environment does not set `NO_COLOR`.
  public static func detect(isTerminal: Bool, environment: [String: String]) -> TextStyle {
    TextStyle(isColored: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
  }

  /// `text` as it is written: each part in its kind's colour, or the plain text without colours.
  public func render(_ text: StyledText) -> String {
    guard self.isColored else { return text.plainText }
    return text.spans.map { span in
      guard let code = Self.colorCode(of: span.kind), !span.text.isEmpty else { return span.text }
      return "\u{1B}[\(code)m\(span.text)\u{1B}[0m"
    }.joined()
  }

  /// A readline prompt: escape sequences wrapped in `\001`/`\002` so that readline does not
  /// count them as visible characters.
  public func prompt(_ text: String, _ kind: StyledText.Kind = .prompt) -> String {
    guard self.isColored, let code = Self.colorCode(of: kind) else { return text }
    let trimmed = text.hasSuffix(" ") ? String(text.dropLast()) : text
    let trailing = text.hasSuffix(" ") ? " " : ""
    return "\u{1}\u{1B}[\(code)m\u{2}\(trimmed)\u{1}\u{1B}[0m\u{2}\(trailing)"
  }

  /// The SGR code of each kind's colour; `nil` leaves it as it is.
  static func colorCode(of kind: StyledText.Kind) -> String? {
    switch kind {
    case .plain: return nil
    case .error, .removed: return "31"
    case .added, .pass: return "32"
    case .info, .command: return "36"
    case .view: return "35"
    case .echo, .detail, .hint, .quietPrompt: return "2"
    case .title: return "1"
    case .failure: return "1;31"
    case .code, .prompt: return "1;36"
    }
  }
}
