/// Primary expressions: literals, names, `#macros`, interpolated strings, collection literals,
/// key paths and case paths, parenthesized expressions, closures, and types written as values.
extension ExpressionParser {
  mutating func parsePrimary() throws(ScriptError) -> Expr {
    let token = self.cursor.current
    switch token.kind {
    case let .integer(v):
      _ = self.cursor.advance()
      return .integer(v, token.range)
    case let .float(v):
      _ = self.cursor.advance()
      return .float(v, token.range)
    case let .string(v):
      _ = self.cursor.advance()
      return .string(v, token.range)
    case .keyword("true"):
      _ = self.cursor.advance()
      return .bool(true, token.range)
    case .keyword("false"):
      _ = self.cursor.advance()
      return .bool(false, token.range)
    case .keyword("nil"):
      _ = self.cursor.advance()
      return .nil(token.range)
    case let .identifier(name):
      _ = self.cursor.advance()
      if self.cursor.isPunctuation("<"), self.cursor.isAttached(at: self.cursor.position), let type = self.speculativeGenericType(name, token.range) {
        return .type(type)
      }
      return .identifier(name, token.range)
    case let .interpolatedString(parts):
      _ = self.cursor.advance()
      return try self.interpolatedString(parts, range: token.range)
    case let .pound(name):
      _ = self.cursor.advance()
      var args: [Argument] = []
      var end = token.range
      if self.cursor.isPunctuation("("), self.cursor.isAttached(at: self.cursor.position) {
        let (parsed, close) = try self.parseArguments(open: "(", close: ")")
        args = parsed
        end = close
      }
      return try self.parseTrailingClosures(.macro(name, args, trailingClosure: nil, token.range.through(end)))
    case let .dollar(index):
      _ = self.cursor.advance()
      return .closureParameter(index, token.range)
    case .punctuation("."):
      _ = self.cursor.advance()
      guard let name = self.memberName else {
        throw ScriptError("expected a member name after '.'", at: self.cursor.current.range)
      }
      let nameToken = self.cursor.advance()
      return .implicitMember(name, token.range.through(nameToken.range))
    case .punctuation("("):
      let (args, close) = try self.parseArguments(open: "(", close: ")")
      guard args.count == 1, args[0].label == nil else {
        throw ScriptError("tuples are not supported", at: token.range.through(close))
      }
      return .parenthesized(args[0].value, token.range.through(close))
    case .punctuation("["):
      return try self.parseCollectionLiteralOrType()
    case .punctuation("{"):
      return .closure(try self.parseClosure())
    case .punctuation("\\"):
      return try self.parseKeyPath()
    case .punctuation("/"):
      _ = self.cursor.advance()
      guard case let .identifier(root) = self.cursor.current.kind else {
        throw ScriptError("expected a type name after '/' in a case path, as in '/Action.child'", at: self.cursor.current.range)
      }
      var end = self.cursor.advance().range
      var names: [String] = []
      while self.cursor.isPunctuation(".") {
        _ = self.cursor.advance()
        guard case let .identifier(name) = self.cursor.current.kind else {
          throw ScriptError("expected a case name", at: self.cursor.current.range)
        }
        names.append(name)
        end = self.cursor.advance().range
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
    case let .punctuation(p) where Parser.isUnknownOperator(p):
      throw ScriptError("unknown operator '\(p)'", at: token.range)
    case let .keyword(word) where self.cursor.inPattern && (word == "let" || word == "var"):
      _ = self.cursor.advance()
      guard case let .identifier(name) = self.cursor.current.kind else {
        throw ScriptError("expected a name after '\(word)' in the pattern", at: self.cursor.current.range)
      }
      return .patternBinding(keyword: word, name: name, token.range.through(self.cursor.advance().range))
    case let .keyword(word) where word != "await":
      throw ScriptError("expected an expression, found keyword '\(word)'", at: token.range)
    default:
      throw ScriptError("expected an expression, found \(token.quoted)", at: token.range)
    }
  }

  mutating func parseCollectionLiteral() throws(ScriptError) -> Expr {
    try self.cursor.enter()
    defer { self.cursor.leave() }
    self.cursor.bracketNesting += 1
    let open = try self.cursor.expect("[", "")
    if self.cursor.isPunctuation(":") {
      _ = self.cursor.advance()
      self.cursor.bracketNesting -= 1
      let close = try self.cursor.expect("]", "to close the empty dictionary")
      return .dictionary([], open.range.through(close.range))
    }
    var elements: [Expr] = []
    var pairs: [(Expr, Expr)] = []
    var isDictionary: Bool?
    while !self.cursor.isPunctuation("]") {
      let key = try self.parseExpression()
      if self.cursor.isPunctuation(":") {
        guard isDictionary != false else {
          throw ScriptError("unexpected ':' in an array literal", at: self.cursor.current.range)
        }
        isDictionary = true
        _ = self.cursor.advance()
        pairs.append((key, try self.parseExpression()))
      } else {
        guard isDictionary != true else {
          throw ScriptError("expected ':' in a dictionary literal", at: self.cursor.current.range)
        }
        isDictionary = false
        elements.append(key)
      }
      if self.cursor.isPunctuation(",") {
        _ = self.cursor.advance()
      } else if !self.cursor.isPunctuation("]") {
        self.cursor.bracketNesting -= 1
        throw ScriptError("expected ',' or ']' in collection literal, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
      }
    }
    self.cursor.bracketNesting -= 1
    let close = self.cursor.advance()
    let range = open.range.through(close.range)
    return isDictionary == true ? .dictionary(pairs, range) : .array(elements, range)
  }

  mutating func parseKeyPath() throws(ScriptError) -> Expr {
    let start = self.cursor.advance().range
    var root: String?
    var end = start
    if case let .identifier(name) = self.cursor.current.kind {
      root = name
      end = self.cursor.advance().range
      // `\Outer.Inner.field`: capitalized components continue the type name.
      while self.cursor.isPunctuation("."), case let .identifier(next) = self.cursor.peekKind(), next.first?.isUppercase == true {
        _ = self.cursor.advance()
        root! += "." + next
        end = self.cursor.advance().range
      }
    }
    var components: [KeyPathComponent] = []
    while true {
      if self.cursor.isPunctuation(".") {
        _ = self.cursor.advance()
        guard case let .identifier(name) = self.cursor.current.kind else {
          throw ScriptError("expected a property name in key path", at: self.cursor.current.range)
        }
        let token = self.cursor.advance()
        components.append(.property(name, token.range))
        end = token.range
      } else if self.cursor.isPunctuation("["), self.cursor.isAttached(at: self.cursor.position) {
        let (args, close) = try self.parseArguments(open: "[", close: "]")
        components.append(.subscript(args, close))
        end = close
      } else if self.cursor.isPunctuation("?"), self.cursor.isAttached(at: self.cursor.position) {
        let token = self.cursor.advance()
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

  /// `"a \(x) b"`: each interpolation's tokens parsed as one expression.
  mutating func interpolatedString(_ parts: [InterpolationPart], range: SourceRange) throws(ScriptError) -> Expr {
    var segments: [StringSegment] = []
    for part in parts {
      switch part {
      case let .literal(text):
        segments.append(.literal(text))
      case let .code(tokens, partRange):
        guard tokens.count > 1 else {
          throw ScriptError("expected an expression in the string interpolation", at: partRange)
        }
        var parser = ExpressionParser(cursor: TokenCursor(tokens: tokens))
        parser.cursor.depth = self.cursor.depth
        segments.append(.expression(try parser.parseWholeExpression()))
      }
    }
    return .interpolatedString(segments, range)
  }

  /// `[Element]`, `[Key: Value]` written as a type (`[Location].previews`, `[String: Int]()`), or
  /// a collection literal.
  mutating func parseCollectionLiteralOrType() throws(ScriptError) -> Expr {
    let (start, savedNesting, savedTokens, savedDepth) = (self.cursor.position, self.cursor.bracketNesting, self.cursor.tokens, self.cursor.depth)
    if let type = try? self.parseType(), TypeParser.isTypeLike(type), self.cursor.isAttached(at: self.cursor.position),
      self.cursor.isPunctuation("(") || self.cursor.isPunctuation(".")
    {
      switch type {
      case .array, .dictionary: return .type(type)
      default: break
      }
    }
    (self.cursor.position, self.cursor.bracketNesting, self.cursor.tokens, self.cursor.depth) = (start, savedNesting, savedTokens, savedDepth)
    return try self.parseCollectionLiteral()
  }
}
