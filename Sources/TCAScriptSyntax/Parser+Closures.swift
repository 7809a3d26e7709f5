/// Closures: `{ $0.count = 1 }`, `{ item in … }`, `{ (a, b) async throws -> T in … }`.
extension Parser {
  mutating func parseClosure() throws(ScriptError) -> Closure {
    try self.enter()
    defer { self.leave() }
    let open = try self.expect("{", "")
    let savedNesting = self.bracketNesting
    let savedTrailing = self.allowsTrailingClosure
    self.bracketNesting = 0
    self.allowsTrailingClosure = true
    let signature = try self.parseClosureSignature()
    let statements = try self.parseStatements(until: "}")
    self.bracketNesting = savedNesting
    self.allowsTrailingClosure = savedTrailing
    let close = try self.expect("}", "to close the closure")
    return Closure(statements: statements, range: open.range.through(close.range), signature: signature)
  }

  /// The part before `in`, when there is one.
  mutating func parseClosureSignature() throws(ScriptError) -> ClosureSignature? {
    guard self.looksLikeParameters() || self.hasSignature() else { return nil }
    let start = self.current.range
    var parameters: [ClosureParameter] = []
    if self.isPunctuation("[") {
      throw ScriptError("capture lists are not supported", at: self.current.range)
    }
    if self.isPunctuation("(") {
      _ = self.advance()
      while !self.isPunctuation(")") {
        parameters.append(try self.parseClosureParameter(typed: true))
        if self.isPunctuation(",") {
          _ = self.advance()
        } else if !self.isPunctuation(")") {
          throw ScriptError("expected ',' or ')' in the closure's parameters, found \(self.current.quoted)", at: self.current.range)
        }
      }
      _ = self.advance()
    } else {
      parameters.append(try self.parseClosureParameter(typed: false))
      while self.isPunctuation(",") {
        _ = self.advance()
        parameters.append(try self.parseClosureParameter(typed: false))
      }
    }
    var isAsync = false
    var isThrowing = false
    var result: TypeSyntax?
    if case .identifier("async") = self.current.kind {
      isAsync = true
      _ = self.advance()
    }
    if case .identifier("throws") = self.current.kind {
      isThrowing = true
      _ = self.advance()
    }
    if self.isPunctuation("->") {
      _ = self.advance()
      result = try self.parseType()
    }
    guard self.isKeyword("in") else {
      throw ScriptError("expected 'in' after the closure's parameters, found \(self.current.quoted)", at: self.current.range)
    }
    let end = self.advance().range
    return ClosureSignature(parameters: parameters, isAsync: isAsync, isThrowing: isThrowing, result: result, range: start.through(end))
  }

  mutating func parseClosureParameter(typed: Bool) throws(ScriptError) -> ClosureParameter {
    guard case let .identifier(name) = self.current.kind else {
      throw ScriptError("expected a parameter name, found \(self.current.quoted)", at: self.current.range)
    }
    let token = self.advance()
    guard typed, self.isPunctuation(":") else { return ClosureParameter(name: name, type: nil, range: token.range) }
    _ = self.advance()
    let type = try self.parseType()
    return ClosureParameter(name: name, type: type, range: token.range.through(type.range))
  }

  /// Whether the closure starts with tokens that can only be parameters: `a, b`, `a async`,
  /// `a ->`, `(a, b) name` (then a missing `in` is reported as such).
  func looksLikeParameters() -> Bool {
    switch (self.current.kind, self.peekKind()) {
    case (.identifier, .punctuation(",")), (.identifier, .punctuation("->")),
      (.identifier, .identifier("async")), (.identifier, .identifier("throws")):
      return true
    case (.punctuation("("), _):
      var offset = 0
      var depth = 0
      repeat {
        switch self.peekKind(offset) {
        case .punctuation("("): depth += 1
        case .punctuation(")"): depth -= 1
        case .identifier, .punctuation(","), .punctuation(":"), .punctuation("."), .punctuation("?"),
          .punctuation("["), .punctuation("]"):
          break
        default: return false
        }
        offset += 1
      } while depth > 0
      switch self.peekKind(offset) {
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
      switch self.peekKind(offset) {
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
}
