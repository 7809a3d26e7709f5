/// Statements: bindings and declarations, assignments, `if`/`guard`/`for`/`do`, `return`, `throw`.
extension Parser {
  mutating func parseStatement() throws(ScriptError) -> Statement {
    let start = self.current.range
    switch self.current.kind {
    case let .keyword(word) where word == "let" || word == "var":
      return try self.parseDeclaration(word, start: start)
    case .keyword("if"):
      return .if(try self.parseIf())
    case .keyword("guard"):
      _ = self.advance()
      let conditions = try self.parseConditions(of: "guard")
      guard self.isKeyword("else") else {
        throw ScriptError("expected 'else' after the 'guard' condition, found \(self.current.quoted)", at: self.current.range)
      }
      _ = self.advance()
      let (body, end) = try self.parseBlock("the 'guard' body")
      return .guard(conditions, else: body, start.through(end))
    case .keyword("for"):
      return .for(try self.parseFor())
    case .keyword("return"):
      _ = self.advance()
      if self.endsStatement { return .return(nil, start) }
      let value = try self.parseExpression()
      return .return(value, start.through(value.range))
    case .keyword("throw"):
      _ = self.advance()
      let value = try self.parseExpression()
      return .throw(value, start.through(value.range))
    case .keyword("do"):
      _ = self.advance()
      let (body, bodyEnd) = try self.parseBlock("the 'do' body")
      var end = bodyEnd
      var catches: [[Statement]] = []
      while self.isKeyword("catch") {
        _ = self.advance()
        guard self.isPunctuation("{") else {
          throw ScriptError("only 'catch { … }' is supported (no pattern), found \(self.current.quoted)", at: self.current.range)
        }
        let (clause, clauseEnd) = try self.parseBlock("the 'catch' body")
        catches.append(clause)
        end = clauseEnd
      }
      return .do(body, catches: catches, start.through(end))
    case .keyword(let word) where ["else", "catch", "in", "where"].contains(word):
      throw ScriptError("unexpected '\(word)'", at: self.current.range)
    case .identifier("_") where self.peekKind() == .punctuation("="):
      _ = self.advance()
      _ = self.advance()
      let value = try self.parseExpression()
      return .discard(value, start.through(value.range))
    default:
      break
    }
    let expr = try self.parseExpression()
    for op in ["=", "+=", "-=", "*=", "/=", "%="] where self.isPunctuation(op) {
      _ = self.advance()
      let value = try self.parseExpression()
      return .assignment(target: expr, op: op, value: value, start.through(value.range))
    }
    return .expression(expr)
  }

  /// At the end of a statement: a newline, `;`, `}` or the end of the input.
  var endsStatement: Bool {
    switch self.current.kind {
    case .newline, .end, .punctuation(";"), .punctuation("}"): return true
    default: return false
    }
  }

  /// `let name = value`, `var name: Type = value`, `var name: Type`.
  mutating func parseDeclaration(_ word: String, start: SourceRange) throws(ScriptError) -> Statement {
    _ = self.advance()
    guard case let .identifier(name) = self.current.kind else {
      if self.isPunctuation("(") {
        throw ScriptError("tuple patterns ('\(word) (a, b) = …') are not supported; bind each value on its own", at: self.current.range)
      }
      throw ScriptError("expected a name after '\(word)'", at: self.current.range)
    }
    _ = self.advance()
    var type: TypeSyntax?
    if self.isPunctuation(":") {
      _ = self.advance()
      type = try self.parseType()
    }
    guard self.isPunctuation("=") else {
      if case let .punctuation(p) = self.current.kind, Parser.isUnknownOperator(p) {
        throw ScriptError("unknown operator '\(p)'", at: self.current.range)
      }
      if let type, word == "var", self.endsStatement {
        return .declaration(Declaration(isVariable: true, name: name, type: type, value: nil, range: start.through(type.range)))
      }
      throw ScriptError("expected '=' after '\(word) \(name)\(type.map { ": \($0)" } ?? "")', found \(self.current.quoted)", at: self.current.range)
    }
    _ = self.advance()
    let value = try self.parseExpression()
    let range = start.through(value.range)
    guard type != nil else { return .binding(name: name, value: value, range) }
    return .declaration(Declaration(isVariable: word == "var", name: name, type: type, value: value, range: range))
  }

  /// `if conditions { … } else if … { … } else { … }`.
  mutating func parseIf() throws(ScriptError) -> IfStatement {
    try self.enter()
    defer { self.leave() }
    let start = self.advance().range
    let conditions = try self.parseConditions(of: "if")
    let (body, bodyEnd) = try self.parseBlock("the 'if' body")
    var end = bodyEnd
    var elseBranch: ElseBranch?
    // `}` and `else` may be on different lines.
    let saved = self.position
    self.skipNewlines()
    if self.isKeyword("else") {
      _ = self.advance()
      if self.isKeyword("if") {
        let next = try self.parseIf()
        elseBranch = .if(next)
        end = next.range
      } else {
        let (block, blockEnd) = try self.parseBlock("the 'else' body")
        elseBranch = .block(block)
        end = blockEnd
      }
    } else {
      self.position = saved
    }
    return IfStatement(conditions: conditions, body: body, elseBranch: elseBranch, range: start.through(end))
  }

  /// `cond, let x = y, var z` up to the `{` of the body (or `else` of a `guard`).
  mutating func parseConditions(of keyword: String) throws(ScriptError) -> [Condition] {
    let saved = self.allowsTrailingClosure
    self.allowsTrailingClosure = false
    defer { self.allowsTrailingClosure = saved }
    var conditions: [Condition] = []
    repeat {
      if !conditions.isEmpty { _ = self.advance() }
      conditions.append(try self.parseCondition(of: keyword))
    } while self.isPunctuation(",")
    return conditions
  }

  mutating func parseCondition(of keyword: String) throws(ScriptError) -> Condition {
    let start = self.current.range
    if case let .keyword(word) = self.current.kind, word == "let" || word == "var" {
      _ = self.advance()
      guard case let .identifier(name) = self.current.kind else {
        throw ScriptError("expected a name after '\(keyword) \(word)'", at: self.current.range)
      }
      var end = self.advance().range
      var type: TypeSyntax?
      if self.isPunctuation(":") {
        _ = self.advance()
        let parsed = try self.parseType()
        type = parsed
        end = parsed.range
      }
      var value: Expr?
      if self.isPunctuation("=") {
        _ = self.advance()
        let parsed = try self.parseExpression()
        value = parsed
        end = parsed.range
      }
      return .optionalBinding(isVariable: word == "var", name: name, type: type, value: value, start.through(end))
    }
    if case .identifier("case") = self.current.kind {
      // `case let .family(relation) = value`, `case .loaded(let items) = value`, `case .none = value`.
      _ = self.advance()
      var bindsNames = false
      if self.isKeyword("let") || self.isKeyword("var") {
        bindsNames = true
        _ = self.advance()
      }
      self.inPattern = true
      let pattern = try self.parseBinary(precedence: 0)
      self.inPattern = false
      _ = try self.expect("=", "after the '\(keyword) case' pattern")
      let value = try self.parseExpression()
      return .casePattern(bindsNames: bindsNames, pattern: pattern, value: value, start.through(value.range))
    }
    if self.isPunctuation("{") {
      throw ScriptError("expected a condition after '\(keyword)'", at: self.current.range)
    }
    return .expression(try self.parseExpression())
  }

  /// `for item in sequence where condition { … }`.
  mutating func parseFor() throws(ScriptError) -> ForLoop {
    let start = self.advance().range
    let pattern = try self.parsePattern()
    guard self.isKeyword("in") else {
      throw ScriptError("expected 'in' after the 'for' pattern, found \(self.current.quoted)", at: self.current.range)
    }
    _ = self.advance()
    let saved = self.allowsTrailingClosure
    self.allowsTrailingClosure = false
    let sequence = try self.parseExpression()
    var whereClause: Expr?
    if self.isKeyword("where") {
      _ = self.advance()
      whereClause = try self.parseExpression()
    }
    self.allowsTrailingClosure = saved
    let (body, end) = try self.parseBlock("the 'for' body")
    return ForLoop(pattern: pattern, sequence: sequence, whereClause: whereClause, body: body, range: start.through(end))
  }

  /// `item`, `_`, `(index, item)`.
  mutating func parsePattern() throws(ScriptError) -> Pattern {
    let token = self.current
    switch token.kind {
    case .identifier("_"):
      _ = self.advance()
      return .wildcard(token.range)
    case let .identifier(name):
      _ = self.advance()
      return .name(name, token.range)
    case .punctuation("("):
      try self.enter()
      defer { self.leave() }
      _ = self.advance()
      var patterns: [Pattern] = []
      while !self.isPunctuation(")") {
        patterns.append(try self.parsePattern())
        if self.isPunctuation(",") {
          _ = self.advance()
        } else if !self.isPunctuation(")") {
          throw ScriptError("expected ',' or ')' in a tuple pattern, found \(self.current.quoted)", at: self.current.range)
        }
      }
      let close = self.advance()
      return .tuple(patterns, token.range.through(close.range))
    case .keyword("let"), .keyword("var"):
      throw ScriptError("'for \(token.text)' is not needed: write 'for name in …'", at: token.range)
    default:
      throw ScriptError("expected a name or '(' in the 'for' pattern, found \(token.quoted)", at: token.range)
    }
  }

  /// `{ statements }`, as the body of `if`, `guard`, `for`, `do`: the statements and the range of `}`.
  mutating func parseBlock(_ construct: String) throws(ScriptError) -> ([Statement], SourceRange) {
    try self.enter()
    defer { self.leave() }
    guard self.isPunctuation("{") else {
      throw ScriptError("expected '{' to begin \(construct), found \(self.current.quoted)", at: self.current.range)
    }
    _ = self.advance()
    let savedNesting = self.bracketNesting
    let savedTrailing = self.allowsTrailingClosure
    self.bracketNesting = 0
    self.allowsTrailingClosure = true
    defer {
      self.bracketNesting = savedNesting
      self.allowsTrailingClosure = savedTrailing
    }
    let statements = try self.parseStatements(until: "}", in: construct)
    let close = try self.expect("}", "to close \(construct)")
    return (statements, close.range)
  }
}
