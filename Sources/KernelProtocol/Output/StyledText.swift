/// Text as the playground prints it, each part marked with what it is (an error, a line a diff
/// added, a view update…) rather than how it looks: where it is finally written decides that
/// (``TextStyle``: colours on a terminal, plain text in a pipe, a file or with `NO_COLOR`).
///
/// The kernel sends its output to the front end in this form, so that styling happens once, at
/// the last step.
///
/// ```swift
/// var text = StyledText("✘ A state change does not match expectation: …", .failure)
/// text.append("\n")
/// text.append("  −   count: 1", .removed)
/// TextStyle(isColored: false).render(text)   // the two lines, as they read
/// ```
public struct StyledText: Codable, Equatable, Sendable {
  /// What a part of the text is.
  public enum Kind: String, Codable, Sendable {
    /// Ordinary output: values, command output, notes.
    case plain
    /// An error message (a problem with the input).
    case error
    /// A failure's headline (`✘ …`: a failed assertion).
    case failure
    /// A line a diff removed (`-`, `−`).
    case removed
    /// A line a diff added (`+`).
    case added
    /// A passed assertion (`✔`).
    case pass
    /// A message from the playground itself (loaded, restarted, interrupted…).
    case info
    /// A command named in running text (the banner's `:help`).
    case command
    /// A title (the banner's `tcaplay`).
    case title
    /// The rows of a watched view that an action changed (`:view`).
    case view
    /// An input printed before its output (`tcaplay run --echo`).
    case echo
    /// The details under a headline (a crash report's second line).
    case detail
    /// A hint to the reader (a notebook's pauses, a prediction's question).
    case hint
    /// Code being run (a notebook cell as a lesson shows it).
    case code
    /// A prompt that asks for an input (`tca> `, `predict> `).
    case prompt
    /// A prompt that continues an input or waits quietly (`...> `, `step> `).
    case quietPrompt
  }

  /// A run of text of one kind.
  public struct Span: Codable, Equatable, Sendable {
    public var kind: Kind
    public var text: String

    public init(_ text: String, _ kind: Kind) {
      self.kind = kind
      self.text = text
    }
  }

  /// The parts, in order.
  public private(set) var spans: [Span] = []

  /// Empty text.
  public init() {}

  /// `text`, all of one kind.
  public init(_ text: String, _ kind: Kind = .plain) {
    self.append(text, kind)
  }

  /// `text` followed by a newline (which is plain).
  public static func line(_ text: String, _ kind: Kind = .plain) -> StyledText {
    var line = StyledText(text, kind)
    line.append("\n")
    return line
  }

  /// Adds `text` of `kind` at the end. Plain text joins the plain text before it; other kinds
  /// stay separate parts, since each is styled as a whole.
  public mutating func append(_ text: String, _ kind: Kind = .plain) {
    guard !text.isEmpty else { return }
    if kind == .plain, let last = self.spans.last, last.kind == .plain {
      self.spans[self.spans.count - 1].text += text
    } else {
      self.spans.append(Span(text, kind))
    }
  }

  /// Adds `other`'s parts at the end.
  public mutating func append(_ other: StyledText) {
    for span in other.spans { self.append(span.text, span.kind) }
  }

  public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
    var result = lhs
    result.append(rhs)
    return result
  }

  /// `parts` with `separator` (plain) between each two.
  public static func joined(_ parts: [StyledText], separator: String) -> StyledText {
    var result = StyledText()
    for (index, part) in parts.enumerated() {
      if index > 0 { result.append(separator) }
      result.append(part)
    }
    return result
  }

  /// Whether there is no text at all.
  public var isEmpty: Bool { self.spans.isEmpty }

  /// The text without its kinds.
  public var plainText: String { self.spans.map(\.text).joined() }

  /// The text without its last character when that is a newline (a cell's output, shown
  /// without the newline that ends its last line).
  public func droppingFinalNewline() -> StyledText {
    guard var last = self.spans.last, last.text.hasSuffix("\n") else { return self }
    var result = self
    last.text.removeLast()
    result.spans.removeLast()
    if !last.text.isEmpty { result.spans.append(last) }
    return result
  }
}
