import TCAScriptSyntax

/// No cascades: when a statement fails (an error, or a failed `#require`), the names it would
/// have defined are remembered with its first line, and a later statement that fails using one
/// of them says so instead of a misleading error:
///
/// ```
/// 5:1: error: 'store' isn't defined: line 3 failed
///   store.send(.increment) { $0.count = 1 }
///   ^~~~~
/// ```
extension ScriptEnvironment {
  /// Forgets the failures of the names `statement` defined.
  package func statementSucceeded(_ statement: Statement) {
    guard !self.failedDefinitions.isEmpty else { return }
    for name in statement.definedNames where self.bindings[name] != nil {
      self.failedDefinitions[name] = nil
    }
  }

  /// Remembers the names `statement` would have defined, as failed at `line`.
  package func statementFailed(_ statement: Statement, line: Int) {
    for name in statement.definedNames where self.bindings[name] == nil {
      self.failedDefinitions[name] = line
    }
  }

  /// "'x' isn't defined: line N failed", if `name` is unbound because its statement failed (the
  /// ``Resolver`` throws it where the name is looked up).
  func failedDefinitionError(_ name: String, at range: SourceRange) -> ScriptError? {
    guard let line = self.failedDefinitions[name], self.bindings[name] == nil else { return nil }
    return ScriptError("'\(name)' isn't defined: line \(line) failed", at: range)
  }

  /// The error to show for a failed statement: `error`, unless the statement uses a name a failed
  /// statement would have defined at or before the error's position (`store.exhaustivity = .off`
  /// is "can't assign" when `store` is missing): then "'x' isn't defined: line N failed" there.
  /// An error before the first such use is the statement's own.
  package func cascadeError(_ error: ScriptError, in statement: Statement) -> ScriptError {
    guard !self.failedDefinitions.isEmpty, let position = error.range else { return error }
    for (name, range) in statement.references where (range.line, range.column) <= (position.line, position.column) {
      if let failure = self.failedDefinitionError(name, at: range) { return failure }
    }
    return error
  }
}

extension Statement {
  /// The names the statement defines for the statements after it: a `let`/`var`'s name, a
  /// `guard`'s bindings.
  var definedNames: [String] {
    switch self {
    case let .binding(name, _, _): return [name]
    case let .declaration(declaration): return [declaration.name]
    case let .guard(conditions, _, _): return conditions.flatMap(\.boundNames)
    default: return []
    }
  }

  /// The names the statement uses, in source order, each with its position (names bound inside
  /// it, such as closure parameters and `for` variables, left out where they are bound).
  var references: [(String, SourceRange)] {
    switch self {
    case let .binding(_, value, _): return value.references
    case let .assignment(target, _, value, _): return target.references + value.references
    case let .expression(expr): return expr.references
    case let .declaration(declaration): return declaration.value?.references ?? []
    case let .discard(expr, _): return expr.references
    case let .if(statement): return statement.references
    case let .guard(conditions, body, _):
      return conditions.flatMap(\.references) + Self.references(of: body, excluding: Set(conditions.flatMap(\.boundNames)))
    case let .for(loop):
      let bound = Set(loop.pattern.names)
      let inner = (loop.whereClause?.references ?? []) + Self.references(of: loop.body, excluding: [])
      return loop.sequence.references + inner.filter { !bound.contains($0.0) }
    case let .return(expr, _): return expr?.references ?? []
    case let .throw(expr, _): return expr.references
    case let .do(body, catches, _):
      return Self.references(of: body, excluding: []) + catches.flatMap { Self.references(of: $0, excluding: ["error"]) }
    }
  }

  /// The references of a block's statements, less the names the block binds itself.
  static func references(of block: [Statement], excluding names: Set<String>) -> [(String, SourceRange)] {
    let bound = names.union(block.flatMap(\.definedNames))
    return block.flatMap(\.references).filter { !bound.contains($0.0) }
  }
}

extension IfStatement {
  var references: [(String, SourceRange)] {
    let bound = Set(self.conditions.flatMap(\.boundNames))
    var result = self.conditions.flatMap(\.references) + Statement.references(of: self.body, excluding: bound)
    switch self.elseBranch {
    case let .block(body)?: result += Statement.references(of: body, excluding: [])
    case let .if(next)?: result += next.references
    case nil: break
    }
    return result
  }
}

extension Condition {
  /// The names the condition binds: `let x = …`, `let x`, the names in a `case` pattern.
  var boundNames: [String] {
    switch self {
    case .expression: return []
    case let .optionalBinding(_, name, _, _, _): return [name]
    case let .casePattern(bindsNames, pattern, _, _): return pattern.patternBoundNames(bindsNames: bindsNames)
    }
  }

  var references: [(String, SourceRange)] {
    switch self {
    case let .expression(expr): return expr.references
    case let .optionalBinding(_, name, _, value, range): return value?.references ?? [(name, range)]
    case let .casePattern(_, _, value, _): return value.references
    }
  }
}

extension Pattern {
  package var names: [String] {
    switch self {
    case let .name(name, _): return [name]
    case .wildcard: return []
    case let .tuple(patterns, _): return patterns.flatMap(\.names)
    }
  }
}

extension Expr {
  /// The names the expression uses, in source order, each with its position.
  var references: [(String, SourceRange)] {
    switch self {
    case let .identifier(name, range): return [(name, range)]
    case .integer, .float, .string, .bool, .nil, .closureParameter, .implicitMember, .casePath, .operatorReference, .type,
      .patternBinding:
      return []
    case let .member(base, _, _), let .optionalChain(base, _), let .forceUnwrap(base, _), let .prefix(_, base, _),
      let .parenthesized(base, _), let .try(_, base, _), let .cast(base, _, _, _):
      return base.references
    case let .call(callee, arguments, trailing, _):
      return callee.references + arguments.flatMap(\.value.references) + (trailing?.references ?? [])
    case let .macro(_, arguments, trailing, _):
      return arguments.flatMap(\.value.references) + (trailing?.references ?? [])
    case let .subscript(base, arguments, _):
      return base.references + arguments.flatMap(\.value.references)
    case let .array(elements, _): return elements.flatMap(\.references)
    case let .dictionary(pairs, _): return pairs.flatMap { $0.0.references + $0.1.references }
    case let .keyPath(_, components, _):
      return components.flatMap { component -> [(String, SourceRange)] in
        if case let .subscript(arguments, _) = component { return arguments.flatMap(\.value.references) }
        return []
      }
    case let .closure(closure): return closure.references
    case let .binary(_, lhs, rhs, _): return lhs.references + rhs.references
    case let .interpolatedString(segments, _):
      return segments.flatMap { segment -> [(String, SourceRange)] in
        if case let .expression(expr) = segment { return expr.references }
        return []
      }
    case let .ternary(condition, whenTrue, whenFalse, _):
      return condition.references + whenTrue.references + whenFalse.references
    }
  }
}

extension Closure {
  /// The names the closure's body uses, less its parameters and the names it binds.
  var references: [(String, SourceRange)] {
    Statement.references(of: self.statements, excluding: Set(self.signature?.parameters.map(\.name) ?? []))
  }
}
