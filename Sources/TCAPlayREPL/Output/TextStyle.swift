import PlaygroundHost
import TCAScript

/// How the REPL colours what it prints: ANSI colours on a terminal, plain text otherwise (a pipe,
/// a file, or `NO_COLOR` set).
public struct TextStyle: Sendable {
  public var isColored: Bool

  public init(isColored: Bool) {
    self.isColored = isColored
  }

  /// Colours when `stdout` is a terminal and the environment does not set `NO_COLOR`.
  public static func detect(isTerminal: Bool, environment: [String: String]) -> TextStyle {
    TextStyle(isColored: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
  }

  public enum Color: String, Sendable {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case magenta = "35"
    case cyan = "36"
    case dim = "2"
    case bold = "1"
    case boldRed = "1;31"
    case boldCyan = "1;36"
  }

  /// `text` in `color`, or `text` unchanged without colours.
  public func paint(_ text: String, _ color: Color) -> String {
    guard self.isColored, !text.isEmpty else { return text }
    return "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m"
  }

  /// A readline prompt: escape sequences wrapped in `\001`/`\002` so that readline does not
  /// count them as visible characters.
  public func prompt(_ text: String, _ color: Color) -> String {
    guard self.isColored else { return text }
    let trimmed = text.hasSuffix(" ") ? String(text.dropLast()) : text
    let trailing = text.hasSuffix(" ") ? " " : ""
    return "\u{1}\u{1B}[\(color.rawValue)m\u{2}\(trimmed)\u{1}\u{1B}[0m\u{2}\(trailing)"
  }

  /// One interpreter output as the REPL prints it (without a trailing newline).
  public func render(_ output: Session.Output) -> String {
    switch output.kind {
    case .value:
      return output.text
    case .changes:
      guard let record = output.record else { return output.text }
      return self.render(record)
    case .failure:
      var lines = output.rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard !lines.isEmpty else { return output.rendered }
      lines[0] = self.paint(lines[0], .boldRed)
      return ([lines[0]] + lines.dropFirst().map { self.colorDiffLine($0) }).joined(separator: "\n")
    case .error:
      return self.paint(output.text, .red)
    case .info:
      return self.paint(output.text, .cyan)
    case .pass:
      return self.paint(output.rendered, .green)
    }
  }

  /// A printed change, coloured by what each line is: removed lines red, added lines green.
  public func render(_ record: ChangeRecord) -> String {
    guard self.isColored else { return record.text }
    return record.lines.map { line in
      switch line.kind {
      case .removed: return self.paint(line.text, .red)
      case .added: return self.paint(line.text, .green)
      case .header, .action, .context, .unchanged, .label: return line.text
      }
    }.joined(separator: "\n")
  }

  /// A diff with removed lines (`-`, `−`) red and added lines (`+`) green (a failure's diff,
  /// which comes as text).
  public func colorDiff(_ text: String) -> String {
    guard self.isColored else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { self.colorDiffLine(String($0)) }
      .joined(separator: "\n")
  }

  private func colorDiffLine(_ line: String) -> String {
    let body = line.drop { $0 == " " || $0 == "\u{2007}" }
    switch body.first {
    case "-", "−": return self.paint(line, .red)
    case "+": return self.paint(line, .green)
    default: return line
    }
  }
}
