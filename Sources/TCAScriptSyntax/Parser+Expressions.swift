/// Operators (with Swift's precedence), prefixes (`try`, `await`, `-`, `!`) and postfix chains
/// (members, calls, trailing closures, subscripts, `?`, `!`).
extension Parser {
  mutating func parseExpression() throws(ScriptError) -> Expr {
    try self.enter()
    defer { self.leave() }
    // `try` covers the whole expression to its right, as in Swift.
    if self.isKeyword("try") {
      let (keyword, range) = self.parseTryKeyword()
      let operand = try self.parseExpression()
      return .try(keyword, operand, range.through(operand.range))
    }
    let condition = try self.parseBinary(precedence: 0)
    guard self.isPunctuation("?") else { return condition }
    // `condition ? a : b` (a `?` right after an operand is optional chaining, handled as postfix).
    _ = self.advance()
    let whenTrue = try self.parseExpression()
    _ = try self.expect(":", "in a conditional expression ('condition ? a : b')")
    let whenFalse = try self.parseExpression()
    return .ternary(condition, whenTrue, whenFalse, condition.range.through(whenFalse.range))
  }

  /// `try`, `try?` or `try!`, and its range.
  mutating func parseTryKeyword() -> (String, SourceRange) {
    let token = self.advance()
    if case let .punctuation(mark) = self.current.kind, mark == "?" || mark == "!", self.isAttached(at: self.position) {
      let markToken = self.advance()
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
    guard case let .identifier(word) = self.current.kind, word == "as" || word == "is" else { return nil }
    var keyword = word
    _ = self.advance()
    if word == "as", case let .punctuation(mark) = self.current.kind, mark == "?" || mark == "!", self.isAttached(at: self.position) {
      keyword += mark
      _ = self.advance()
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
      guard case let .punctuation(op) = self.current.kind else { break }
      guard let precedence = Self.precedences[op] else {
        if Self.isUnknownOperator(op) {
          throw ScriptError("unknown operator '\(op)'", at: self.current.range)
        }
        break
      }
      guard precedence > minimum else { break }
      if let previous, previous.precedence == precedence, let group = Self.precedenceGroup(precedence) {
        throw ScriptError(
          "'\(previous.op)' and '\(op)' can't be chained (\(group) doesn't associate); add parentheses",
          at: self.current.range
        )
      }
      let opToken = self.advance()
      if self.isPunctuation(")") || self.isPunctuation(",") {
        throw ScriptError("expected an expression after '\(op)'", at: opToken.range)
      }
      try self.enter()
      let rhs = try self.parseBinary(precedence: op == "??" ? precedence - 1 : precedence)
      self.leave()
      lhs = .binary(op, lhs, rhs, lhs.range.through(rhs.range))
      previous = (op, precedence)
    }
    return lhs
  }

  mutating func parseUnary() throws(ScriptError) -> Expr {
    // `await` is accepted and dropped: the playground waits for every command.
    if self.isKeyword("await") { _ = self.advance() }
    if self.isKeyword("try") {
      try self.enter()
      defer { self.leave() }
      let (keyword, range) = self.parseTryKeyword()
      let operand = try self.parseUnary()
      return .try(keyword, operand, range.through(operand.range))
    }
    if case let .punctuation(op) = self.current.kind, op == "-" || op == "!" {
      let token = self.advance()
      try self.enter()
      defer { self.leave() }
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
      switch self.current.kind {
      case .punctuation("."):
        let dot = self.advance()
        guard let name = self.memberName else {
          if case let .integer(index) = self.current.kind {
            let token = self.advance()
            expr = .member(expr, "\(index)", dot.range.through(token.range))
            continue
          }
          throw ScriptError("expected a member name after '.'", at: self.current.range)
        }
        let token = self.advance()
        // A member's range is its `.name`; the expression's range extends to the base.
        expr = .member(expr, name, dot.range.through(token.range))
      case .newline where self.continuesOnNextLine():
        // `store.state.todos\n  .filter { … }`: a line starting with `.` continues the chain.
        self.skipNewlines()
      case .punctuation("("):
        let (args, close) = try self.parseArguments(open: "(", close: ")")
        expr = try self.parseTrailingClosures(.call(expr, args, trailingClosure: nil, expr.range.through(close)))
      case .punctuation("{") where self.allowsTrailingClosure && Self.acceptsTrailingClosure(expr):
        expr = try self.parseTrailingClosures(.call(expr, [], trailingClosure: nil, expr.range))
      case .punctuation("["):
        let (args, close) = try self.parseArguments(open: "[", close: "]")
        expr = .subscript(expr, args, expr.range.through(close))
      case .punctuation("?") where self.isAttached(at: self.position):
        let token = self.advance()
        expr = .optionalChain(expr, expr.range.through(token.range))
      case .punctuation("!") where self.isAttached(at: self.position):
        let token = self.advance()
        expr = .forceUnwrap(expr, expr.range.through(token.range))
      default:
        return expr
      }
    }
  }

  /// A member name after `.`: an identifier, or a keyword (`.default`, `.for`, `.in` are names there).
  var memberName: String? {
    switch self.current.kind {
    case let .identifier(name), let .keyword(name): return name
    default: return nil
    }
  }

  /// After a newline: whether the next line starts with `.name` (a continued chain).
  func continuesOnNextLine() -> Bool {
    guard self.bracketNesting == 0 else { return false }
    var offset = 0
    while case .newline = self.peekKind(offset) { offset += 1 }
    guard case .punctuation(".") = self.peekKind(offset), case .identifier = self.peekKind(offset + 1) else { return false }
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
    guard self.allowsTrailingClosure, self.isPunctuation("{") else { return call }
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
      while case .newline = self.peekKind(offset) { offset += 1 }
      guard case let .identifier(label) = self.peekKind(offset), case .punctuation(":") = self.peekKind(offset + 1),
        case .punctuation("{") = self.peekKind(offset + 2)
      else { break }
      self.skipNewlines()
      let labelToken = self.advance()
      _ = self.advance()
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
    try self.enter()
    defer { self.leave() }
    self.bracketNesting += 1
    let savedTrailing = self.allowsTrailingClosure
    self.allowsTrailingClosure = true
    defer { self.allowsTrailingClosure = savedTrailing }
    _ = try self.expect(open, "")
    var args: [Argument] = []
    while !self.isPunctuation(close) {
      let start = self.current.range
      var label: String?
      if case .punctuation(":") = self.peekKind() {
        switch self.current.kind {
        case let .identifier(name), let .keyword(name):
          label = name
          _ = self.advance()
          _ = self.advance()
        default: break
        }
      }
      let value = try self.parseArgumentValue(close: close)
      args.append(Argument(label: label, value: value, range: start.through(value.range)))
      if self.isPunctuation(",") {
        _ = self.advance()
      } else if !self.isPunctuation(close) {
        self.bracketNesting -= 1
        if case let .punctuation(p) = self.current.kind, Self.isUnknownOperator(p) {
          throw ScriptError("unknown operator '\(p)'", at: self.current.range)
        }
        throw ScriptError("expected ',' or '\(close)' in argument list, found \(self.current.quoted)", at: self.current.range)
      }
    }
    self.bracketNesting -= 1
    let closeToken = self.advance()
    return (args, closeToken.range)
  }

  /// An argument: an expression, or an operator passed as a function (`reduce(0, +)`).
  mutating func parseArgumentValue(close: String) throws(ScriptError) -> Expr {
    if case let .punctuation(op) = self.current.kind, Self.precedences[op] != nil,
      self.peekKind() == .punctuation(",") || self.peekKind() == .punctuation(close)
    {
      let token = self.advance()
      return .operatorReference(op, token.range)
    }
    return try self.parseExpression()
  }
}
