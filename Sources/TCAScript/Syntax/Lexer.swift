/// Splits script source into tokens.
///
/// Hand-written (rather than built on swift-parsing) for speed and for precise positions on
/// every token, which error carets and completion need. Never traps: any unexpected character
/// becomes a ``ScriptError`` at its position.
public struct Lexer {
  static let keywords: Set<String> = ["let", "var", "true", "false", "nil", "await"]
  static let symbols = [
    "...", "..<", "==", "!=", "+=", "-=", "->", "&&", "||", "<=", ">=",
    "(", ")", "[", "]", "{", "}", ".", ",", ":", ";", "=", "?", "!", "\\", "/", "+", "-", "*",
    "<", ">", "&", "%",
  ]

  // Unicode scalars rather than Characters: grapheme breaking made lexing a 1 MB line take
  // seconds. Columns count scalars, which equals characters for the script language's text.
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  public init(_ source: String) {
    self.scalars = Array(source.unicodeScalars)
  }

  /// Tokenizes the whole source. The last token is always `.end`.
  public static func tokenize(_ source: String) throws(ScriptError) -> [Token] {
    var lexer = Lexer(source)
    var tokens: [Token] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private var column: Int { self.index - self.lineStart + 1 }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    let i = self.index + offset
    return i < self.scalars.count ? self.scalars[i] : nil
  }

  private func range(from start: Int) -> SourceRange {
    SourceRange(line: self.line, column: start - self.lineStart + 1, length: max(1, self.index - start))
  }

  mutating func next() throws(ScriptError) -> Token {
    // Skip spaces and comments.
    while let c = self.peek() {
      if c == " " || c == "\t" || c == "\r" {
        self.index += 1
      } else if c == "/" && self.peek(1) == "/" {
        while let c = self.peek(), c != "\n" { self.index += 1 }
      } else {
        break
      }
    }
    let start = self.index
    guard let c = self.peek() else {
      return Token(kind: .end, range: SourceRange(line: self.line, column: self.column, length: 1))
    }
    if c == "\n" {
      self.index += 1
      let token = Token(kind: .newline, range: SourceRange(line: self.line, column: start - self.lineStart + 1, length: 1))
      self.line += 1
      self.lineStart = self.index
      return token
    }
    if Self.isIdentifierStart(c) {
      while let c = self.peek(), Self.isIdentifierStart(c) || Self.isDigit(c) { self.index += 1 }
      let word = Self.text(self.scalars[start..<self.index])
      return Token(kind: Self.keywords.contains(word) ? .keyword(word) : .identifier(word), range: self.range(from: start))
    }
    if c == "`" {
      self.index += 1
      while let c = self.peek(), c != "`", c != "\n" { self.index += 1 }
      guard self.peek() == "`" else {
        throw ScriptError("unterminated backquoted identifier", at: self.range(from: start))
      }
      self.index += 1
      return Token(kind: .identifier(Self.text(self.scalars[(start + 1)..<(self.index - 1)])), range: self.range(from: start))
    }
    if c == "$" {
      self.index += 1
      let digitsStart = self.index
      while let c = self.peek(), Self.isDigit(c) { self.index += 1 }
      guard let value = Int(Self.text(self.scalars[digitsStart..<self.index])) else {
        throw ScriptError("expected a closure parameter like '$0'", at: self.range(from: start))
      }
      return Token(kind: .dollar(value), range: self.range(from: start))
    }
    if Self.isDigit(c) {
      return try self.number(from: start)
    }
    if c == "\"" {
      return try self.string(from: start)
    }
    for symbol in Self.symbols where self.matches(symbol) {
      self.index += symbol.count
      return Token(kind: .punctuation(symbol), range: self.range(from: start))
    }
    self.index += 1
    if c == "\u{FFFD}" {
      // Input is decoded with invalid bytes replaced by U+FFFD.
      throw ScriptError("invalid UTF-8 (bytes that are not text, shown as '\u{FFFD}')", at: self.range(from: start))
    }
    let hex = String(c.value, radix: 16, uppercase: true)
    let shown = c.properties.isWhitespace || c.value < 0x20 || c.value == 0x7F || c.properties.generalCategory == .format
      ? "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      : "'\(c)'"
    throw ScriptError("unexpected character \(shown)", at: self.range(from: start))
  }

  private func matches(_ symbol: String) -> Bool {
    var offset = 0
    for character in symbol.unicodeScalars {
      guard self.peek(offset) == character else { return false }
      offset += 1
    }
    return true
  }

  private mutating func number(from start: Int) throws(ScriptError) -> Token {
    var isFloat = false
    while let c = self.peek(), Self.isDigit(c) || c == "_" { self.index += 1 }
    if self.peek() == ".", let next = self.peek(1), Self.isDigit(next) {
      isFloat = true
      self.index += 1
      while let c = self.peek(), Self.isDigit(c) || c == "_" { self.index += 1 }
    }
    if let c = self.peek(), c == "e" || c == "E" {
      var offset = 1
      if let sign = self.peek(1), sign == "+" || sign == "-" { offset = 2 }
      if let digit = self.peek(offset), Self.isDigit(digit) {
        isFloat = true
        self.index += offset
        while let c = self.peek(), Self.isDigit(c) { self.index += 1 }
      }
    }
    if let c = self.peek(), Self.isIdentifierStart(c) {
      while let c = self.peek(), Self.isIdentifierStart(c) || Self.isDigit(c) { self.index += 1 }
      throw ScriptError("invalid number literal '\(Self.text(self.scalars[start..<self.index]))'", at: self.range(from: start))
    }
    let text = Self.text(self.scalars[start..<self.index]).replacingOccurrences(of: "_", with: "")
    if isFloat {
      guard let value = Double(text) else {
        throw ScriptError("invalid number literal '\(text)'", at: self.range(from: start))
      }
      return Token(kind: .float(value), range: self.range(from: start))
    }
    guard let value = Int(text) else {
      throw ScriptError("integer literal '\(text)' overflows Int", at: self.range(from: start))
    }
    return Token(kind: .integer(value), range: self.range(from: start))
  }

  private mutating func string(from start: Int) throws(ScriptError) -> Token {
    self.index += 1
    var value = String.UnicodeScalarView()
    while true {
      guard let c = self.peek(), c != "\n" else {
        throw ScriptError("unterminated string literal", at: self.range(from: start))
      }
      self.index += 1
      if c == "\"" { break }
      if c == "\\" {
        guard let escaped = self.peek() else {
          throw ScriptError("unterminated string literal", at: self.range(from: start))
        }
        self.index += 1
        switch escaped {
        case "n": value.append("\n")
        case "t": value.append("\t")
        case "r": value.append("\r")
        case "0": value.append("\0")
        case "\"": value.append("\"")
        case "'": value.append("'")
        case "\\": value.append("\\")
        case "(":
          throw ScriptError("string interpolation is not supported", at: SourceRange(line: self.line, column: self.index - self.lineStart - 1, length: 2))
        default:
          throw ScriptError("invalid escape sequence '\\\(escaped)'", at: SourceRange(line: self.line, column: self.index - self.lineStart - 1, length: 2))
        }
      } else {
        value.append(c)
      }
    }
    return Token(kind: .string(String(value)), range: self.range(from: start))
  }

  static func isDigit(_ c: Unicode.Scalar) -> Bool {
    c.value >= 0x30 && c.value <= 0x39
  }

  static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
    (c.value >= 0x61 && c.value <= 0x7A) || (c.value >= 0x41 && c.value <= 0x5A) || c == "_"
      || (c.value > 0x7F && c.properties.isAlphabetic)
  }

  static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
