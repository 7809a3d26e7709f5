import TCAScriptSyntax

extension Interpreter {
  /// Runs `let x: T = …`, `if`, `guard`, `for` and `return`. Bodies run statement by statement
  /// through ``execute(_:)`` (so they may drive stores), each in its own block scope: names bound
  /// inside a body don't leak. `return` (at top level, or in a `guard`'s `else`) throws
  /// ``ScriptReturn``, which `Session.run` takes as the quiet end of the script.
  func executeControlFlow(_ statement: Statement) async throws {
    let flow = ControlFlow(evaluator: self.evaluator)
    switch statement {
    case let .declaration(declaration):
      // `let store: TestStoreOf<Feature> = TestStore(…)`: the store's type comes from its reducer.
      if case let .named(name, _, _)? = declaration.type, ["TestStore", "TestStoreOf", "Store", "StoreOf"].contains(name),
        let value = declaration.value
      {
        try await self.execute(.binding(name: declaration.name, value: value, declaration.range))
        return
      }
      let value = try flow.declarationValue(declaration, scope: .topLevel)
      self.environment.declare(declaration.name, value)
      if case let .swift(v) = value { self.environment.lastValue = v }
    case let .if(statement):
      var branch: IfStatement? = statement
      while let current = branch {
        self.environment.pushLocalScope()
        defer { self.environment.popLocalScope() }
        if try flow.test(current.conditions, scope: .topLevel) {
          try await self.block(current.body)
          return
        }
        switch current.elseBranch {
        case let .block(body)?:
          try await self.block(body)
          return
        case let .if(next)?: branch = next
        case nil: branch = nil
        }
      }
    case let .guard(conditions, body, range):
      if try flow.test(conditions, scope: .topLevel) { return }
      try await self.block(body)
      throw ScriptError("'guard' body must not fall through; end it with 'return'", at: range)
    case let .for(loop):
      for element in try flow.elements(of: loop.sequence, scope: .topLevel) {
        self.environment.pushLocalScope()
        defer { self.environment.popLocalScope() }
        try flow.bind(loop.pattern, to: element)
        if let condition = loop.whereClause, try !flow.test([.expression(condition)], scope: .topLevel) { continue }
        for statement in loop.body { try await self.execute(statement) }
      }
    case let .return(value, _):
      if let value { _ = try await self.evaluate(value, scope: .topLevel, bindingName: nil) }
      throw ScriptReturn()
    default:
      throw ScriptError("\(statement.construct) aren't supported here yet", at: statement.range)
    }
  }

  /// Runs a body in its own block scope.
  private func block(_ statements: [Statement]) async throws {
    self.environment.pushLocalScope()
    defer { self.environment.popLocalScope() }
    for statement in statements { try await self.execute(statement) }
  }
}
