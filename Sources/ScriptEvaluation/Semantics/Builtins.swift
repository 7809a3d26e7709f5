import Foundation
import TCAScriptSyntax

extension Evaluator {
  /// The standard-library and Foundation initializers ``callNamed(_:_:range:scope:)`` runs.
  static let conversionNames: Set<String> = ["UUID", "Int", "Double", "String", "Bool"]

  /// Calls of a bare name that aren't catalog types: a closure bound to the name (`isDone(todo)`)
  /// and the standard library's conversions: `UUID(uuidString:)` (optional), `UUID(0)` (the
  /// Dependencies library's `00000000-0000-0000-0000-000000000000`), `Int("5")` (optional),
  /// `Double(n)`, `String(n)`, `Bool("true")`. `nil` when the name is none of these.
  func callNamed(_ name: String, _ arguments: [Argument], range: SourceRange, scope: EvaluationScope) throws(ScriptError) -> RuntimeValue? {
    if case let .closure(closure)? = self.environment.bindings[name] {
      let values = try arguments.map { (argument) throws(ScriptError) in try self.swiftValue(argument.value, scope: scope) }
      return try self.callClosure(closure, with: values, at: range)
    }
    guard Self.conversionNames.contains(name), self.environment.bindings[name] == nil else { return nil }
    let labels = arguments.map(\.label)
    if name == "UUID" {
      if arguments.isEmpty {
        throw ScriptError("'UUID()' makes a random id; write one: UUID(uuidString: \"…\")!, or a string where a UUID is expected", at: range)
      }
      // `UUID(0)`, as the Dependencies library spells 00000000-0000-0000-0000-000000000000.
      if labels == [nil], case let n as Int = try self.swiftValue(arguments[0].value, scope: scope) {
        guard n >= 0 else { throw ScriptError("UUID(_:) takes a non-negative integer", at: arguments[0].value.range) }
        guard let uuid = UUID(uuidString: "00000000-0000-0000-0000-" + String(format: "%012x", n)) else {
          throw ScriptError("UUID(_:) takes an integer below 2^48", at: arguments[0].value.range)
        }
        return .swift(uuid)
      }
      guard labels == ["uuidString"] else { throw ScriptError("expected UUID(uuidString: \"…\")! or UUID(0)", at: range) }
      let text = try self.swiftValue(arguments[0].value, scope: scope)
      guard let text = text as? String else {
        throw ScriptError("UUID(uuidString:) takes a String, not \(_typeName(type(of: text)))", at: arguments[0].value.range)
      }
      return .swift(UUID(uuidString: text) as Any)
    }
    guard arguments.count == 1, labels == [nil] else {
      throw ScriptError("\(name)(…) takes one unlabelled argument here", at: range)
    }
    let value = try self.swiftValue(arguments[0].value, scope: scope)
    let result: Any?
    switch (name, value) {
    case let ("String", v): result = String(describing: Operators.flatten(v) ?? v)
    case let ("Int", v as Int): result = v
    case let ("Int", v as Double):
      guard v.isFinite, v.magnitude < 9.2e18 else { throw ScriptError("\(v) can't be converted to Int", at: range) }
      result = Int(v)
    case let ("Int", v as String): result = Int(v) as Any
    case let ("Double", v as Int): result = Double(v)
    case let ("Double", v as Double): result = v
    case let ("Double", v as String): result = Double(v) as Any
    case let ("Bool", v as Bool): result = v
    case let ("Bool", v as String): result = Bool(v) as Any
    default: result = nil
    }
    guard let result else {
      throw ScriptError("no \(name) initializer takes a value of type \(_typeName(type(of: value)))", at: arguments[0].value.range)
    }
    return .swift(result)
  }
}
