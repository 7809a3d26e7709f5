import TCAScriptSyntax

/// A function passed to a collection method: a closure, an operator (`reduce(0, +)`,
/// `sorted(by: <)`), or a key path used as a function (`map(\.id)`, `filter(\.isComplete)`).
package enum ScriptFunction {
  case closure(ClosureValue)
  case `operator`(String)
  case keyPath([PathComponent], valueType: Any.Type)
}

extension Evaluator {
  /// The collection methods that take functions, and the plain ones that go with them, on
  /// arrays, identified arrays, sets and integer ranges; `nil` when `value` isn't a sequence
  /// or `name` isn't one of them.
  func sequenceMethod(
    _ value: Any, _ name: String, _ arguments: [Argument], range: SourceRange, nameRange: SourceRange,
    scope: EvaluationScope
  ) throws(ScriptError) -> RuntimeValue? {
    guard let sequence = value as? any _ScriptSequence else { return nil }
    let elements = sequence._sequenceElements
    let elementType = type(of: sequence)._sequenceElementType
    let call = SequenceCall(evaluator: self, name: name, arguments: arguments, range: range, elementType: elementType, scope: scope)
    switch name {
    case "filter":
      let f = try call.function(label: nil)
      let mask = try elements.map { (e) throws(ScriptError) in try call.predicate(f, e) }
      return .swift(sequence._keeping(mask))
    case "map":
      let f = try call.function(label: nil)
      let results = try elements.map { (e) throws(ScriptError) in try call.apply(f, [e]) }
      return .swift(Sequences.typedArray(results, fallback: call.resultType(f)))
    case "compactMap":
      let f = try call.function(label: nil)
      var results: [Any] = []
      for element in elements {
        let result = try call.apply(f, [element])
        if let optional = result as? any _OptionalType {
          if let wrapped = optional._wrappedValue { results.append(wrapped) }
        } else {
          results.append(result)
        }
      }
      return .swift(Sequences.typedArray(results))
    case "flatMap":
      let f = try call.function(label: nil)
      var results: [Any] = []
      for element in elements {
        let result = try call.apply(f, [element])
        guard let inner = Sequences.elements(of: result) else {
          throw ScriptError("flatMap's closure must return a sequence, not \(_typeName(type(of: result)))", at: range)
        }
        results += inner
      }
      return .swift(Sequences.typedArray(results))
    case "first", "last":
      guard !arguments.isEmpty else { return nil }
      let f = try call.function(label: "where")
      let ordered = name == "first" ? elements : elements.reversed()
      for element in ordered {
        if try call.predicate(f, element) { return .swift(element) }
      }
      return .swift(Optional<Any>.none as Any)
    case "contains":
      if let argument = arguments.first, argument.label == nil, !argument.isTrailingClosure, arguments.count == 1 {
        let needle = elementType == Any.self
          ? try self.swiftValue(argument.value, scope: scope) : try self.builder.build(argument.value, as: elementType, scope: scope)
        return .swift(elements.contains { Operators.equal($0, needle) })
      }
      let f = try call.function(label: "where")
      for element in elements {
        if try call.predicate(f, element) { return .swift(true) }
      }
      return .swift(false)
    case "allSatisfy":
      let f = try call.function(label: nil)
      for element in elements {
        if try !call.predicate(f, element) { return .swift(false) }
      }
      return .swift(true)
    case "sorted", "min", "max":
      let f: ScriptFunction = arguments.isEmpty ? .operator("<") : try call.function(label: "by")
      let sorted = try call.sort(elements, by: f)
      switch name {
      case "sorted": return .swift(Sequences.typedArray(sorted, fallback: elementType))
      case "min": return .swift(sorted.first ?? (Optional<Any>.none as Any))
      default: return .swift(sorted.last ?? (Optional<Any>.none as Any))
      }
    case "reduce":
      guard arguments.count == 2, arguments[0].label == nil else {
        throw ScriptError("expected reduce(initialResult, { partial, element in … }) or reduce(0, +)", at: range)
      }
      var result = try self.swiftValue(arguments[0].value, scope: scope)
      let f = try SequenceCall(evaluator: self, name: name, arguments: [arguments[1]], range: range, elementType: elementType, scope: scope)
        .function(label: nil)
      for element in elements { result = try call.apply(f, [result, element]) }
      return .swift(result)
    case "forEach":
      let f = try call.function(label: nil)
      for element in elements { _ = try call.apply(f, [element]) }
      return .void
    case "enumerated", "reversed":
      guard arguments.isEmpty else { throw ScriptError("'\(name)()' takes no arguments", at: range) }
      if name == "reversed" { return .swift(Sequences.typedArray(elements.reversed(), fallback: elementType)) }
      return .swift(elements.enumerated().map { (offset: $0.offset, element: $0.element) })
    case "joined":
      let strings = elements.compactMap { $0 as? String }
      guard strings.count == elements.count else {
        throw ScriptError("'joined' needs a sequence of strings", at: nameRange)
      }
      guard arguments.count <= 1, arguments.first.map({ $0.label == "separator" }) ?? true else {
        throw ScriptError("expected joined() or joined(separator: \", \")", at: range)
      }
      let separator = try arguments.first.map { (a) throws(ScriptError) in try self.swiftValue(a.value, scope: scope) } ?? ""
      return .swift(strings.joined(separator: separator as? String ?? "\(separator)"))
    default:
      return nil
    }
  }
}

/// One call of a collection method: reads its function argument and applies it.
@MainActor
struct SequenceCall {
  package let evaluator: Evaluator
  package let name: String
  let arguments: [Argument]
  package let range: SourceRange
  package let elementType: Any.Type
  package let scope: EvaluationScope

  /// The method's one function argument (`label` as Swift spells it; a trailing closure has none).
  func function(label: String?) throws(ScriptError) -> ScriptFunction {
    guard self.arguments.count == 1, let argument = self.arguments.first else {
      throw ScriptError("'\(self.name)' takes one function argument\(label.map { " ('\($0):')" } ?? "")", at: self.range)
    }
    if !argument.isTrailingClosure, argument.label != label {
      throw ScriptError(
        label.map { "expected argument label '\($0):' in call to '\(self.name)'" } ?? "extraneous argument label '\(argument.label ?? "")' in call to '\(self.name)'",
        at: argument.range
      )
    }
    switch argument.value {
    case let .operatorReference(op, _):
      return .operator(op)
    case let .keyPath(nil, components, _):
      let paths = self.evaluator.paths
      let path = try paths.resolvePath(paths.steps(of: components), from: self.elementType, scope: self.scope)
      return .keyPath(path.components, valueType: path.valueType)
    default:
      switch try self.evaluator.evaluateSync(argument.value, scope: self.scope) {
      case let .closure(closure): return .closure(closure)
      case let .keyPath(keyPath):
        guard keyPath.root == self.elementType else {
          throw ScriptError(
            "key path of root type \(_typeName(keyPath.root)) can't be applied to elements of type \(_typeName(self.elementType))",
            at: argument.value.range
          )
        }
        return .keyPath(keyPath.components, valueType: keyPath.valueType)
      case let other:
        throw ScriptError("'\(self.name)' expects a closure, an operator or a key path, not \(other.kindDescription)", at: argument.value.range)
      }
    }
  }

  package func apply(_ function: ScriptFunction, _ values: [Any]) throws(ScriptError) -> Any {
    switch function {
    case let .closure(closure):
      let result = try self.evaluator.callClosure(closure, with: values, at: self.range)
      guard case let .swift(value) = result else {
        throw ScriptError("the closure passed to '\(self.name)' must give a value, not \(result.kindDescription)", at: closure.syntax.range)
      }
      return value
    case let .operator(op):
      guard values.count == 2 else { throw ScriptError("operator '\(op)' takes two values; '\(self.name)' passes \(values.count)", at: self.range) }
      return try Operators.apply(op, values[0], values[1], at: self.range)
    case let .keyPath(components, _):
      guard values.count == 1 else { throw ScriptError("a key path takes one value; '\(self.name)' passes \(values.count)", at: self.range) }
      return try self.evaluator.paths.read(values[0], along: components, at: self.range)
    }
  }

  func predicate(_ function: ScriptFunction, _ value: Any) throws(ScriptError) -> Bool {
    let result = try self.apply(function, [value])
    guard let bool = result as? Bool else {
      throw ScriptError("the function passed to '\(self.name)' must return Bool, not \(_typeName(type(of: result)))", at: self.range)
    }
    return bool
  }

  /// The type a function's results have when it's known without calling it (a key path's).
  func resultType(_ function: ScriptFunction) -> Any.Type? {
    if case let .keyPath(_, valueType) = function { return valueType }
    return nil
  }

  /// A stable sort by an "are in increasing order" function.
  func sort(_ elements: [Any], by function: ScriptFunction) throws(ScriptError) -> [Any] {
    var failure: ScriptError?
    let sorted = elements.enumerated().sorted { a, b in
      guard failure == nil else { return false }
      do {
        if try self.predicate(function, a.element, b.element) { return true }
        if try self.predicate(function, b.element, a.element) { return false }
        return a.offset < b.offset
      } catch let error as ScriptError {
        failure = error
        return false
      } catch {
        return false
      }
    }
    if let failure { throw failure }
    return sorted.map { $0.element }
  }

  private func predicate(_ function: ScriptFunction, _ a: Any, _ b: Any) throws(ScriptError) -> Bool {
    let result = try self.apply(function, [a, b])
    guard let bool = result as? Bool else {
      throw ScriptError("the function passed to '\(self.name)' must return Bool, not \(_typeName(type(of: result)))", at: self.range)
    }
    return bool
  }
}
