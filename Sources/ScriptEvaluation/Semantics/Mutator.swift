import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax

/// Changes values in place: the statements of assertion closures (`{ $0.count = 1;
/// $0.rows[id: 2]?.isActive.toggle() }`), and mutating methods (`toggle()`, `append(_:)`, …).
@MainActor
struct Mutator {
  package let evaluator: Evaluator

  private var paths: KeyPaths { self.evaluator.paths }
  private var builder: ValueBuilder { self.evaluator.builder }

  /// Turns `{ $0.count = 1; $0.rows[id: 2]?.isActive.toggle() }` into a state mutation, checked
  /// once against the store's current state so that mistakes are reported as errors before the
  /// action is sent.
  func assertion(_ closure: Closure, for store: StoreHandle) throws -> (inout Any) throws -> Void {
    let stateType = store.driver.stateType
    let mutate: (inout Any) throws -> Void = { [unowned evaluator = self.evaluator] state in
      let parameter = MutableValue(state)
      let scope = EvaluationScope(closureParameter: parameter, store: store)
      for statement in closure.statements {
        try Mutator(evaluator: evaluator).executeMutation(statement, on: parameter, stateType: stateType, scope: scope)
      }
      state = parameter.value
    }
    var probe = store.driver.state
    try mutate(&probe)
    return mutate
  }

  func executeMutation(_ statement: Statement, on parameter: MutableValue, stateType: Any.Type, scope: EvaluationScope) throws(ScriptError) {
    switch statement {
    case let .assignment(target, op, value, range):
      let (root, steps) = self.paths.decompose(target)
      guard case .closureParameter(0, _) = root else {
        throw ScriptError("an assertion closure can only change '$0'", at: target.range)
      }
      let path = try self.paths.resolvePath(steps, from: stateType, scope: scope)
      guard path.isWritable else { throw ScriptError("'\(target)' is read-only (a computed property)", at: target.range) }
      parameter.value = try self.paths.write(value, op: op, into: parameter.value, along: path.components, valueType: path.valueType, range: range, scope: scope)
    case let .discard(.call(.member(target, method, methodRange), arguments, nil, range), _)
    where Self.mutatingMethods.contains(method):
      // `_ = $0.todos.remove(id: x)`: the result discarded, the mutation kept.
      try self.executeMutation(.expression(.call(.member(target, method, methodRange), arguments, trailingClosure: nil, range)), on: parameter, stateType: stateType, scope: scope)
    case let .expression(.call(.member(target, method, methodRange), arguments, nil, range)):
      let (root, steps) = self.paths.decompose(target)
      guard case .closureParameter(0, _) = root else {
        throw ScriptError("an assertion closure can only change '$0'", at: target.range)
      }
      let path = try self.paths.resolvePath(steps, from: stateType, scope: scope)
      parameter.value = try self.mutatingMethod(method, arguments, on: parameter.value, path: path, range: range, methodRange: methodRange, scope: scope)
    case let .binding(_, _, range):
      throw ScriptError("bindings are not allowed in an assertion closure", at: range)
    case let .expression(expr):
      throw ScriptError("expected an assignment to '$0', such as '$0.count = 1'", at: expr.range)
    default: throw ScriptError("\(statement.construct) aren't supported in an assertion closure", at: statement.range)
    }
  }

  nonisolated static let mutatingMethods: Set<String> = ["toggle", "append", "insert", "remove", "removeAll", "removeLast", "removeFirst"]

  /// `toggle()`, `append(_:)`, `remove(id:)`, `removeAll()`, `insert(_:at:)`, `removeLast()`.
  func mutatingMethod(
    _ method: String, _ arguments: [Argument], on root: Any, path: (components: [PathComponent], valueType: Any.Type, isWritable: Bool),
    range: SourceRange, methodRange: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> Any {
    let valueType = unwrapOptional(path.valueType)
    let elementType = (valueType as? any _ElementContainer.Type)?.elementType
    return try self.paths.update(root, along: path.components[...], range: range) { value throws(ScriptError) in
      let current = try self.builder.encode(value, at: range)
      let changed = try self.applyMutatingMethod(
        method, arguments, to: current, value: value, elementType: elementType, valueType: valueType, range: range,
        methodRange: methodRange, scope: scope
      )
      return try self.builder.decode(changed, as: type(of: value), at: range)
    }
  }

  /// A mutating method applied to the neutral form of the value it's called on.
  private func applyMutatingMethod(
    _ method: String, _ arguments: [Argument], to current: DataValue, value: Any, elementType: Any.Type?,
    valueType: Any.Type, range: SourceRange, methodRange: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> DataValue {
      switch (method, current) {
      case let ("toggle", .bool(b)) where arguments.isEmpty:
        return .bool(!b)
      case let ("append", .array(elements)) where arguments.count == 1:
        guard let elementType else { break }
        return .array(elements + [try self.builder.data(arguments[0].value, as: elementType, scope: scope)])
      case let ("insert", .array(elements)) where arguments.count == 2 && arguments[1].label == "at":
        guard let elementType else { break }
        let index = try self.builder.build(arguments[1].value, as: Int.self, scope: scope) as? Int ?? 0
        guard (0...elements.count).contains(index) else { throw ScriptError("index \(index) is out of range", at: arguments[1].range) }
        var copy = elements
        copy.insert(try self.builder.data(arguments[0].value, as: elementType, scope: scope), at: index)
        return .array(copy)
      case let ("remove", .array(elements)) where arguments.count == 1 && arguments[0].label == "id":
        guard let identified = valueType as? any _IdentifiedCollection.Type else { break }
        let id = try self.builder.build(arguments[0].value, as: identified.idType, scope: scope)
        // Find the element by its `Identifiable` id in the Swift collection.
        guard let index = (value as? any _IdentifiedCollection)?._index(id: id) else { return .array(elements) }
        var copy = elements
        if copy.indices.contains(index) { copy.remove(at: index) }
        return .array(copy)
      case let ("remove", .array(elements)) where arguments.count == 1 && arguments[0].label == "at":
        let index = try self.builder.build(arguments[0].value, as: Int.self, scope: scope) as? Int ?? 0
        guard elements.indices.contains(index) else { throw ScriptError("index \(index) is out of range", at: arguments[0].range) }
        var copy = elements
        copy.remove(at: index)
        return .array(copy)
      case ("removeAll", .array) where arguments.isEmpty:
        return .array([])
      case let ("removeLast", .array(elements)) where arguments.isEmpty && !elements.isEmpty:
        return .array(Array(elements.dropLast()))
      case let ("removeFirst", .array(elements)) where arguments.isEmpty && !elements.isEmpty:
        return .array(Array(elements.dropFirst()))
      default:
        break
      }
      throw ScriptError(
        "can't call '\(method)' here\(Diagnostics.didYouMean(method, among: ["toggle", "append", "insert", "remove", "removeAll", "removeLast", "removeFirst"]))",
        at: methodRange
      )
  }

}
