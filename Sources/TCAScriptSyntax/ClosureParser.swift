/// Parses closures: `{ $0.count = 1 }`, `{ item in … }`, `{ (a, b) async throws -> T in … }`.
struct ClosureParser {
  var cursor: TokenCursor

  mutating func parseClosure() throws(ScriptError) -> Closure {
    try self.cursor.enter()
    defer { self.cursor.leave() }
    let open = try self.cursor.expect("{", "")
    let savedNesting = self.cursor.bracketNesting
    let savedTrailing = self.cursor.allowsTrailingClosure
    self.cursor.bracketNesting = 0
    self.cursor.allowsTrailingClosure = true
    let signature = try self.parseClosureSignature()
    let statements = try self.parseStatements(until: "}")
    self.cursor.bracketNesting = savedNesting
    self.cursor.allowsTrailingClosure = savedTrailing
    let close = try self.cursor.expect("}", "to close the closure")
    return Closure(statements: statements, range: open.range.through(close.range), signature: signature)
  }

  /// The part before `in`, when there is one.
  mutating func parseClosureSignature() throws(ScriptError) -> ClosureSignature? {
    guard self.looksLikeParameters() || self.hasSignature() else { return nil }
    let start = self.cursor.current.range
    var parameters: [ClosureParameter] = []
    if self.cursor.isPunctuation("[") {
      throw ScriptError("capture lists are not supported", at: self.cursor.current.range)
    }
    if self.cursor.isPunctuation("(") {
      _ = self.cursor.advance()
      while !self.cursor.isPunctuation(")") {
        parameters.append(try self.parseClosureParameter(typed: true))
        if self.cursor.isPunctuation(",") {
          _ = self.cursor.advance()
        } else if !self.cursor.isPunctuation(")") {
          throw ScriptError("expected ',' or ')' in the closure's parameters, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
        }
      }
      _ = self.cursor.advance()
    } else {
      parameters.append(try self.parseClosureParameter(typed: false))
      while self.cursor.isPunctuation(",") {
        _ = self.cursor.advance()
        parameters.append(try self.parseClosureParameter(typed: false))
      }
    }
    var isAsync = false
    var isThrowing = false
    var result: TypeSyntax?
    if case .identifier("async") = self.cursor.current.kind {
      isAsync = true
      _ = self.cursor.advance()
    }
    if case .identifier("throws") = self.cursor.current.kind {
      isThrowing = true
      _ = self.cursor.advance()
    }
    if self.cursor.isPunctuation("->") {
      _ = self.cursor.advance()
      result = try self.parseType()
    }
    guard self.cursor.isKeyword("in") else {
      throw ScriptError("expected 'in' after the closure's parameters, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
    }
    let end = self.cursor.advance().range
    return ClosureSignature(parameters: parameters, isAsync: isAsync, isThrowing: isThrowing, result: result, range: start.through(end))
  }

  mutating func parseClosureParameter(typed: Bool) throws(ScriptError) -> ClosureParameter {
    guard case let .identifier(name) = self.cursor.current.kind else {
      throw ScriptError("expected a parameter name, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
    }
    let token = self.cursor.advance()
    guard typed, self.cursor.isPunctuation(":") else { return ClosureParameter(name: name, type: nil, range: token.range) }
    _ = self.cursor.advance()
    let type = try self.parseType()
    return ClosureParameter(name: name, type: type, range: token.range.through(type.range))
  }

  /// Whether the closure starts with tokens that can only be parameters: `a, b`, `a async`,
  /// `a ->`, `(a, b) name` (then a missing `in` is reported as such).
  func looksLikeParameters() -> Bool {
    switch (self.cursor.current.kind, self.cursor.peekKind()) {
    case (.identifier, .punctuation(",")), (.identifier, .punctuation("->")),
      (.identifier, .identifier("async")), (.identifier, .identifier("throws")):
      return true
    case (.punctuation("("), _):
      var offset = 0
      var depth = 0
      repeat {
        switch self.cursor.peekKind(offset) {
        case .punctuation("("): depth += 1
        case .punctuation(")"): depth -= 1
        case .identifier, .punctuation(","), .punctuation(":"), .punctuation("."), .punctuation("?"),
          .punctuation("["), .punctuation("]"):
          break
        default: return false
        }
        offset += 1
      } while depth > 0
      switch self.cursor.peekKind(offset) {
      case .identifier, .punctuation("->"), .dollar: return true
      default: return false
      }
    default:
      return false
    }
  }

  /// Whether tokens that could be a signature (names, types, `->`) lead to `in`.
  func hasSignature() -> Bool {
    var offset = 0
    while true {
      switch self.cursor.peekKind(offset) {
      case .keyword("in"): return offset > 0
      case .identifier, .punctuation("("), .punctuation(")"), .punctuation(","), .punctuation(":"),
        .punctuation("->"), .punctuation("["), .punctuation("]"), .punctuation("<"), .punctuation("."):
        break
      case let .punctuation(p) where p.allSatisfy({ $0 == ">" || $0 == "?" || $0 == "!" }):
        break
      default: return false
      }
      offset += 1
    }
  }

  /// A parameter's or the result's type.
  mutating func parseType() throws(ScriptError) -> TypeSyntax {
    var stage = TypeParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parseType()
  }

  /// The closure's body.
  mutating func parseStatements(until closing: String) throws(ScriptError) -> [Statement] {
    var stage = Parser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parseStatements(until: closing)
  }
}
