import ComposableArchitecture
import TCAScriptSyntax
import TypeShapes

/// `case` patterns in `if` and `guard` conditions, matched as Swift matches them:
///
/// ```swift
/// if case .loaded(let count) = store.state.status { … }     // a case, binding its value
/// if case let .family(relation) = contact.kind { … }        // `let` before the pattern binds every name
/// guard case .work(company: let company, _) = kind else { … }
/// if case .loaded = status { … }                            // the case, whatever its values
/// if case .loaded(resultCount: 3) = status { … }            // a value compared with `==`
/// if case let x? = optional { … }, if case .some(let x) = optional { … }, if case .none = optional { … }
/// if case 1...5 = count { … }                               // a range holds the value
/// ```
@MainActor
struct CasePatterns {
  package let evaluator: Evaluator

  /// The names `pattern` binds, with their values, when `value` matches it; `nil` when it
  /// doesn't. `bindsNames` is a `let` before the whole pattern (`case let .x(y)`).
  func match(_ pattern: Expr, _ value: Any, bindsNames: Bool, scope: EvaluationScope) throws(ScriptError) -> [(String, Any)]? {
    switch pattern {
    case let .parenthesized(inner, _):
      return try self.match(inner, value, bindsNames: bindsNames, scope: scope)
    case let .patternBinding(_, name, _):
      return [(name, value)]
    case .identifier("_", _):
      return []
    case let .identifier(name, _) where bindsNames:
      return [(name, value)]
    case let .optionalChain(inner, _):
      // `let x?`: a value that isn't nil.
      guard let optional = value as? any _OptionalType else {
        throw ScriptError("'?' pattern needs an optional value, not a value of type \(_typeName(type(of: value)))", at: pattern.range)
      }
      guard let wrapped = optional._wrappedValue else { return nil }
      return try self.match(inner, wrapped, bindsNames: bindsNames, scope: scope)
    case let .implicitMember(name, range):
      return try self.matchCase(name, arguments: nil, value, range: range.droppingFirst(), bindsNames: bindsNames, scope: scope)
    case let .call(.implicitMember(name, range), arguments, nil, _):
      return try self.matchCase(name, arguments: arguments, value, range: range.droppingFirst(), bindsNames: bindsNames, scope: scope)
    case let .member(base, name, range) where self.namesType(base):
      return try self.matchCase(name, arguments: nil, value, range: range, bindsNames: bindsNames, scope: scope)
    case let .call(.member(base, name, range), arguments, nil, _) where self.namesType(base):
      return try self.matchCase(name, arguments: arguments, value, range: range, bindsNames: bindsNames, scope: scope)
    default:
      return try self.matchExpression(pattern, value, scope: scope) ? [] : nil
    }
  }

  /// Whether an expression names a type (`Status` in `Status.loaded`) rather than a value.
  private func namesType(_ expr: Expr) -> Bool {
    guard let name = self.evaluator.builder.typeName(of: expr) else { return false }
    return self.evaluator.environment.bindings[name.split(separator: ".").first.map(String.init) ?? name] == nil
      && (self.evaluator.types.type(named: name) != nil || self.evaluator.types.hasNamespace(name))
  }

  /// `.name` or `.name(patterns…)` against an enum value (or an optional one).
  private func matchCase(
    _ name: String, arguments: [Argument]?, _ value: Any, range: SourceRange, bindsNames: Bool, scope: EvaluationScope
  ) throws(ScriptError) -> [(String, Any)]? {
    if let optional = value as? any _OptionalType {
      switch name {
      case "none":
        return optional._wrappedValue == nil && (arguments ?? []).isEmpty ? [] : nil
      case "some":
        guard arguments == nil || arguments?.count == 1 else { throw ScriptError("'.some' holds one value", at: range) }
        guard let wrapped = optional._wrappedValue else { return nil }
        guard let arguments else { return [] }
        return try self.match(arguments[0].value, wrapped, bindsNames: bindsNames, scope: scope)
      default:
        // `case .loaded = optionalStatus` matches the wrapped value, as in Swift.
        guard let wrapped = optional._wrappedValue else {
          if let wrappedType = (type(of: value) as? any _OptionalType.Type)?.wrappedType {
            _ = try self.checked(name, arguments, against: wrappedType, range: range)
          }
          return nil
        }
        return try self.matchCase(name, arguments: arguments, wrapped, range: range, bindsNames: bindsNames, scope: scope)
      }
    }
    let (shape, declared, isWhole) = try self.checked(name, arguments, against: type(of: value), range: range)
    let (index, values) = shape.destructure(value)
    guard shape.cases[index].name == name else { return nil }
    guard let arguments else { return [] }
    // `.pair(let both)` binds a case's several values as one tuple-like value.
    if isWhole {
      let payload = CasePayload(values: zip(declared.payload, values).map { ($0.label, $1) })
      return try self.match(arguments[0].value, payload, bindsNames: bindsNames, scope: scope)
    }
    var bindings: [(String, Any)] = []
    for (argument, payload) in zip(arguments, values) {
      guard let matched = try self.match(argument.value, payload, bindsNames: bindsNames, scope: scope) else { return nil }
      bindings += matched
    }
    return bindings
  }

  /// The enum shape and case a pattern names, checked against the enum type before any value is
  /// (a wrong pattern is an error whichever case the value is); `isWhole` for one pattern that
  /// takes a case's several values together.
  private func checked(
    _ name: String, _ arguments: [Argument]?, against type: Any.Type, range: SourceRange
  ) throws(ScriptError) -> (shape: EnumShape, declared: CaseShape, isWhole: Bool) {
    guard case let .enum(shape)? = playgroundShape(of: type) else {
      throw ScriptError("'\(name)' is a case pattern, but \(_typeName(type)) is not an enum the playground can look into", at: range)
    }
    guard let declared = shape.cases.first(where: { $0.name == name }) else {
      throw ScriptError(
        "'\(name)' is not a case of \(_typeName(type))\(Diagnostics.didYouMean(name, among: shape.cases.map(\.name)))", at: range
      )
    }
    let isWhole = arguments?.count == 1 && declared.payload.count > 1 && arguments?[0].label == nil
    if let arguments, !isWhole {
      guard arguments.count == declared.payload.count else {
        throw ScriptError(
          "the pattern has \(arguments.count) value\(arguments.count == 1 ? "" : "s"), but '\(name)' has \(declared.payload.count)",
          at: range
        )
      }
      for (argument, parameter) in zip(arguments, declared.payload) {
        if let label = argument.label, label != parameter.label {
          throw ScriptError(
            "'\(name)' has no value labelled '\(label)'" + (parameter.label.map { "; it is '\($0)'" } ?? ""), at: argument.range
          )
        }
      }
    }
    return (shape, declared, isWhole)
  }

  /// An expression pattern: a value compared with `==`, or a range that holds the value.
  private func matchExpression(_ pattern: Expr, _ value: Any, scope: EvaluationScope) throws(ScriptError) -> Bool {
    let expected = Operators.flatten(value).map { type(of: $0) } ?? type(of: value)
    let candidate: Any
    if case .binary("..<", _, _, _) = pattern {
      candidate = try self.evaluator.swiftValue(pattern, scope: scope)
    } else if case .binary("...", _, _, _) = pattern {
      candidate = try self.evaluator.swiftValue(pattern, scope: scope)
    } else {
      candidate = try self.evaluator.builder.build(pattern, as: expected, scope: scope)
    }
    switch (candidate, Operators.flatten(value)) {
    case let (range as Range<Int>, number as Int): return range.contains(number)
    case let (range as ClosedRange<Int>, number as Int): return range.contains(number)
    case let (range as Range<Double>, number as Double): return range.contains(number)
    case let (range as ClosedRange<Double>, number as Double): return range.contains(number)
    default: return Operators.equal(candidate, value)
    }
  }
}

extension Expr {
  /// The names a `case` pattern binds: `let x` inside it, or with `bindsNames` (a `let` before
  /// the whole pattern) its plain names in value positions.
  func patternBoundNames(bindsNames: Bool) -> [String] {
    switch self {
    case let .patternBinding(_, name, _): return [name]
    case let .identifier(name, _): return bindsNames && name != "_" ? [name] : []
    case let .parenthesized(inner, _), let .optionalChain(inner, _): return inner.patternBoundNames(bindsNames: bindsNames)
    case let .call(_, arguments, nil, _): return arguments.flatMap { $0.value.patternBoundNames(bindsNames: bindsNames) }
    default: return []
    }
  }
}
