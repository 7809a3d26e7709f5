import TCAScriptSyntax

/// A closure written in a script, as a value: `{ $0.isComplete }`, `{ a, b in a.id < b.id }`.
///
/// It keeps its syntax and the block-scope locals visible where it was written (copied, as a
/// capture list would); top-level names are read when it runs, so it sees their latest values.
/// Calling it (``Evaluator/callClosure(_:with:at:)``) binds the arguments to its parameters
/// (`$0`, `$1`, … when it names none) and runs its statements with ``ClosureRunner``: its value
/// is what `return` gives, or the value of its only expression statement.
package struct ClosureValue {
  var syntax: Closure
  var captured: [String: RuntimeValue]
  /// The store a bare key path (`\.count`) refers to where it was written.
  package var store: StoreHandle?
}

extension Evaluator {
  /// Calls a closure value with arguments (already Swift values); with a `resultType`, the
  /// value it gives (`{ _ in .preview }`) is built as that type.
  func callClosure(
    _ closure: ClosureValue, with arguments: [Any], at range: SourceRange, resultType: Any.Type? = nil
  ) throws(ScriptError) -> RuntimeValue {
    if let parameters = closure.syntax.signature?.parameters, parameters.count != arguments.count {
      throw ScriptError(
        "closure takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s") but \(arguments.count) \(arguments.count == 1 ? "was" : "were") passed",
        at: range
      )
    }
    let environment = self.environment
    return try environment.withLocalScope { () throws(ScriptError) -> RuntimeValue in
      for (name, value) in closure.captured { environment.declare(name, value) }
      if let parameters = closure.syntax.signature?.parameters {
        for (parameter, argument) in zip(parameters, arguments) where parameter.name != "_" {
          environment.declare(parameter.name, .swift(argument))
        }
      } else {
        for (index, argument) in arguments.enumerated() { environment.declare("$\(index)", .swift(argument)) }
      }
      let scope = EvaluationScope(closureParameter: nil, store: closure.store)
      return try ClosureRunner(evaluator: self, scope: scope, resultType: resultType).run(closure.syntax.statements, isBody: true)
    }
  }

  /// `f = { … }` where `f` holds a closure: rebinds it (true), or leaves other assignments to
  /// the caller (false).
  func reassignClosure(_ target: Expr, op: String, _ value: Expr, scope: EvaluationScope) throws(ScriptError) -> Bool {
    guard op == "=", case let .identifier(name, _) = target, case .closure? = self.environment.bindings[name] else { return false }
    let result = try self.evaluateSync(value, scope: scope)
    guard case .closure = result else {
      throw ScriptError("cannot assign \(result.kindDescription) to '\(name)', which holds a closure", at: value.range)
    }
    self.environment.bindings[name] = result
    return true
  }

  /// The closure value for a closure written where a value is expected.
  func closureValue(_ closure: Closure, scope: EvaluationScope) -> RuntimeValue {
    .closure(ClosureValue(syntax: closure, captured: self.environment.visibleLocals, store: scope.store))
  }
}

/// Runs a closure's statements, synchronously (a closure can't drive a store): bindings,
/// assignments to local names, `if`, `guard`, `for` and `return`.
@MainActor
struct ClosureRunner {
  package let evaluator: Evaluator
  package let scope: EvaluationScope
  /// The type the closure's value is built as, when its caller expects one (a dependency
  /// endpoint's result type); `Void` runs a single expression for its effect.
  var resultType: Any.Type?

  private enum Flow {
    case next
    case returned(RuntimeValue)
  }

  private var environment: ScriptEnvironment { self.evaluator.environment }
  private var flow: ControlFlow { ControlFlow(evaluator: self.evaluator) }

  /// The closure's value: what `return` gives, or its single expression's value.
  package func run(_ statements: [Statement], isBody: Bool) throws(ScriptError) -> RuntimeValue {
    if statements.count == 1, case let .expression(expr) = statements[0] {
      return try self.value(of: expr)
    }
    if case let .returned(value) = try self.block(statements) { return value }
    return .void
  }

  private func block(_ statements: [Statement]) throws(ScriptError) -> Flow {
    for statement in statements {
      if case let .returned(value) = try self.execute(statement) { return .returned(value) }
    }
    return .next
  }

  private func scoped(_ statements: [Statement]) throws(ScriptError) -> Flow {
    try self.environment.withLocalScope { () throws(ScriptError) -> Flow in try self.block(statements) }
  }

  private func execute(_ statement: Statement) throws(ScriptError) -> Flow {
    switch statement {
    case let .binding(name, value, range):
      let result = try self.evaluator.evaluateSync(value, scope: self.scope)
      if case .void = result { throw ScriptError("'\(value)' has no value to bind", at: range) }
      self.environment.declare(name, result)
    case let .declaration(declaration):
      self.environment.declare(declaration.name, try self.flow.declarationValue(declaration, scope: self.scope))
    case let .assignment(target, op, value, range):
      try self.assign(target, op: op, value, range: range)
    case let .expression(expr):
      _ = try self.evaluator.evaluateSync(expr, scope: self.scope)
    case let .discard(expr, _):
      _ = try self.evaluator.evaluateSync(expr, scope: self.scope)
    case let .return(expr, _):
      return .returned(try expr.map { (e) throws(ScriptError) in try self.value(of: e) } ?? .void)
    case let .if(statement):
      var branch: IfStatement? = statement
      while let current = branch {
        let flow = try self.environment.withLocalScope { () throws(ScriptError) -> Flow? in
          guard try self.flow.test(current.conditions, scope: self.scope) else { return nil }
          return try self.scoped(current.body)
        }
        if let flow { return flow }
        switch current.elseBranch {
        case let .block(body)?: return try self.scoped(body)
        case let .if(next)?: branch = next
        case nil: branch = nil
        }
      }
    case let .guard(conditions, body, range):
      if try self.flow.test(conditions, scope: self.scope) { return .next }
      if case let .returned(value) = try self.scoped(body) { return .returned(value) }
      throw ScriptError("'guard' body must not fall through; end it with 'return'", at: range)
    case let .for(loop):
      for element in try self.flow.elements(of: loop.sequence, scope: self.scope) {
        let flow = try self.environment.withLocalScope { () throws(ScriptError) -> Flow in
          try self.flow.bind(loop.pattern, to: element)
          if let condition = loop.whereClause, try !self.flow.test([.expression(condition)], scope: self.scope) { return .next }
          return try self.block(loop.body)
        }
        if case .returned = flow { return flow }
      }
    case let .throw(expr, range):
      let value = try self.evaluator.evaluateSync(expr, scope: self.scope)
      guard case let .swift(swiftValue) = value, let error = swiftValue as? any Error else {
        throw ScriptError("thrown expression must conform to 'Error'; found \(value.kindDescription)", at: expr.range)
      }
      throw ScriptError(thrown: error, at: range)
    case .do:
      throw ScriptError("\(statement.construct) aren't supported here yet", at: statement.range)
    }
    return .next
  }

  /// An expression's value, built as ``resultType`` when there is one.
  private func value(of expr: Expr) throws(ScriptError) -> RuntimeValue {
    guard let resultType else { return try self.evaluator.evaluateSync(expr, scope: self.scope) }
    if resultType == Void.self {
      _ = try self.evaluator.evaluateSync(expr, scope: self.scope)
      return .swift(())
    }
    return .swift(try self.evaluator.builder.build(expr, as: resultType, scope: self.scope))
  }

  /// `x = 1`, `total += item.price`, `row.isDone = true` on a name bound in the script.
  private func assign(_ target: Expr, op: String, _ value: Expr, range: SourceRange) throws(ScriptError) {
    if try self.evaluator.reassignClosure(target, op: op, value, scope: self.scope) { return }
    let paths = self.evaluator.paths
    let (root, steps) = paths.decompose(target)
    guard case let .identifier(name, _) = root, case let .swift(current)? = self.environment.bindings[name] else {
      throw ScriptError("can't assign to '\(target)' in a closure", at: target.range)
    }
    let path = try paths.resolvePath(steps, from: type(of: current), scope: self.scope)
    let updated = try paths.write(value, op: op, into: current, along: path.components, valueType: path.valueType, range: range, scope: self.scope)
    self.environment.bindings[name] = .swift(updated)
  }
}
