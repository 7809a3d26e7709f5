import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax

/// Evaluates expressions that don't drive a store (names, literals, operators, state reads, key
/// paths, case paths, catalog calls) to runtime values; ``Interpreter`` runs the ones that do.
///
/// Building a value of an expected type is ``ValueBuilder``'s job, paths are ``KeyPaths``' and
/// ``CasePathResolver``'s, names are ``Resolver``'s: the evaluator hands them each their part.
@MainActor
package final class Evaluator {
  package let environment: ScriptEnvironment
  /// How deeply evaluation has recursed (a guard: nothing typed may overflow the stack).
  private var depth = 0
  /// How many expressions have been evaluated and catalog values called: ``BuildPlans`` keeps a
  /// plan only for a build during which this didn't change (it evaluated nothing).
  private(set) var evaluationCount = 0
  /// The builds resolved so far, by shape.
  let plans = BuildPlans()

  package init(environment: ScriptEnvironment) {
    self.environment = environment
  }

  var types: TypeRegistry { self.environment.types }
  var resolver: Resolver { Resolver(environment: self.environment) }
  var builder: ValueBuilder { ValueBuilder(evaluator: self) }
  package var paths: KeyPaths { KeyPaths(evaluator: self) }
  var casePaths: CasePathResolver { CasePathResolver(evaluator: self) }

  func evaluateSync(_ expr: Expr, expected: Any.Type? = nil, scope: EvaluationScope) throws(ScriptError) -> RuntimeValue {
    self.depth += 1
    self.evaluationCount += 1
    defer { self.depth -= 1 }
    guard self.depth < 400 else {
      throw ScriptError("expression too complex to evaluate", at: expr.range)
    }
    if let expected, self.builder.isConstructionSyntax(expr, for: expected) {
      return .swift(try self.builder.build(expr, as: expected, scope: scope))
    }
    switch expr {
    case let .integer(v, _): return .swift(v)
    case let .float(v, _): return .swift(v)
    case let .string(v, _): return .swift(v)
    case let .bool(v, _): return .swift(v)
    case .nil: return .swift(Optional<Any>.none as Any)
    case let .parenthesized(inner, _): return try self.evaluateSync(inner, expected: expected, scope: scope)
    case let .identifier(name, range): return try self.resolver.lookup(name, at: range)
    case let .closureParameter(index, range):
      if index == 0, let parameter = scope.closureParameter { return .swift(parameter.value) }
      if let argument = self.environment.bindings["$\(index)"] { return argument }
      throw ScriptError("'$\(index)' is only available inside a closure", at: range)
    case let .implicitMember(name, range):
      throw ScriptError("cannot infer the type of '.\(name)'; write it where a type is expected, or as 'Type.\(name)'", at: range)
    case let .forceUnwrap(base, range): return try self.forceUnwrap(base, range: range, scope: scope)
    case .member, .subscript, .optionalChain:
      return try self.evaluateChain(expr, scope: scope)
    case let .call(callee, arguments, trailing, range):
      return try self.evaluateCall(callee, arguments, trailing, range: range, expected: expected, scope: scope)
    case let .array(elements, _):
      var values: [Any] = []
      for element in elements {
        guard case let .swift(value) = try self.evaluateSync(element, scope: scope) else {
          throw ScriptError("arrays can only hold values", at: element.range)
        }
        values.append(value)
      }
      return .swift(Sequences.typedArray(values))
    case let .dictionary(_, range):
      throw ScriptError("a dictionary literal needs an expected type here", at: range)
    case let .keyPath(root, components, range):
      return .keyPath(try self.paths.keyPath(root: root, components, range: range, scope: scope))
    case let .casePath(root, names, range):
      var casePath = try self.casePaths.casePath(root: root, names.map { .name($0) }, range: range)
      casePath.isAnyCasePath = true
      return .casePath(casePath)
    case let .closure(closure):
      return self.closureValue(closure, scope: scope)
    case let .prefix(op, operand, range):
      let value = try self.swiftValue(operand, scope: scope)
      switch (op, value) {
      case let ("!", b as Bool): return .swift(!b)
      case let ("-", i as Int): return .swift(-i)
      case let ("-", d as Double): return .swift(-d)
      default: throw ScriptError("operator '\(op)' can't be applied to \(_typeName(type(of: value)))", at: range)
      }
    case let .binary(op, lhs, rhs, range):
      return .swift(try self.evaluateOperator(op, lhs, rhs, range: range, scope: scope))
    case let .interpolatedString(segments, _): return .swift(try self.interpolate(segments, scope: scope))
    case let .ternary(c, a, b, _): return try self.evaluateTernary(c, a, b, expected: expected, scope: scope)
    case let .try(keyword, operand, range): return try self.evaluateTry(keyword, operand, range: range, expected: expected, scope: scope)
    case let .type(syntax): return .type(try TypeAnnotations(evaluator: self).resolve(syntax))
    case .macro, .operatorReference, .cast: throw self.unsupported(expr)
    case let .patternBinding(_, _, range): throw ScriptError("'\(expr)' binds a name only in a 'case' pattern", at: range)
    }
  }

  func swiftValue(_ expr: Expr, scope: EvaluationScope) throws(ScriptError) -> Any {
    let value = try self.evaluateSync(expr, scope: scope)
    guard case let .swift(swift) = value else {
      throw ScriptError("expected a value, found \(value.kindDescription)", at: expr.range)
    }
    return swift
  }

  /// A chain of member accesses and subscripts: `store.state.rows[id: 1]?.text`, `model[keyPath: kp]`.
  func evaluateChain(_ expr: Expr, scope: EvaluationScope) throws(ScriptError) -> RuntimeValue {
    let (rootExpr, steps) = self.paths.decompose(expr)
    var value = try self.evaluateSync(rootExpr, scope: scope)
    var index = 0
    // Leading steps that aren't state reads: types, stores, case paths.
    while index < steps.count {
      switch (value, steps[index]) {
      case let (.type(type), .member(name, range)):
        if let nested = self.types.type(named: "\(_typeName(type)).\(name)") {
          value = .type(nested)
        } else if let catalogValue = self.resolver.catalogValue(owner: type, name: name), catalogValue.parameters == nil {
          value = .swift(try self.call(catalogValue, arguments: [], range: range, scope: scope))
        } else if TypeSchema.of(type).cases.contains(where: { $0.name == name }) {
          value = .swift(try self.builder.build(.member(.identifier(_typeName(type), rootExpr.range), name, range), as: type, scope: scope))
        } else {
          throw ScriptError(self.resolver.noStaticMemberMessage(name, on: type), at: range)
        }
        index += 1
        continue
      case let (.namespace(prefix), .member(name, range)):
        let qualified = "\(prefix).\(name)"
        if let type = self.types.type(named: qualified) {
          value = .type(type)
        } else if self.types.hasNamespace(qualified) {
          value = .namespace(qualified)
        } else {
          throw ScriptError("cannot find type '\(qualified)' in scope\(Diagnostics.didYouMean(qualified, among: self.types.allNames))", at: range)
        }
        index += 1
        continue
      case let (.store(store), .member(name, range)):
        value = try self.storeMember(store, name, at: range)
        index += 1
        continue
      case let (.swift(base), .subscript(args, range)) where args.count == 1 && args[0].label == "keyPath":
        guard case let .keyPath(keyPath) = try self.evaluateSync(args[0].value, scope: scope) else {
          throw ScriptError("expected a key path", at: args[0].value.range)
        }
        value = .swift(try self.paths.read(base, along: keyPath.components, at: range))
        index += 1
        continue
      case let (.swift(base), .subscript(args, range)) where args.count == 1 && args[0].label == "case":
        let casePath = try self.casePaths.casePathArgument(args[0].value, root: type(of: base), scope: scope)
        value = .swift(try self.casePaths.extract(casePath, from: base, at: range) ?? (Optional<Any>.none as Any))
        index += 1
        continue
      case (.swift, _):
        break
      default:
        throw ScriptError("\(value.kindDescription) has no members here", at: steps[index].range)
      }
      guard case let .swift(base) = value else { break }
      let remaining = Array(steps[index...])
      // Stop before a `[keyPath:]`/`[case:]` subscript: handled above on the next turn.
      let end = remaining.firstIndex { step in
        if case let .subscript(args, _) = step { return args.first?.label == "keyPath" || args.first?.label == "case" }
        return false
      } ?? remaining.count
      let path = try self.paths.resolvePath(Array(remaining[..<end]), from: type(of: base), scope: scope)
      value = .swift(try self.paths.read(base, along: path.components, at: steps[index].range))
      index += end
    }
    return value
  }

  func storeMember(_ store: StoreHandle, _ name: String, at range: SourceRange) throws(ScriptError) -> RuntimeValue {
    switch name {
    case "state": return .swift(store.driver.state)
    case "environment":
      guard let environment = store.driver.environmentName else {
        throw ScriptError("\(store.feature.name) has no environment; it uses dependencies", at: range)
      }
      return .variant(environment)
    case "exhaustivity": return .swift(store.driver.exhaustivity)
    case "receivedActions": return .swift(store.driver.receivedActions)
    default:
      // TCA 1.x stores read state fields directly: `store.count`.
      if TypeSchema.of(store.driver.stateType).fields.contains(where: { $0.name == name })
        || self.types.computedProperties(of: store.driver.stateType).contains(where: { $0.name == name })
      {
        return .swift(try self.paths.readMember(store.driver.state, name, at: range))
      }
      let members = ["state", "send", "receive", "finish", "skipReceivedActions", "skipInFlightEffects", "advance",
        "exhaustivity", "environment", "dependencies", "withState", "subscribe", "unsubscribe", "assert", "withExhaustivity"]
      throw ScriptError(
        "value of type \(store.driver.isTestStore ? "TestStore" : "Store") has no member '\(name)'\(Diagnostics.didYouMean(name, among: members))",
        at: range
      )
    }
  }

  /// Calls that don't drive a store: catalog functions, memberwise initializers, case path
  /// methods, `IdentifiedArrayOf(…)`.
  func evaluateCall(
    _ callee: Expr, _ arguments: [Argument], _ trailing: Closure?, range: SourceRange, expected: Any.Type?,
    scope: EvaluationScope
  ) throws(ScriptError) -> RuntimeValue {
    if let trailing, !Self.isStoreInitializer(callee) {
      // `items.filter { … }`: the trailing closure is the method's last argument.
      // `store.send(…) { … }` on a name that isn't bound: say that, not what a trailing
      // closure needs (the store is what's missing).
      if case let .member(base, name, nameRange) = callee, case let .swift(value) = try self.evaluateSync(base, scope: scope),
        let result = try self.sequenceMethod(value, name, arguments + [Argument(label: nil, value: .closure(trailing), range: trailing.range, isTrailingClosure: true)], range: range, nameRange: nameRange, scope: scope)
      {
        return result
      }
      throw ScriptError("a trailing closure is only accepted by 'send', 'receive' and store initializers", at: range)
    }
    switch callee {
    case let .identifier(name, nameRange):
      if let result = try self.callNamed(name, arguments, range: range, scope: scope) { return result }
      if ValueBuilder.identifiedArrayNames.contains(name) {
        guard arguments.count == 1 else { throw ScriptError("\(name)(…) takes one argument", at: range) }
        let elements = try self.swiftValue(arguments[0].value, scope: scope)
        if let expected { return .swift(try self.builder.convert(elements, to: expected, at: range)) }
        guard let array = (elements as? any _AnyArray)?._elements else {
          if elements is any _IdentifiedCollection { return .swift(elements) }
          throw ScriptError("\(name)(…) needs an array of identifiable elements", at: arguments[0].value.range)
        }
        guard let first = array.first, let identifiable = type(of: first) as? any Identifiable.Type else {
          throw ScriptError("\(name)(…) needs a non-empty array of identifiable elements here", at: arguments[0].value.range)
        }
        return .swift(identifiable._identifiedArray(from: array))
      }
      if let type = self.types.type(named: name) {
        return .swift(try self.builder.build(.call(callee, arguments, trailingClosure: nil, range), as: type, scope: scope))
      }
      if self.resolver.feature(named: name) != nil, arguments.isEmpty {
        return try self.resolver.lookup(name, at: nameRange)
      }
      _ = try self.resolver.lookup(name, at: nameRange)
      throw ScriptError("'\(name)' is not a function", at: nameRange)
    case let .member(base, name, nameRange):
      let baseValue = try self.evaluateSync(base, scope: scope)
      switch baseValue {
      case let .type(type):
        if let value = self.resolver.catalogValue(owner: type, name: name) {
          return .swift(try self.call(value, arguments: arguments, range: range, scope: scope))
        }
        // A nested type's initializer: `Search.State.Weather(…)` where no type is expected.
        if let nested = self.types.type(named: "\(_typeName(type)).\(name)") {
          return .swift(try self.builder.build(.call(callee, arguments, trailingClosure: nil, range), as: nested, scope: scope))
        }
        guard name == "init" || TypeSchema.of(type).cases.contains(where: { $0.name == name }) else {
          throw ScriptError(self.resolver.noStaticMemberMessage(name, on: type), at: nameRange)
        }
        return .swift(try self.builder.build(.call(callee, arguments, trailingClosure: nil, range), as: type, scope: scope))
      case let .casePath(casePath):
        return try self.casePaths.casePathMethod(casePath, name, arguments, range: range, nameRange: nameRange, scope: scope)
      case let .swift(value):
        return try self.valueMethod(value, name, arguments, range: range, nameRange: nameRange, scope: scope)
      case .store:
        throw ScriptError("'\(name)' drives the store: use it as a statement of its own", at: range)
      case .namespace, .feature:
        // `Todo.State(…)`: a reducer type's name is also the namespace of its nested types.
        var prefix = "\(base)"
        if case let .namespace(name) = baseValue { prefix = name }
        guard let type = self.types.type(named: "\(prefix).\(name)") else {
          throw ScriptError("cannot find type '\(prefix).\(name)' in scope\(Diagnostics.didYouMean("\(prefix).\(name)", among: self.types.allNames))", at: nameRange)
        }
        return .swift(try self.builder.build(.call(callee, arguments, trailingClosure: nil, range), as: type, scope: scope))
      default:
        throw ScriptError("\(baseValue.kindDescription) has no method '\(name)'", at: nameRange)
      }
    case let .type(syntax) where arguments.isEmpty:
      // `[Todo.State]()`, `IdentifiedArrayOf<Todo.State>()`: an empty collection.
      let type = try TypeAnnotations(evaluator: self).resolve(syntax)
      return .swift(try self.builder.build(.array([], range), as: type, scope: scope))
    default:
      throw ScriptError("cannot call \(callee)", at: callee.range)
    }
  }

  static func isStoreInitializer(_ callee: Expr) -> Bool {
    if case let .identifier(name, _) = callee { return name == "TestStore" || name == "Store" }
    return false
  }

  /// Calls a catalog function, converting arguments to its parameter types.
  func call(_ value: CatalogValue, arguments: [Argument], range: SourceRange, scope: EvaluationScope) throws(ScriptError) -> Any {
    self.evaluationCount += 1
    let qualified = "\(_typeName(value.owner)).\(value.name)"
    guard value.parameters != nil else {
      guard arguments.isEmpty else { throw ScriptError("'\(qualified)' is a value, not a function", at: range) }
      do { return try value.call([]) } catch { throw ScriptError("\(qualified) failed: \(error)", at: range) }
    }
    // Among overloads (`init(name:)`, `init(id:name:)`), the one whose labels fit the call.
    let overloads = self.types.staticMembers(of: value.owner).filter { $0.name == value.name && $0.parameters != nil }
    let labels = arguments.map(\.label)
    let value = overloads.first { Self.matchParameters($0, labels: labels) != nil } ?? value
    let parameters = value.parameters ?? []
    let signature = "\(qualified)(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    guard let positions = Self.matchParameters(value, labels: labels) else {
      if arguments.count > parameters.count {
        throw ScriptError("\(signature) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s")", at: range)
      }
      for (argument, parameter) in zip(arguments, parameters) where argument.label != parameter.label {
        throw ScriptError(
          parameter.label.map { "expected argument label '\($0):' in \(signature)" } ?? "unexpected argument label in \(signature)",
          at: argument.range
        )
      }
      throw ScriptError("\(signature) takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s")", at: range)
    }
    var built: [Any] = []
    for (index, parameter) in parameters.enumerated() {
      if let position = positions[index] {
        built.append(try self.builder.build(arguments[position].value, as: parameter.type, scope: scope))
      } else if let defaultValue = value.defaults[index] {
        built.append(defaultValue())
      }
    }
    do { return try value.call(built) } catch { throw ScriptError("\(qualified) failed: \(error)", at: range) }
  }

  /// Which argument (by position) each parameter takes, `nil` for a parameter left to its
  /// default; `nil` when the labels don't fit the parameters.
  static func matchParameters(_ value: CatalogValue, labels: [String?]) -> [Int?]? {
    guard let parameters = value.parameters else { return labels.isEmpty ? [] : nil }
    var positions: [Int?] = []
    var next = 0
    for (index, parameter) in parameters.enumerated() {
      if next < labels.count, labels[next] == parameter.label {
        positions.append(next)
        next += 1
      } else if value.defaults[index] != nil {
        positions.append(nil)
      } else {
        return nil
      }
    }
    return next == labels.count ? positions : nil
  }

  /// Methods on values: `x.is(\.case)`, `model[keyPath:]` is a subscript (see `evaluateChain`).
  func valueMethod(
    _ value: Any, _ name: String, _ arguments: [Argument], range: SourceRange, nameRange: SourceRange,
    scope: EvaluationScope
  ) throws(ScriptError) -> RuntimeValue {
    switch name {
    case "is":
      guard arguments.count == 1 else { throw ScriptError("'is' takes one case key path", at: range) }
      let casePath = try self.casePaths.casePathArgument(arguments[0].value, root: type(of: value), scope: scope)
      return .swift(try self.casePaths.extract(casePath, from: value, at: range) != nil)
    default:
      if let string = value as? String, let result = try self.stringMethod(string, name, arguments, range: range, scope: scope) {
        return result
      }
      if let result = try self.sequenceMethod(value, name, arguments, range: range, nameRange: nameRange, scope: scope) { return result }
      throw ScriptError("value of type \(_typeName(type(of: value))) has no method '\(name)'", at: nameRange)
    }
  }
}
