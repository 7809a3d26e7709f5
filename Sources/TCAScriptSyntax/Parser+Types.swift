/// Types: `Int`, `Todo.State`, `IdentifiedArrayOf<Todo.State>`, `[Todo.State]`, `[String: Int]`,
/// `T?`, `(Int, String)`, `(Int) async throws -> Bool`.
extension Parser {
  mutating func parseType() throws(ScriptError) -> TypeSyntax {
    try self.enter()
    defer { self.leave() }
    let start = self.current
    var type: TypeSyntax
    switch start.kind {
    case .punctuation("["):
      _ = self.advance()
      let element = try self.parseType()
      if self.isPunctuation(":") {
        _ = self.advance()
        let value = try self.parseType()
        let close = try self.expect("]", "to close the dictionary type")
        type = .dictionary(element, value, start.range.through(close.range))
      } else {
        let close = try self.expect("]", "to close the array type")
        type = .array(element, start.range.through(close.range))
      }
    case .punctuation("("):
      _ = self.advance()
      var elements: [TypeSyntax] = []
      while !self.isPunctuation(")") {
        // `(id: Int, name: String)`: labels are dropped.
        if case .identifier = self.current.kind, case .punctuation(":") = self.peekKind() {
          _ = self.advance()
          _ = self.advance()
        }
        elements.append(try self.parseType())
        if self.isPunctuation(",") {
          _ = self.advance()
        } else if !self.isPunctuation(")") {
          throw ScriptError("expected ',' or ')' in a tuple type, found \(self.current.quoted)", at: self.current.range)
        }
      }
      var end = self.advance().range
      for effect in ["async", "throws"] where self.current.kind == .identifier(effect) {
        end = self.advance().range
      }
      if self.isPunctuation("->") {
        _ = self.advance()
        let result = try self.parseType()
        return .function(elements, result: result, start.range.through(result.range))
      }
      type = .tuple(elements, start.range.through(end))
    case var .identifier(name):
      var end = self.advance().range
      // `any Error`, `some Reducer`.
      if name == "any" || name == "some", case let .identifier(next) = self.current.kind {
        name += " " + next
        end = self.advance().range
      }
      while self.isPunctuation("."), case let .identifier(next) = self.peekKind() {
        _ = self.advance()
        name += "." + next
        end = self.advance().range
      }
      var generics: [TypeSyntax] = []
      if self.isPunctuation("<") {
        generics = try self.parseGenericArguments()
        end = self.tokens[self.position - 1].range
      }
      type = .named(name, generics: generics, start.range.through(end))
    default:
      throw ScriptError("expected a type, found \(start.quoted)", at: start.range)
    }
    while self.isAttached(at: self.position), self.isPunctuation("?") || self.isPunctuation("!") {
      let mark = self.advance()
      type = .optional(type, type.range.through(mark.range))
    }
    return type
  }

  /// `<A, B>`. A closing `>` that the lexer ran together with more (`>>`, `>=`) is split.
  mutating func parseGenericArguments() throws(ScriptError) -> [TypeSyntax] {
    _ = try self.expect("<", "")
    var arguments: [TypeSyntax] = []
    while true {
      arguments.append(try self.parseType())
      guard self.isPunctuation(",") else { break }
      _ = self.advance()
    }
    guard case let .punctuation(symbol) = self.current.kind, symbol.hasPrefix(">") else {
      throw ScriptError("expected '>' to close the generic arguments, found \(self.current.quoted)", at: self.current.range)
    }
    if symbol.count > 1 {
      let range = self.current.range
      self.tokens[self.position] = Token(kind: .punctuation(">"), range: SourceRange(line: range.line, column: range.column, length: 1))
      self.tokens.insert(
        Token(kind: .punctuation(String(symbol.dropFirst())), range: SourceRange(line: range.line, column: range.column + 1, length: range.length - 1)),
        at: self.position + 1
      )
    }
    _ = self.advance()
    return arguments
  }
}
