import TCAScriptSyntax

/// What `if`, `guard` and `for` share between the ``Interpreter`` (statements, which may drive
/// stores) and closure bodies (``ClosureRunner``): testing conditions, binding names, and the
/// elements a `for` loop visits.
@MainActor
struct ControlFlow {
  package let evaluator: Evaluator

  private var environment: ScriptEnvironment { self.evaluator.environment }

  /// Tests `if`/`guard` conditions left to right, binding the names of `if let x = …` and of
  /// `case` patterns (``CasePatterns``) in the current block scope; false at the first condition
  /// that fails.
  package func test(_ conditions: [Condition], scope: EvaluationScope) throws(ScriptError) -> Bool {
    for condition in conditions {
      switch condition {
      case let .expression(expr):
        let value = try self.evaluator.swiftValue(expr, scope: scope)
        guard let bool = value as? Bool else {
          throw ScriptError("a condition must be a Bool, not a value of type \(_typeName(type(of: value)))", at: expr.range)
        }
        if !bool { return false }
      case let .optionalBinding(_, name, type, value, range):
        let expr = value ?? .identifier(name, range)
        var result = try self.evaluator.swiftValue(expr, scope: scope)
        // `if let x = optional` unwraps one level; a value that isn't optional binds as is.
        if let optional = result as? any _OptionalType {
          guard let wrapped = optional._wrappedValue else { return false }
          result = wrapped
        }
        if let type {
          let expected = try TypeAnnotations(evaluator: self.evaluator).resolve(type)
          result = try self.evaluator.builder.convert(result, to: expected, at: expr.range)
        }
        self.environment.declare(name, .swift(result))
      case let .casePattern(bindsNames, pattern, value, _):
        let subject = try self.evaluator.swiftValue(value, scope: scope)
        let patterns = CasePatterns(evaluator: self.evaluator)
        guard let bindings = try patterns.match(pattern, subject, bindsNames: bindsNames, scope: scope) else { return false }
        for (name, bound) in bindings { self.environment.declare(name, .swift(bound)) }
      }
    }
    return true
  }

  /// The elements `for x in sequence` visits: arrays, identified arrays, sets, integer ranges,
  /// and `enumerated()`'s pairs.
  package func elements(of sequence: Expr, scope: EvaluationScope) throws(ScriptError) -> [Any] {
    let value = try self.evaluator.swiftValue(sequence, scope: scope)
    guard let elements = Sequences.elements(of: value) else {
      throw ScriptError("for-in loop requires a sequence; \(_typeName(type(of: value))) isn't one here", at: sequence.range)
    }
    return elements
  }

  /// Binds a `for` loop's pattern to one element: `item`, `_`, `(index, item)`.
  func bind(_ pattern: Pattern, to value: Any) throws(ScriptError) {
    switch pattern {
    case let .name(name, _):
      self.environment.declare(name, .swift(value))
    case .wildcard:
      break
    case let .tuple(patterns, range):
      let parts = Mirror(reflecting: value).children.map(\.value)
      guard Mirror(reflecting: value).displayStyle == .tuple, parts.count == patterns.count else {
        throw ScriptError("pattern '\(pattern)' doesn't match a value of type \(_typeName(type(of: value)))", at: range)
      }
      for (part, value) in zip(patterns, parts) {
        try self.bind(part, to: value)
      }
    }
  }

  /// Evaluates a `let x: T = value` declaration's value against its annotated type.
  func declarationValue(_ declaration: Declaration, scope: EvaluationScope) throws(ScriptError) -> RuntimeValue {
    guard let value = declaration.value else {
      throw ScriptError("'\(declaration.name)' needs an initial value here ('\(declaration)')", at: declaration.range)
    }
    guard let annotation = declaration.type, let expected = try TypeAnnotations(evaluator: self.evaluator).resolveValueType(annotation) else {
      return try self.evaluator.evaluateSync(value, scope: scope)
    }
    return .swift(try self.evaluator.builder.build(value, as: expected, scope: scope))
  }
}

/// `return` outside a closure: ends the script (or the REPL input, or the notebook cell) quietly.
package struct ScriptReturn: Error {}
