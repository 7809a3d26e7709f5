/// Parses tokens into statements: a recursive-descent parser for a small, TCA-shaped subset of
/// Swift (see the "The interpreter: `TCAScript`" section of docs/language.md for the grammar, and
/// `:help language` in `tcaplay`).
///
/// Nesting is bounded (``maximumDepth``) so that hostile input (ten thousand brackets) is an
/// error, not a stack overflow.
public struct Parser {
  public static let maximumDepth = 200

  private var tokens: [Token]
  private var position = 0
  private var depth = 0
  /// Inside `()`/`[]`, newlines are insignificant.
  private var bracketNesting = 0

  public init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// Parses source text into statements.
  public static func parse(_ source: String) throws(ScriptError) -> [Statement] {
    var parser = Parser(tokens: try Lexer.tokenize(source))
    return try parser.parseStatements(until: nil)
  }

  /// Parses source text that must be a single expression.
  public static func parseExpression(_ source: String) throws(ScriptError) -> Expr {
    var parser = Parser(tokens: try Lexer.tokenize(source))
    parser.skipNewlines()
    let expr = try parser.parseExpression()
    parser.skipNewlines()
    guard case .end = parser.current.kind else {
      throw ScriptError("unexpected \(parser.current.quoted) after expression", at: parser.current.range)
    }
    return expr
  }

  // MARK: - Token helpers

  private var current: Token { self.tokens[min(self.position, self.tokens.count - 1)] }

  private func peekKind(_ offset: Int = 1) -> Token.Kind {
    self.tokens[min(self.position + offset, self.tokens.count - 1)].kind
  }

  private mutating func advance() -> Token {
    let token = self.current
    if self.position < self.tokens.count - 1 { self.position += 1 }
    if self.bracketNesting > 0 { self.skipNewlines() }
    return token
  }

  private mutating func skipNewlines() {
    while case .newline = self.current.kind, self.position < self.tokens.count - 1 {
      self.position += 1
    }
  }

  private func isPunctuation(_ symbol: String) -> Bool {
    if case .punctuation(symbol) = self.current.kind { return true }
    return false
  }

  private mutating func expect(_ symbol: String, _ context: String) throws(ScriptError) -> Token {
    guard self.isPunctuation(symbol) else {
      throw ScriptError("expected '\(symbol)' \(context), found \(self.current.quoted)", at: self.current.range)
    }
    return self.advance()
  }

  private mutating func enter() throws(ScriptError) {
    self.depth += 1
    guard self.depth <= Self.maximumDepth else {
      throw ScriptError("expression is nested too deeply (more than \(Self.maximumDepth) levels)", at: self.current.range)
    }
  }

  private mutating func leave() { self.depth -= 1 }

  // MARK: - Statements

  mutating func parseStatements(until closing: String?) throws(ScriptError) -> [Statement] {
    var statements: [Statement] = []
    while true {
      while case .newline = self.current.kind { _ = self.advance() }
      while self.isPunctuation(";") { _ = self.advance() }
      if case .newline = self.current.kind { continue }
      if case .end = self.current.kind {
        if let closing {
          throw ScriptError("expected '\(closing)' to close the closure", at: self.current.range)
        }
        return statements
      }
      if let closing, self.isPunctuation(closing) { return statements }
      statements.append(try self.parseStatement())
      switch self.current.kind {
      case .newline, .end: continue
      case .punctuation(";"): _ = self.advance()
      case .punctuation(let p) where p == closing: continue
      default:
        throw ScriptError("unexpected \(self.current.quoted); expected end of statement", at: self.current.range)
      }
    }
  }

  mutating func parseStatement() throws(ScriptError) -> Statement {
    let start = self.current.range
    if case let .keyword(word) = self.current.kind, word == "let" || word == "var" {
      _ = self.advance()
      guard case let .identifier(name) = self.current.kind else {
        throw ScriptError("expected a name after '\(word)'", at: self.current.range)
      }
      _ = self.advance()
      _ = try self.expect("=", "after '\(word) \(name)'")
      let value = try self.parseExpression()
      return .binding(name: name, value: value, start.through(value.range))
    }
    let expr = try self.parseExpression()
    for op in ["=", "+=", "-="] where self.isPunctuation(op) {
      _ = self.advance()
      let value = try self.parseExpression()
      return .assignment(target: expr, op: op, value: value, start.through(value.range))
    }
    return .expression(expr)
  }

  // MARK: - Expressions

  mutating func parseExpression() throws(ScriptError) -> Expr {
    try self.enter()
    defer { self.leave() }
    return try self.parseBinary(precedence: 0)
  }

  private static let precedences: [String: Int] = [
    "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, ">": 3, "<=": 3, ">=": 3,
    "+": 4, "-": 4, "*": 5, "/": 5, "%": 5,
  ]

  private mutating func parseBinary(precedence minimum: Int) throws(ScriptError) -> Expr {
    var lhs = try self.parseUnary()
    while case let .punctuation(op) = self.current.kind, let precedence = Self.precedences[op],
      precedence > minimum
    {
      _ = self.advance()
      try self.enter()
      let rhs = try self.parseBinary(precedence: precedence)
      self.leave()
      lhs = .binary(op, lhs, rhs, lhs.range.through(rhs.range))
    }
    return lhs
  }

  private mutating func parseUnary() throws(ScriptError) -> Expr {
    if case .keyword("await") = self.current.kind { _ = self.advance() }
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

  private mutating func parsePostfix(_ base: Expr) throws(ScriptError) -> Expr {
    var expr = base
    while true {
      switch self.current.kind {
      case .punctuation("."):
        let dot = self.advance()
        guard case let .identifier(name) = self.current.kind else {
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
      case .punctuation("("):
        let (args, close) = try self.parseArguments(open: "(", close: ")")
        var range = expr.range.through(close)
        var trailing: Closure?
        if self.isPunctuation("{") {
          let closure = try self.parseClosure()
          range = range.through(closure.range)
          trailing = closure
        }
        expr = .call(expr, args, trailingClosure: trailing, range)
      case .punctuation("{") where Self.acceptsTrailingClosure(expr):
        let closure = try self.parseClosure()
        expr = .call(expr, [], trailingClosure: closure, expr.range.through(closure.range))
      case .punctuation("["):
        let (args, close) = try self.parseArguments(open: "[", close: "]")
        expr = .subscript(expr, args, expr.range.through(close))
      case .punctuation("?") where Self.isPostfixPosition(self.tokens, self.position):
        let token = self.advance()
        expr = .optionalChain(expr, expr.range.through(token.range))
      case .punctuation("!") where Self.isPostfixPosition(self.tokens, self.position):
        let token = self.advance()
        expr = .forceUnwrap(expr, expr.range.through(token.range))
      default:
        return expr
      }
    }
  }

  /// A `?` or `!` directly after the previous token (no space) is postfix.
  private static func isPostfixPosition(_ tokens: [Token], _ position: Int) -> Bool {
    guard position > 0 else { return false }
    let previous = tokens[position - 1].range
    let current = tokens[position].range
    return previous.line == current.line && previous.column + previous.length == current.column
  }

  /// `store.send(.x) { … }` takes a trailing closure; so does `name { … }`.
  private static func acceptsTrailingClosure(_ expr: Expr) -> Bool {
    switch expr {
    case .member, .identifier: return true
    default: return false
    }
  }

  private mutating func parseArguments(open: String, close: String) throws(ScriptError) -> ([Argument], SourceRange) {
    try self.enter()
    defer { self.leave() }
    self.bracketNesting += 1
    _ = try self.expect(open, "")
    var args: [Argument] = []
    while !self.isPunctuation(close) {
      let start = self.current.range
      var label: String?
      if case let .identifier(name) = self.current.kind, case .punctuation(":") = self.peekKind() {
        label = name
        _ = self.advance()
        _ = self.advance()
      }
      let value = try self.parseExpression()
      args.append(Argument(label: label, value: value, range: start.through(value.range)))
      if self.isPunctuation(",") {
        _ = self.advance()
      } else if !self.isPunctuation(close) {
        self.bracketNesting -= 1
        throw ScriptError("expected ',' or '\(close)' in argument list, found \(self.current.quoted)", at: self.current.range)
      }
    }
    self.bracketNesting -= 1
    let closeToken = self.advance()
    return (args, closeToken.range)
  }

  private mutating func parseClosure() throws(ScriptError) -> Closure {
    try self.enter()
    defer { self.leave() }
    let open = try self.expect("{", "")
    let savedNesting = self.bracketNesting
    self.bracketNesting = 0
    let statements = try self.parseStatements(until: "}")
    self.bracketNesting = savedNesting
    let close = try self.expect("}", "to close the closure")
    return Closure(statements: statements, range: open.range.through(close.range))
  }

  private mutating func parsePrimary() throws(ScriptError) -> Expr {
    let token = self.current
    switch token.kind {
    case let .integer(v):
      _ = self.advance()
      return .integer(v, token.range)
    case let .float(v):
      _ = self.advance()
      return .float(v, token.range)
    case let .string(v):
      _ = self.advance()
      return .string(v, token.range)
    case .keyword("true"):
      _ = self.advance()
      return .bool(true, token.range)
    case .keyword("false"):
      _ = self.advance()
      return .bool(false, token.range)
    case .keyword("nil"):
      _ = self.advance()
      return .nil(token.range)
    case let .identifier(name):
      _ = self.advance()
      return .identifier(name, token.range)
    case let .dollar(index):
      _ = self.advance()
      return .closureParameter(index, token.range)
    case .punctuation("."):
      _ = self.advance()
      guard case let .identifier(name) = self.current.kind else {
        throw ScriptError("expected a member name after '.'", at: self.current.range)
      }
      let nameToken = self.advance()
      return .implicitMember(name, token.range.through(nameToken.range))
    case .punctuation("("):
      let (args, close) = try self.parseArguments(open: "(", close: ")")
      guard args.count == 1, args[0].label == nil else {
        throw ScriptError("tuples are not supported", at: token.range.through(close))
      }
      return .parenthesized(args[0].value, token.range.through(close))
    case .punctuation("["):
      return try self.parseCollectionLiteral()
    case .punctuation("{"):
      return .closure(try self.parseClosure())
    case .punctuation("\\"):
      return try self.parseKeyPath()
    case .punctuation("/"):
      _ = self.advance()
      guard case let .identifier(root) = self.current.kind else {
        throw ScriptError("expected a type name after '/' in a case path, as in '/Action.child'", at: self.current.range)
      }
      var end = self.advance().range
      var names: [String] = []
      while self.isPunctuation(".") {
        _ = self.advance()
        guard case let .identifier(name) = self.current.kind else {
          throw ScriptError("expected a case name", at: self.current.range)
        }
        names.append(name)
        end = self.advance().range
      }
      // `/Root.Nested.case`: leading capitalized components belong to the type name.
      var rootName = root
      while let first = names.first, first.first?.isUppercase == true, names.count > 1 {
        rootName += "." + first
        names.removeFirst()
      }
      return .casePath(root: rootName, names, token.range.through(end))
    case .newline, .end:
      throw ScriptError("expected an expression", at: token.range)
    default:
      throw ScriptError("expected an expression, found \(token.quoted)", at: token.range)
    }
  }

  private mutating func parseCollectionLiteral() throws(ScriptError) -> Expr {
    try self.enter()
    defer { self.leave() }
    self.bracketNesting += 1
    let open = try self.expect("[", "")
    if self.isPunctuation(":") {
      _ = self.advance()
      self.bracketNesting -= 1
      let close = try self.expect("]", "to close the empty dictionary")
      return .dictionary([], open.range.through(close.range))
    }
    var elements: [Expr] = []
    var pairs: [(Expr, Expr)] = []
    var isDictionary: Bool?
    while !self.isPunctuation("]") {
      let key = try self.parseExpression()
      if self.isPunctuation(":") {
        guard isDictionary != false else {
          throw ScriptError("unexpected ':' in an array literal", at: self.current.range)
        }
        isDictionary = true
        _ = self.advance()
        pairs.append((key, try self.parseExpression()))
      } else {
        guard isDictionary != true else {
          throw ScriptError("expected ':' in a dictionary literal", at: self.current.range)
        }
        isDictionary = false
        elements.append(key)
      }
      if self.isPunctuation(",") {
        _ = self.advance()
      } else if !self.isPunctuation("]") {
        self.bracketNesting -= 1
        throw ScriptError("expected ',' or ']' in collection literal, found \(self.current.quoted)", at: self.current.range)
      }
    }
    self.bracketNesting -= 1
    let close = self.advance()
    let range = open.range.through(close.range)
    return isDictionary == true ? .dictionary(pairs, range) : .array(elements, range)
  }

  private mutating func parseKeyPath() throws(ScriptError) -> Expr {
    let start = self.advance().range
    var root: String?
    var end = start
    if case let .identifier(name) = self.current.kind {
      root = name
      end = self.advance().range
      // `\Outer.Inner.field`: capitalized components continue the type name.
      while self.isPunctuation("."), case let .identifier(next) = self.peekKind(), next.first?.isUppercase == true {
        _ = self.advance()
        root! += "." + next
        end = self.advance().range
      }
    }
    var components: [KeyPathComponent] = []
    while true {
      if self.isPunctuation(".") {
        _ = self.advance()
        guard case let .identifier(name) = self.current.kind else {
          throw ScriptError("expected a property name in key path", at: self.current.range)
        }
        let token = self.advance()
        components.append(.property(name, token.range))
        end = token.range
      } else if self.isPunctuation("["), Self.isPostfixPosition(self.tokens, self.position) {
        let (args, close) = try self.parseArguments(open: "[", close: "]")
        components.append(.subscript(args, close))
        end = close
      } else if self.isPunctuation("?"), Self.isPostfixPosition(self.tokens, self.position) {
        let token = self.advance()
        components.append(.optional(token.range))
        end = token.range
      } else {
        break
      }
    }
    guard root != nil || !components.isEmpty else {
      throw ScriptError("expected a key path, as in '\\.count' or '\\State.count'", at: start)
    }
    return .keyPath(root: root, components, start.through(end))
  }
}
