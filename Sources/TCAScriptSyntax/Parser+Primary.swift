/// Primary expressions: literals, names, `#macros`, interpolated strings, collection literals,
/// key paths and case paths, parenthesized expressions, closures, and types written as values.
extension Parser {
  mutating func parsePrimary() throws(ScriptError) -> Expr {
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
      if self.isPunctuation("<"), self.isAttached(at: self.position), let type = self.speculativeGenericType(name, token.range) {
        return .type(type)
      }
      return .identifier(name, token.range)
    case let .interpolatedString(parts):
      _ = self.advance()
      return try self.interpolatedString(parts, range: token.range)
    case let .pound(name):
      _ = self.advance()
      var args: [Argument] = []
      var end = token.range
      if self.isPunctuation("("), self.isAttached(at: self.position) {
        let (parsed, close) = try self.parseArguments(open: "(", close: ")")
        args = parsed
        end = close
      }
      return try self.parseTrailingClosures(.macro(name, args, trailingClosure: nil, token.range.through(end)))
    case let .dollar(index):
      _ = self.advance()
      return .closureParameter(index, token.range)
    case .punctuation("."):
      _ = self.advance()
      guard let name = self.memberName else {
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
      return try self.parseCollectionLiteralOrType()
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
    case let .punctuation(p) where Parser.isUnknownOperator(p):
      throw ScriptError("unknown operator '\(p)'", at: token.range)
    case let .keyword(word) where self.inPattern && (word == "let" || word == "var"):
      _ = self.advance()
      guard case let .identifier(name) = self.current.kind else {
        throw ScriptError("expected a name after '\(word)' in the pattern", at: self.current.range)
      }
      return .patternBinding(keyword: word, name: name, token.range.through(self.advance().range))
    case let .keyword(word) where word != "await":
      throw ScriptError("expected an expression, found keyword '\(word)'", at: token.range)
    default:
      throw ScriptError("expected an expression, found \(token.quoted)", at: token.range)
    }
  }

  mutating func parseCollectionLiteral() throws(ScriptError) -> Expr {
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

  mutating func parseKeyPath() throws(ScriptError) -> Expr {
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
      } else if self.isPunctuation("["), self.isAttached(at: self.position) {
        let (args, close) = try self.parseArguments(open: "[", close: "]")
        components.append(.subscript(args, close))
        end = close
      } else if self.isPunctuation("?"), self.isAttached(at: self.position) {
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
        var parser = Parser(tokens: tokens)
        parser.depth = self.depth
        segments.append(.expression(try parser.parseWholeExpression()))
      }
    }
    return .interpolatedString(segments, range)
  }

  /// `[Element]`, `[Key: Value]` written as a type (`[Location].previews`, `[String: Int]()`), or
  /// a collection literal.
  mutating func parseCollectionLiteralOrType() throws(ScriptError) -> Expr {
    let (start, savedNesting, savedTokens, savedDepth) = (self.position, self.bracketNesting, self.tokens, self.depth)
    if let type = try? self.parseType(), Self.isTypeLike(type), self.isAttached(at: self.position),
      self.isPunctuation("(") || self.isPunctuation(".")
    {
      switch type {
      case .array, .dictionary: return .type(type)
      default: break
      }
    }
    (self.position, self.bracketNesting, self.tokens, self.depth) = (start, savedNesting, savedTokens, savedDepth)
    return try self.parseCollectionLiteral()
  }

  /// `[Todo.State]` is a type; `[blob]` and `[Filter.all]` are arrays: every name of a type
  /// starts with a capital.
  static func isTypeLike(_ type: TypeSyntax) -> Bool {
    switch type {
    case let .named(name, generics, _):
      return name.split(separator: ".").allSatisfy { $0.first?.isUppercase == true } && generics.allSatisfy(isTypeLike)
    case let .array(element, _), let .optional(element, _): return isTypeLike(element)
    case let .dictionary(key, value, _): return isTypeLike(key) && isTypeLike(value)
    case let .tuple(elements, _): return elements.allSatisfy(isTypeLike)
    case .function: return true
    }
  }

  /// `Name<Arguments>` followed by `(` or `.`: a generic type (`IdentifiedArrayOf<Todo.State>()`).
  /// Otherwise nil, and the parser is back where it was (`a < b` is a comparison).
  mutating func speculativeGenericType(_ name: String, _ range: SourceRange) -> TypeSyntax? {
    let (start, savedNesting, savedTokens, savedDepth) = (self.position, self.bracketNesting, self.tokens, self.depth)
    guard let generics = try? self.parseGenericArguments(),
      self.isPunctuation("(") || self.isPunctuation("."),
      self.isAttached(at: self.position)
    else {
      (self.position, self.bracketNesting, self.tokens, self.depth) = (start, savedNesting, savedTokens, savedDepth)
      return nil
    }
    return .named(name, generics: generics, range.through(self.tokens[self.position - 1].range))
  }
}
