/// Parses expressions: operators (with Swift's precedence), prefixes (`try`, `await`, `-`, `!`)
/// and postfix chains (members, calls, trailing closures, subscripts, `?`, `!`).
struct ExpressionParser {
  var cursor: TokenCursor

  /// The tokens must hold one expression and end there (string interpolations).
  mutating func parseWholeExpression() throws(ScriptError) -> Expr {
    self.cursor.skipNewlines()
    let expr = try self.parseExpression()
    self.cursor.skipNewlines()
    guard case .end = self.cursor.current.kind else {
      throw ScriptError("unexpected \(self.cursor.current.quoted) after expression", at: self.cursor.current.range)
    }
    return expr
  }

  mutating func parseExpression() throws(ScriptError) -> Expr {
    try self.cursor.enter()
    defer { self.cursor.leave() }
    // `try` covers the whole expression to its right, as in Swift.
    if self.cursor.isKeyword("try") {
      let (keyword, range) = self.parseTryKeyword()
      let operand = try self.parseExpression()
      return .try(keyword, operand, range.through(operand.range))
    }
    let condition = try self.parseBinary(precedence: 0)
    guard self.cursor.isPunctuation("?") else { return condition }
    // `condition ? a : b` (a `?` right after an operand is optional chaining, handled as postfix).
    _ = self.cursor.advance()
    let whenTrue = try self.parseExpression()
    _ = try self.cursor.expect(":", "in a conditional expression ('condition ? a : b')")
    let whenFalse = try self.parseExpression()
    return .ternary(condition, whenTrue, whenFalse, condition.range.through(whenFalse.range))
  }

  /// `try`, `try?` or `try!`, and its range.
  mutating func parseTryKeyword() -> (String, SourceRange) {
    let token = self.cursor.advance()
    if case let .punctuation(mark) = self.cursor.current.kind, mark == "?" || mark == "!", self.cursor.isAttached(at: self.cursor.position) {
      let markToken = self.cursor.advance()
      return ("try" + mark, token.range.through(markToken.range))
    }
    return ("try", token.range)
  }

  /// Swift's precedence groups, lowest first (casts, `as`/`is`, come between `??` and ranges);
  /// comparisons and ranges don't associate, `??` associates to the right.
  static let precedences: [String: Int] = [
    "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, ">": 3, "<=": 3, ">=": 3, "??": 4, "..<": 6, "...": 6,
    "+": 7, "-": 7, "*": 8, "/": 8, "%": 8,
  ]
  static let castingPrecedence = 5

  static func precedenceGroup(_ precedence: Int) -> String? {
    switch precedence {
    case 3: return "ComparisonPrecedence"
    case 6: return "RangeFormationPrecedence"
    default: return nil
    }
  }

  /// `as`, `as?`, `as!` or `is` after an operand, and then its type.
  mutating func parseCast(_ operand: Expr) throws(ScriptError) -> Expr? {
    guard case let .identifier(word) = self.cursor.current.kind, word == "as" || word == "is" else { return nil }
    var keyword = word
    _ = self.cursor.advance()
    if word == "as", case let .punctuation(mark) = self.cursor.current.kind, mark == "?" || mark == "!", self.cursor.isAttached(at: self.cursor.position) {
      keyword += mark
      _ = self.cursor.advance()
    }
    let type = try self.parseType()
    return .cast(operand, keyword, type, operand.range.through(type.range))
  }

  mutating func parseBinary(precedence minimum: Int) throws(ScriptError) -> Expr {
    var lhs = try self.parseUnary()
    var previous: (op: String, precedence: Int)?
    while true {
      if Self.castingPrecedence > minimum, let cast = try self.parseCast(lhs) {
        lhs = cast
        continue
      }
      guard case let .punctuation(op) = self.cursor.current.kind else { break }
      guard let precedence = Self.precedences[op] else {
        if Parser.isUnknownOperator(op) {
          throw ScriptError("unknown operator '\(op)'", at: self.cursor.current.range)
        }
        break
      }
      guard precedence > minimum else { break }
      if let previous, previous.precedence == precedence, let group = Self.precedenceGroup(precedence) {
        throw ScriptError(
          "'\(previous.op)' and '\(op)' can't be chained (\(group) doesn't associate); add parentheses",
          at: self.cursor.current.range
        )
      }
      let opToken = self.cursor.advance()
      if self.cursor.isPunctuation(")") || self.cursor.isPunctuation(",") {
        throw ScriptError("expected an expression after '\(op)'", at: opToken.range)
      }
      try self.cursor.enter()
      let rhs = try self.parseBinary(precedence: op == "??" ? precedence - 1 : precedence)
      self.cursor.leave()
      lhs = .binary(op, lhs, rhs, lhs.range.through(rhs.range))
      previous = (op, precedence)
    }
    return lhs
  }

  mutating func parseUnary() throws(ScriptError) -> Expr {
    // `await` is accepted and dropped: the playground waits for every command.
    if self.cursor.isKeyword("await") { _ = self.cursor.advance() }
    if self.cursor.isKeyword("try") {
      try self.cursor.enter()
      defer { self.cursor.leave() }
      let (keyword, range) = self.parseTryKeyword()
      let operand = try self.parseUnary()
      return .try(keyword, operand, range.through(operand.range))
    }
    if case let .punctuation(op) = self.cursor.current.kind, op == "-" || op == "!" {
      let token = self.cursor.advance()
      try self.cursor.enter()
      defer { self.cursor.leave() }
      let operand = try self.parseUnary()
      switch (op, operand) {
      case let ("-", .integer(v, r)): return .integer(-v, token.range.through(r))
      case let ("-", .float(v, r)): return .float(-v, token.range.through(r))
      default: return .prefix(op, operand, token.range.through(operand.range))
      }
    }
    return try self.parsePostfix(self.parsePrimary())
  }

  mutating func parsePostfix(_ base: Expr) throws(ScriptError) -> Expr {
    var expr = base
    while true {
      switch self.cursor.current.kind {
      case .punctuation("."):
        let dot = self.cursor.advance()
        guard let name = self.memberName else {
          if case let .integer(index) = self.cursor.current.kind {
            let token = self.cursor.advance()
            expr = .member(expr, "\(index)", dot.range.through(token.range))
            continue
          }
          throw ScriptError("expected a member name after '.'", at: self.cursor.current.range)
        }
        let token = self.cursor.advance()
        // A member's range is its `.name`; the expression's range extends to the base.
        expr = .member(expr, name, dot.range.through(token.range))
      case .newline where self.continuesOnNextLine():
        // `store.state.todos\n  .filter { … }`: a line starting with `.` continues the chain.
        self.cursor.skipNewlines()
      case .punctuation("("):
        let (args, close) = try self.parseArguments(open: "(", close: ")")
        expr = try self.parseTrailingClosures(.call(expr, args, trailingClosure: nil, expr.range.through(close)))
      case .punctuation("{") where self.cursor.allowsTrailingClosure && Self.acceptsTrailingClosure(expr):
        expr = try self.parseTrailingClosures(.call(expr, [], trailingClosure: nil, expr.range))
      case .punctuation("["):
        let (args, close) = try self.parseArguments(open: "[", close: "]")
        expr = .subscript(expr, args, expr.range.through(close))
      case .punctuation("?") where self.cursor.isAttached(at: self.cursor.position):
        let token = self.cursor.advance()
        expr = .optionalChain(expr, expr.range.through(token.range))
      case .punctuation("!") where self.cursor.isAttached(at: self.cursor.position):
        let token = self.cursor.advance()
        expr = .forceUnwrap(expr, expr.range.through(token.range))
      default:
        return expr
      }
    }
  }

  /// A member name after `.`: an identifier, or a keyword (`.default`, `.for`, `.in` are names there).
  var memberName: String? {
    switch self.cursor.current.kind {
    case let .identifier(name), let .keyword(name): return name
    default: return nil
    }
  }

  /// After a newline: whether the next line starts with `.name` (a continued chain).
  func continuesOnNextLine() -> Bool {
    guard self.cursor.bracketNesting == 0 else { return false }
    var offset = 0
    while case .newline = self.cursor.peekKind(offset) { offset += 1 }
    guard case .punctuation(".") = self.cursor.peekKind(offset), case .identifier = self.cursor.peekKind(offset + 1) else { return false }
    return true
  }

  /// `name { … }`, `base.name { … }`, `.run { … }` take a trailing closure without parentheses.
  static func acceptsTrailingClosure(_ expr: Expr) -> Bool {
    switch expr {
    case .member, .identifier, .implicitMember: return true
    default: return false
    }
  }

  /// The trailing closures of a call: `{ … }`, then `label: { … }` ones (which may start on the
  /// next line).
  mutating func parseTrailingClosures(_ call: Expr) throws(ScriptError) -> Expr {
    guard self.cursor.allowsTrailingClosure, self.cursor.isPunctuation("{") else { return call }
    var args: [Argument]
    var range: SourceRange
    switch call {
    case let .call(_, arguments, nil, callRange), let .macro(_, arguments, nil, callRange):
      (args, range) = (arguments, callRange)
    default:
      return call
    }
    let first = try self.parseClosure()
    range = range.through(first.range)
    while true {
      var offset = 0
      while case .newline = self.cursor.peekKind(offset) { offset += 1 }
      guard case let .identifier(label) = self.cursor.peekKind(offset), case .punctuation(":") = self.cursor.peekKind(offset + 1),
        case .punctuation("{") = self.cursor.peekKind(offset + 2)
      else { break }
      self.cursor.skipNewlines()
      let labelToken = self.cursor.advance()
      _ = self.cursor.advance()
      let closure = try self.parseClosure()
      args.append(Argument(label: label, value: .closure(closure), range: labelToken.range.through(closure.range), isTrailingClosure: true))
      range = range.through(closure.range)
    }
    if case let .macro(name, _, _, _) = call { return .macro(name, args, trailingClosure: first, range) }
    guard case let .call(callee, _, _, _) = call else { return call }
    return .call(callee, args, trailingClosure: first, range)
  }

  /// `(a, label: b)` or `[a]`: the arguments and the range of the closing bracket.
  mutating func parseArguments(open: String, close: String) throws(ScriptError) -> ([Argument], SourceRange) {
    try self.cursor.enter()
    defer { self.cursor.leave() }
    self.cursor.bracketNesting += 1
    let savedTrailing = self.cursor.allowsTrailingClosure
    self.cursor.allowsTrailingClosure = true
    defer { self.cursor.allowsTrailingClosure = savedTrailing }
    _ = try self.cursor.expect(open, "")
    var args: [Argument] = []
    while !self.cursor.isPunctuation(close) {
      let start = self.cursor.current.range
      var label: String?
      if case .punctuation(":") = self.cursor.peekKind() {
        switch self.cursor.current.kind {
        case let .identifier(name), let .keyword(name):
          label = name
          _ = self.cursor.advance()
          _ = self.cursor.advance()
        default: break
        }
      }
      let value = try self.parseArgumentValue(close: close)
      args.append(Argument(label: label, value: value, range: start.through(value.range)))
      if self.cursor.isPunctuation(",") {
        _ = self.cursor.advance()
      } else if !self.cursor.isPunctuation(close) {
        self.cursor.bracketNesting -= 1
        if case let .punctuation(p) = self.cursor.current.kind, Parser.isUnknownOperator(p) {
          throw ScriptError("unknown operator '\(p)'", at: self.cursor.current.range)
        }
        throw ScriptError("expected ',' or '\(close)' in argument list, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
      }
    }
    self.cursor.bracketNesting -= 1
    let closeToken = self.cursor.advance()
    return (args, closeToken.range)
  }

  /// An argument: an expression, or an operator passed as a function (`reduce(0, +)`).
  mutating func parseArgumentValue(close: String) throws(ScriptError) -> Expr {
    if case let .punctuation(op) = self.cursor.current.kind, Self.precedences[op] != nil,
      self.cursor.peekKind() == .punctuation(",") || self.cursor.peekKind() == .punctuation(close)
    {
      let token = self.cursor.advance()
      return .operatorReference(op, token.range)
    }
    return try self.parseExpression()
  }

  /// A closure, as an argument or a trailing closure.
  mutating func parseClosure() throws(ScriptError) -> Closure {
    var stage = ClosureParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parseClosure()
  }

  /// A type, after `as`/`is` or written as a value (`[Todo.State]()`).
  mutating func parseType() throws(ScriptError) -> TypeSyntax {
    var stage = TypeParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return try stage.parseType()
  }

  /// `Name<Arguments>` as a type, or nil with the cursor back where it was (see ``TypeParser``).
  mutating func speculativeGenericType(_ name: String, _ range: SourceRange) -> TypeSyntax? {
    var stage = TypeParser(cursor: self.cursor)
    defer { self.cursor = stage.cursor }
    return stage.speculativeGenericType(name, range)
  }
}
