/// Statements: bindings and declarations, assignments, `if`/`guard`/`for`/`do`, `return`, `throw`.
extension Parser {
  mutating func parseStatement() throws(ScriptError) -> Statement {
    let start = self.cursor.current.range
    switch self.cursor.current.kind {
    case let .keyword(word) where word == "let" || word == "var":
      return try self.parseDeclaration(word, start: start)
    case .keyword("if"):
      return .if(try self.parseIf())
    case .keyword("guard"):
      _ = self.cursor.advance()
      let conditions = try self.parseConditions(of: "guard")
      guard self.cursor.isKeyword("else") else {
        throw ScriptError("expected 'else' after the 'guard' condition, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
      }
      _ = self.cursor.advance()
      let (body, end) = try self.parseBlock("the 'guard' body")
      return .guard(conditions, else: body, start.through(end))
    case .keyword("for"):
      return .for(try self.parseFor())
    case .keyword("return"):
      _ = self.cursor.advance()
      if self.endsStatement { return .return(nil, start) }
      let value = try self.parseExpression()
      return .return(value, start.through(value.range))
    case .keyword("throw"):
      _ = self.cursor.advance()
      let value = try self.parseExpression()
      return .throw(value, start.through(value.range))
    case .keyword("do"):
      _ = self.cursor.advance()
      let (body, bodyEnd) = try self.parseBlock("the 'do' body")
      var end = bodyEnd
      var catches: [[Statement]] = []
      while self.cursor.isKeyword("catch") {
        _ = self.cursor.advance()
        guard self.cursor.isPunctuation("{") else {
          throw ScriptError("only 'catch { … }' is supported (no pattern), found \(self.cursor.current.quoted)", at: self.cursor.current.range)
        }
        let (clause, clauseEnd) = try self.parseBlock("the 'catch' body")
        catches.append(clause)
        end = clauseEnd
      }
      return .do(body, catches: catches, start.through(end))
    case .keyword(let word) where ["else", "catch", "in", "where"].contains(word):
      throw ScriptError("unexpected '\(word)'", at: self.cursor.current.range)
    case .identifier("_") where self.cursor.peekKind() == .punctuation("="):
      _ = self.cursor.advance()
      _ = self.cursor.advance()
      let value = try self.parseExpression()
      return .discard(value, start.through(value.range))
    default:
      break
    }
    let expr = try self.parseExpression()
    for op in ["=", "+=", "-=", "*=", "/=", "%="] where self.cursor.isPunctuation(op) {
      _ = self.cursor.advance()
      let value = try self.parseExpression()
      return .assignment(target: expr, op: op, value: value, start.through(value.range))
    }
    return .expression(expr)
  }

  /// At the end of a statement: a newline, `;`, `}` or the end of the input.
  var endsStatement: Bool {
    switch self.cursor.current.kind {
    case .newline, .end, .punctuation(";"), .punctuation("}"): return true
    default: return false
    }
  }

  /// `let name = value`, `var name: Type = value`, `var name: Type`.
  mutating func parseDeclaration(_ word: String, start: SourceRange) throws(ScriptError) -> Statement {
    _ = self.cursor.advance()
    guard case let .identifier(name) = self.cursor.current.kind else {
      if self.cursor.isPunctuation("(") {
        throw ScriptError("tuple patterns ('\(word) (a, b) = …') are not supported; bind each value on its own", at: self.cursor.current.range)
      }
      throw ScriptError("expected a name after '\(word)'", at: self.cursor.current.range)
    }
    _ = self.cursor.advance()
    var type: TypeSyntax?
    if self.cursor.isPunctuation(":") {
      _ = self.cursor.advance()
      type = try self.parseType()
    }
    guard self.cursor.isPunctuation("=") else {
      if case let .punctuation(p) = self.cursor.current.kind, Parser.isUnknownOperator(p) {
        throw ScriptError("unknown operator '\(p)'", at: self.cursor.current.range)
      }
      if let type, word == "var", self.endsStatement {
        return .declaration(Declaration(isVariable: true, name: name, type: type, value: nil, range: start.through(type.range)))
      }
      throw ScriptError("expected '=' after '\(word) \(name)\(type.map { ": \($0)" } ?? "")', found \(self.cursor.current.quoted)", at: self.cursor.current.range)
    }
    _ = self.cursor.advance()
    let value = try self.parseExpression()
    let range = start.through(value.range)
    guard type != nil else { return .binding(name: name, value: value, range) }
    return .declaration(Declaration(isVariable: word == "var", name: name, type: type, value: value, range: range))
  }

  /// `if conditions { … } else if … { … } else { … }`.
  mutating func parseIf() throws(ScriptError) -> IfStatement {
    try self.cursor.enter()
    defer { self.cursor.leave() }
    let start = self.cursor.advance().range
    let conditions = try self.parseConditions(of: "if")
    let (body, bodyEnd) = try self.parseBlock("the 'if' body")
    var end = bodyEnd
    var elseBranch: ElseBranch?
    // `}` and `else` may be on different lines.
    let saved = self.cursor.position
    self.cursor.skipNewlines()
    if self.cursor.isKeyword("else") {
      _ = self.cursor.advance()
      if self.cursor.isKeyword("if") {
        let next = try self.parseIf()
        elseBranch = .if(next)
        end = next.range
      } else {
        let (block, blockEnd) = try self.parseBlock("the 'else' body")
        elseBranch = .block(block)
        end = blockEnd
      }
    } else {
      self.cursor.position = saved
    }
    return IfStatement(conditions: conditions, body: body, elseBranch: elseBranch, range: start.through(end))
  }

  /// `cond, let x = y, var z` up to the `{` of the body (or `else` of a `guard`).
  mutating func parseConditions(of keyword: String) throws(ScriptError) -> [Condition] {
    let saved = self.cursor.allowsTrailingClosure
    self.cursor.allowsTrailingClosure = false
    defer { self.cursor.allowsTrailingClosure = saved }
    var conditions: [Condition] = []
    repeat {
      if !conditions.isEmpty { _ = self.cursor.advance() }
      conditions.append(try self.parseCondition(of: keyword))
    } while self.cursor.isPunctuation(",")
    return conditions
  }

  mutating func parseCondition(of keyword: String) throws(ScriptError) -> Condition {
    let start = self.cursor.current.range
    if case let .keyword(word) = self.cursor.current.kind, word == "let" || word == "var" {
      _ = self.cursor.advance()
      guard case let .identifier(name) = self.cursor.current.kind else {
        throw ScriptError("expected a name after '\(keyword) \(word)'", at: self.cursor.current.range)
      }
      var end = self.cursor.advance().range
      var type: TypeSyntax?
      if self.cursor.isPunctuation(":") {
        _ = self.cursor.advance()
        let parsed = try self.parseType()
        type = parsed
        end = parsed.range
      }
      var value: Expr?
      if self.cursor.isPunctuation("=") {
        _ = self.cursor.advance()
        let parsed = try self.parseExpression()
        value = parsed
        end = parsed.range
      }
      return .optionalBinding(isVariable: word == "var", name: name, type: type, value: value, start.through(end))
    }
    if case .identifier("case") = self.cursor.current.kind {
      // `case let .family(relation) = value`, `case .loaded(let items) = value`, `case .none = value`.
      _ = self.cursor.advance()
      var bindsNames = false
      if self.cursor.isKeyword("let") || self.cursor.isKeyword("var") {
        bindsNames = true
        _ = self.cursor.advance()
      }
      self.cursor.inPattern = true
      let pattern = try self.parseBinary(precedence: 0)
      self.cursor.inPattern = false
      _ = try self.cursor.expect("=", "after the '\(keyword) case' pattern")
      let value = try self.parseExpression()
      return .casePattern(bindsNames: bindsNames, pattern: pattern, value: value, start.through(value.range))
    }
    if self.cursor.isPunctuation("{") {
      throw ScriptError("expected a condition after '\(keyword)'", at: self.cursor.current.range)
    }
    return .expression(try self.parseExpression())
  }

  /// `for item in sequence where condition { … }`.
  mutating func parseFor() throws(ScriptError) -> ForLoop {
    let start = self.cursor.advance().range
    let pattern = try self.parsePattern()
    guard self.cursor.isKeyword("in") else {
      throw ScriptError("expected 'in' after the 'for' pattern, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
    }
    _ = self.cursor.advance()
    let saved = self.cursor.allowsTrailingClosure
    self.cursor.allowsTrailingClosure = false
    let sequence = try self.parseExpression()
    var whereClause: Expr?
    if self.cursor.isKeyword("where") {
      _ = self.cursor.advance()
      whereClause = try self.parseExpression()
    }
    self.cursor.allowsTrailingClosure = saved
    let (body, end) = try self.parseBlock("the 'for' body")
    return ForLoop(pattern: pattern, sequence: sequence, whereClause: whereClause, body: body, range: start.through(end))
  }

  /// `{ statements }`, as the body of `if`, `guard`, `for`, `do`: the statements and the range of `}`.
  mutating func parseBlock(_ construct: String) throws(ScriptError) -> ([Statement], SourceRange) {
    try self.cursor.enter()
    defer { self.cursor.leave() }
    guard self.cursor.isPunctuation("{") else {
      throw ScriptError("expected '{' to begin \(construct), found \(self.cursor.current.quoted)", at: self.cursor.current.range)
    }
    _ = self.cursor.advance()
    let savedNesting = self.cursor.bracketNesting
    let savedTrailing = self.cursor.allowsTrailingClosure
    self.cursor.bracketNesting = 0
    self.cursor.allowsTrailingClosure = true
    defer {
      self.cursor.bracketNesting = savedNesting
      self.cursor.allowsTrailingClosure = savedTrailing
    }
    let statements = try self.parseStatements(until: "}", in: construct)
    let close = try self.cursor.expect("}", "to close \(construct)")
    return (statements, close.range)
  }
}
