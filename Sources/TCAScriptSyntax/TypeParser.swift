/// Parses types: `Int`, `Todo.State`, `IdentifiedArrayOf<Todo.State>`, `[Todo.State]`, `[String: Int]`,
/// `T?`, `(Int, String)`, `(Int) async throws -> Bool`.
struct TypeParser {
  var cursor: TokenCursor

  mutating func parseType() throws(ScriptError) -> TypeSyntax {
    try self.cursor.enter()
    defer { self.cursor.leave() }
    let start = self.cursor.current
    var type: TypeSyntax
    switch start.kind {
    case .punctuation("["):
      _ = self.cursor.advance()
      let element = try self.parseType()
      if self.cursor.isPunctuation(":") {
        _ = self.cursor.advance()
        let value = try self.parseType()
        let close = try self.cursor.expect("]", "to close the dictionary type")
        type = .dictionary(element, value, start.range.through(close.range))
      } else {
        let close = try self.cursor.expect("]", "to close the array type")
        type = .array(element, start.range.through(close.range))
      }
    case .punctuation("("):
      _ = self.cursor.advance()
      var elements: [TypeSyntax] = []
      while !self.cursor.isPunctuation(")") {
        // `(id: Int, name: String)`: labels are dropped.
        if case .identifier = self.cursor.current.kind, case .punctuation(":") = self.cursor.peekKind() {
          _ = self.cursor.advance()
          _ = self.cursor.advance()
        }
        elements.append(try self.parseType())
        if self.cursor.isPunctuation(",") {
          _ = self.cursor.advance()
        } else if !self.cursor.isPunctuation(")") {
          throw ScriptError("expected ',' or ')' in a tuple type, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
        }
      }
      var end = self.cursor.advance().range
      for effect in ["async", "throws"] where self.cursor.current.kind == .identifier(effect) {
        end = self.cursor.advance().range
      }
      if self.cursor.isPunctuation("->") {
        _ = self.cursor.advance()
        let result = try self.parseType()
        return .function(elements, result: result, start.range.through(result.range))
      }
      type = .tuple(elements, start.range.through(end))
    case var .identifier(name):
      var end = self.cursor.advance().range
      // `any Error`, `some Reducer`.
      if name == "any" || name == "some", case let .identifier(next) = self.cursor.current.kind {
        name += " " + next
        end = self.cursor.advance().range
      }
      while self.cursor.isPunctuation("."), case let .identifier(next) = self.cursor.peekKind() {
        _ = self.cursor.advance()
        name += "." + next
        end = self.cursor.advance().range
      }
      var generics: [TypeSyntax] = []
      if self.cursor.isPunctuation("<") {
        generics = try self.parseGenericArguments()
        end = self.cursor.tokens[self.cursor.position - 1].range
      }
      type = .named(name, generics: generics, start.range.through(end))
    default:
      throw ScriptError("expected a type, found \(start.quoted)", at: start.range)
    }
    while self.cursor.isAttached(at: self.cursor.position), self.cursor.isPunctuation("?") || self.cursor.isPunctuation("!") {
      let mark = self.cursor.advance()
      type = .optional(type, type.range.through(mark.range))
    }
    return type
  }

  /// `<A, B>`. A closing `>` that the lexer ran together with more (`>>`, `>=`) is split.
  mutating func parseGenericArguments() throws(ScriptError) -> [TypeSyntax] {
    _ = try self.cursor.expect("<", "")
    var arguments: [TypeSyntax] = []
    while true {
      arguments.append(try self.parseType())
      guard self.cursor.isPunctuation(",") else { break }
      _ = self.cursor.advance()
    }
    guard case let .punctuation(symbol) = self.cursor.current.kind, symbol.hasPrefix(">") else {
      throw ScriptError("expected '>' to close the generic arguments, found \(self.cursor.current.quoted)", at: self.cursor.current.range)
    }
    if symbol.count > 1 {
      let range = self.cursor.current.range
      self.cursor.tokens[self.cursor.position] = Token(kind: .punctuation(">"), range: SourceRange(line: range.line, column: range.column, length: 1))
      self.cursor.tokens.insert(
        Token(kind: .punctuation(String(symbol.dropFirst())), range: SourceRange(line: range.line, column: range.column + 1, length: range.length - 1)),
        at: self.cursor.position + 1
      )
    }
    _ = self.cursor.advance()
    return arguments
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
    let (start, savedNesting, savedTokens, savedDepth) = (self.cursor.position, self.cursor.bracketNesting, self.cursor.tokens, self.cursor.depth)
    guard let generics = try? self.parseGenericArguments(),
      self.cursor.isPunctuation("(") || self.cursor.isPunctuation("."),
      self.cursor.isAttached(at: self.cursor.position)
    else {
      (self.cursor.position, self.cursor.bracketNesting, self.cursor.tokens, self.cursor.depth) = (start, savedNesting, savedTokens, savedDepth)
      return nil
    }
    return .named(name, generics: generics, range.through(self.cursor.tokens[self.cursor.position - 1].range))
  }
}
