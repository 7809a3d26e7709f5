/// Splits script source into tokens.
///
/// Hand-written (rather than built on swift-parsing) for speed and for precise positions on
/// every token, which error carets and completion need. Never traps: any unexpected character
/// becomes a ``ScriptError`` at its position.
public struct Lexer {
  static let keywords: Set<String> = [
    "let", "var", "true", "false", "nil", "await", "try", "if", "else", "guard", "for", "in", "where",
    "return", "throw", "do", "catch",
  ]
  /// Punctuation that isn't made of operator characters.
  static let symbols = ["...", "..<", "(", ")", "[", "]", "{", "}", ".", ",", ":", ";", "\\"]
  /// The characters operators are made of, as in Swift: a run of them is one token.
  static let operatorCharacters: Set<Unicode.Scalar> = ["/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|", "^", "~", "?"]
  /// The operators the parser knows; another run of operator characters (`<>`, `=-`) is an
  /// unknown operator, reported where the parser meets it.
  static let operators: Set<String> = [
    "+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "??", "!", "?",
    "=", "+=", "-=", "*=", "/=", "%=", "->", "&",
  ]

  // Unicode scalars rather than Characters: grapheme breaking made lexing a 1 MB line take
  // seconds. Columns count scalars, which equals characters for the script language's text.
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  private var lineStart = 0
  /// How many string literals the current one is inside (`"\("\(x)")"`), bounded.
  private var stringDepth = 0
  /// How many string interpolations were lexed, counting those inside them: each one once.
  package private(set) var interpolationsLexed = 0
  /// Whether the source ended inside a `/* … */` comment (the lexer then threw).
  private(set) var endedInComment = false

  public init(_ source: String) {
    self.scalars = Array(source.unicodeScalars)
  }

  /// A lexer for the code of a string interpolation, whose first character is at `line`:`column`.
  init(_ scalars: ArraySlice<Unicode.Scalar>, line: Int, column: Int) {
    self.scalars = Array(scalars)
    self.line = line
    self.lineStart = 1 - column
  }

  /// Tokenizes everything this lexer holds. The last token is always `.end`.
  package mutating func tokenizeAll() throws(ScriptError) -> [Token] {
    var tokens: [Token] = []
    while true {
      let token = try self.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  /// Tokenizes the whole source. The last token is always `.end`.
  public static func tokenize(_ source: String) throws(ScriptError) -> [Token] {
    var lexer = Lexer(source)
    return try lexer.tokenizeAll()
  }

  private var column: Int { self.index - self.lineStart + 1 }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    let i = self.index + offset
    return i < self.scalars.count ? self.scalars[i] : nil
  }

  private func range(from start: Int) -> SourceRange {
    SourceRange(line: self.line, column: start - self.lineStart + 1, length: max(1, self.index - start))
  }

  package mutating func next() throws(ScriptError) -> Token {
    // Skip spaces and comments.
    while let c = self.peek() {
      if c == " " || c == "\t" || c == "\r" {
        self.index += 1
      } else if c == "/" && self.peek(1) == "/" {
        while let c = self.peek(), c != "\n" { self.index += 1 }
      } else if c == "/" && self.peek(1) == "*" {
        try self.skipBlockComment()
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
    if c == "#" {
      self.index += 1
      guard let first = self.peek(), Self.isIdentifierStart(first) else {
        throw ScriptError("expected a macro name after '#', as in '#expect'", at: self.range(from: start))
      }
      while let c = self.peek(), Self.isIdentifierStart(c) || Self.isDigit(c) { self.index += 1 }
      return Token(kind: .pound(Self.text(self.scalars[(start + 1)..<self.index])), range: self.range(from: start))
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
    if Self.operatorCharacters.contains(c) {
      return Token(kind: .punctuation(self.operatorRun()), range: self.range(from: start))
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

  /// A run of operator characters. A `?` or `!` right after an operand (`x?.y`, `x!`, `try?`)
  /// that isn't followed by another operator character is postfix, a token of its own.
  private mutating func operatorRun() -> String {
    let start = self.index
    let c = self.scalars[start]
    if c == "?" || c == "!", start > 0, Self.isOperandEnd(self.scalars[start - 1]),
      !(self.peek(1).map(Self.operatorCharacters.contains) ?? false)
    {
      self.index += 1
      return String(c)
    }
    while let c = self.peek(), Self.operatorCharacters.contains(c) {
      // `Array<Int>?`: a postfix `?`/`!` after generic arguments' closing `>`.
      if c == "?" || c == "!", self.scalars[start..<self.index].allSatisfy({ $0 == ">" }), self.index > start,
        !(self.peek(1).map(Self.operatorCharacters.contains) ?? false)
      {
        break
      }
      // `a+//comment` or `a+/*comment*/`: the comment isn't part of the operator.
      if c == "/", self.index > start, self.peek(1) == "/" || self.peek(1) == "*" { break }
      self.index += 1
    }
    return Self.text(self.scalars[start..<self.index])
  }

  /// Whether a character ends an operand, so that a `?` or `!` right after it is postfix.
  private static func isOperandEnd(_ c: Unicode.Scalar) -> Bool {
    Self.isIdentifierStart(c) || Self.isDigit(c) || c == ")" || c == "]" || c == "}" || c == "\"" || c == "`"
      || c == "?" || c == "!" || c == ">"
  }

  private mutating func skipBlockComment() throws(ScriptError) {
    let startLine = self.line
    let startColumn = self.column
    var depth = 0
    while let c = self.peek() {
      if c == "/" && self.peek(1) == "*" {
        depth += 1
        self.index += 2
      } else if c == "*" && self.peek(1) == "/" {
        depth -= 1
        self.index += 2
        if depth == 0 { return }
      } else {
        if c == "\n" {
          self.line += 1
          self.lineStart = self.index + 1
        }
        self.index += 1
      }
    }
    self.endedInComment = true
    throw ScriptError("unterminated '/*' comment", at: SourceRange(line: startLine, column: startColumn, length: 2))
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
    let text = String(String.UnicodeScalarView(self.scalars[start..<self.index].filter { $0 != "_" }))
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

  /// A string literal from its opening quote, with its escapes and interpolations.
  ///
  /// With `tokenizing` false the literal is only skipped (an interpolation finding its closing
  /// `)`), with the same checks and errors but without lexing the code of its interpolations:
  /// that code is lexed once, when the interpolation around it is. (Lexing it while skipping
  /// too lexed a string nested N interpolations deep 2^N times.)
  private mutating func string(from start: Int, tokenizing: Bool = true) throws(ScriptError) -> Token {
    self.index += 1
    self.stringDepth += 1
    defer { self.stringDepth -= 1 }
    guard self.stringDepth <= Parser.maximumDepth else {
      throw ScriptError("string interpolations are nested too deeply (more than \(Parser.maximumDepth) levels)", at: self.range(from: start))
    }
    var value = String.UnicodeScalarView()
    var parts: [InterpolationPart] = []
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
          if !value.isEmpty { parts.append(.literal(String(value))) }
          value = String.UnicodeScalarView()
          if let part = try self.interpolation(from: self.index - 2, tokenizing: tokenizing) { parts.append(part) }
        default:
          throw ScriptError("invalid escape sequence '\\\(escaped)'", at: SourceRange(line: self.line, column: self.index - self.lineStart - 1, length: 2))
        }
      } else {
        value.append(c)
      }
    }
    if parts.isEmpty {
      return Token(kind: .string(String(value)), range: self.range(from: start))
    }
    if !value.isEmpty { parts.append(.literal(String(value))) }
    return Token(kind: .interpolatedString(parts), range: self.range(from: start))
  }

  /// `\(code)` in a string literal, from its backslash: the code's tokens, lexed where they
  /// stand so that errors point into the string.
  /// Without `tokenizing`, it is only skipped (nil).
  private mutating func interpolation(from start: Int, tokenizing: Bool) throws(ScriptError) -> InterpolationPart? {
    let codeStart = self.index
    var depth = 1
    while depth > 0 {
      guard let c = self.peek(), c != "\n" else {
        throw ScriptError("unterminated string interpolation; expected ')'", at: self.range(from: start))
      }
      switch c {
      case "(": depth += 1
      case ")": depth -= 1
      case "\"":
        // A string inside the interpolation: skip it, with its escapes and interpolations.
        _ = try self.string(from: self.index, tokenizing: false)
        continue
      default: break
      }
      self.index += 1
    }
    guard tokenizing else { return nil }
    var lexer = Lexer(self.scalars[codeStart..<(self.index - 1)], line: self.line, column: codeStart - self.lineStart + 1)
    lexer.stringDepth = self.stringDepth
    let tokens = try lexer.tokenizeAll()
    self.interpolationsLexed += 1 + lexer.interpolationsLexed
    return .code(tokens, self.range(from: start))
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
