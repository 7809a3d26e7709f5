import ComposableArchitecture
import TCAScriptSyntax

extension Interpreter {
  /// `store.withExhaustivity(.off) { … }`: runs the closure's statements with the store's
  /// exhaustivity overridden, restoring it afterwards (also when a statement fails), as
  /// `TestStore.withExhaustivity(_:operation:)` does.
  func withExhaustivity(_ store: StoreHandle, _ arguments: [Argument], _ trailing: Closure?, range: SourceRange) async throws -> RuntimeValue {
    guard store.driver.isTestStore else {
      throw ScriptError("'withExhaustivity' needs a TestStore; '\(store.name)' is a live Store", at: range)
    }
    var operation: Closure?
    if arguments.count == 1, arguments[0].label == nil {
      operation = trailing
    } else if arguments.count == 2, arguments[0].label == nil, arguments[1].label == "operation", trailing == nil,
      case let .closure(closure) = arguments[1].value
    {
      operation = closure
    }
    guard let operation else { throw ScriptError("expected 'withExhaustivity(.off) { … }'", at: range) }
    if let signature = operation.signature, !signature.parameters.isEmpty {
      throw ScriptError("the closure of 'withExhaustivity' takes no parameters", at: signature.range)
    }
    let exhaustivity = try self.exhaustivity(arguments[0].value)
    let previous = store.driver.exhaustivity
    store.driver.exhaustivity = exhaustivity
    defer { store.driver.exhaustivity = previous }
    for statement in operation.statements {
      try await self.execute(statement)
    }
    return .void
  }
}
