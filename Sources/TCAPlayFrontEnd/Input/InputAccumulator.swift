/// Gathers the physical lines a user types into complete inputs: a statement continues on the
/// next line while a bracket, parenthesis or brace is open, and a `:{` … `:}` block holds
/// several lines until it is closed. Meta commands (`:state`) are always one line.
///
/// ```swift
/// var input = InputAccumulator()
/// input.add("store.send(.addItem) {")   // .needsMore
/// input.add("  $0.lastId = 1")          // .needsMore
/// input.add("}")                        // .complete("store.send(.addItem) {\n  $0.lastId = 1\n}")
/// ```
public struct InputAccumulator: Sendable {
  /// What adding a line produced.
  public enum Result: Equatable, Sendable {
    /// A whole input, ready to run.
    case complete(String)
    /// The input goes on: read another line (with the continuation prompt).
    case needsMore
  }

  private var lines: [String] = []
  private var isInBlock = false

  public init() {}

  /// Whether nothing is pending (the next line starts a new input).
  public var isEmpty: Bool { self.lines.isEmpty && !self.isInBlock }

  /// The first line number (counting from 1) of the pending input among all lines added, for
  /// error positions in files.
  public private(set) var startLine = 1
  private var lineCount = 0

  /// Adds one physical line.
  public mutating func add(_ line: String) -> Result {
    self.lineCount += 1
    let trimmed = line.trimmingBlanks()
    if self.isInBlock {
      if trimmed == ":}" {
        let text = self.lines.joined(separator: "\n")
        self.reset()
        return .complete(text)
      }
      self.lines.append(line)
      return .needsMore
    }
    if self.lines.isEmpty {
      self.startLine = self.lineCount
      if trimmed == ":{" {
        self.isInBlock = true
        self.startLine = self.lineCount + 1
        return .needsMore
      }
      if trimmed.hasPrefix(":") {
        return .complete(trimmed)
      }
    }
    self.lines.append(line)
    let text = self.lines.joined(separator: "\n")
    if Self.openBrackets(in: text) > 0 {
      return .needsMore
    }
    self.lines = []
    return .complete(text)
  }

  /// What is pending, as one input (for the end of a file, where an unfinished statement is run
  /// so that its error shows).
  public mutating func flush() -> String? {
    defer { self.reset() }
    let text = self.lines.joined(separator: "\n")
    return text.trimmingBlanks(newlines: true).isEmpty ? nil : text
  }

  /// Forgets the pending input (Ctrl-C).
  public mutating func reset() {
    self.lines = []
    self.isInBlock = false
  }

  /// How many `(`, `[` and `{` are open at the end of `text`, outside string literals and
  /// `//` comments.
  public static func openBrackets(in text: String) -> Int {
    // ASCII text (nearly every input) is walked by bytes: walking it by characters was a tenth
    // of the front end's time per piped line (issue #22).
    Self.openBrackets(inASCII: text.utf8) ?? Self.openBrackets(byCharacters: text)
  }

  /// ``openBrackets(in:)``, walking `text` by characters.
  static func openBrackets(byCharacters text: String) -> Int {
    var counter = BracketCounter()
    for character in text { counter.add(BracketCounter.Unit(character)) }
    return counter.depth
  }

  /// ``openBrackets(in:)`` for text that is all ASCII, where each character is one byte but
  /// `\r\n` (one character, which closes no string or comment); `nil` for any other text.
  static func openBrackets(inASCII text: String.UTF8View) -> Int? {
    var counter = BracketCounter()
    var bytes = text.makeIterator()
    var next = bytes.next()
    while let byte = next {
      next = bytes.next()
      guard byte < 0x80 else { return nil }
      if byte == UInt8(ascii: "\r"), next == UInt8(ascii: "\n") {
        next = bytes.next()
        counter.add(.other)
      } else {
        counter.add(BracketCounter.Unit(byte))
      }
    }
    return counter.depth
  }
}

/// Counts the brackets open in a text fed to it character by character, outside string literals
/// and `//` comments.
private struct BracketCounter {
  /// What a character is to the count.
  enum Unit {
    case newline, quote, backslash, slash, opening, closing, other

    init(_ character: Character) {
      switch character {
      case "\n": self = .newline
      case "\"": self = .quote
      case "\\": self = .backslash
      case "/": self = .slash
      case "(", "[", "{": self = .opening
      case ")", "]", "}": self = .closing
      default: self = .other
      }
    }

    init(_ byte: UInt8) {
      switch byte {
      case UInt8(ascii: "\n"): self = .newline
      case UInt8(ascii: "\""): self = .quote
      case UInt8(ascii: "\\"): self = .backslash
      case UInt8(ascii: "/"): self = .slash
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): self = .opening
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): self = .closing
      default: self = .other
      }
    }
  }

  private(set) var depth = 0
  private var inString = false
  private var escaped = false
  private var inComment = false
  private var previous = Unit.other

  mutating func add(_ unit: Unit) {
    defer { self.previous = unit }
    if unit == .newline {
      self.inString = false
      self.inComment = false
      self.escaped = false
      return
    }
    if self.inComment { return }
    if self.inString {
      if self.escaped {
        self.escaped = false
      } else if unit == .backslash {
        self.escaped = true
      } else if unit == .quote {
        self.inString = false
      }
      return
    }
    switch unit {
    case .quote: self.inString = true
    case .slash where self.previous == .slash: self.inComment = true
    case .opening: self.depth += 1
    case .closing: self.depth -= 1
    default: break
    }
  }
}
