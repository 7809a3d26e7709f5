import ComposableArchitecture
import Foundation
import TCAScriptSyntax

/// Resolves a type written in the script (`let todos: IdentifiedArrayOf<Todo.State> = …`) to the
/// Swift type, so the ``ValueBuilder`` can build the value against it (`.init(…)`, `.case`).
@MainActor
struct TypeAnnotations {
  package let evaluator: Evaluator

  /// The standard-library and Foundation types a script may name.
  static let builtins: [String: Any.Type] = [
    "Int": Int.self, "Double": Double.self, "Float": Float.self, "String": String.self, "Bool": Bool.self,
    "UUID": UUID.self, "Date": Date.self, "Character": Character.self, "IndexSet": IndexSet.self,
  ]

  /// The type of a declaration's value, or `nil` when the annotation is a function type (the
  /// closure is evaluated as written).
  func resolveValueType(_ syntax: TypeSyntax) throws(ScriptError) -> Any.Type? {
    if case .function = syntax { return nil }
    return try self.resolve(syntax)
  }

  package func resolve(_ syntax: TypeSyntax) throws(ScriptError) -> Any.Type {
    switch syntax {
    case let .named(name, generics, range):
      if generics.isEmpty {
        if let type = Self.builtins[name] ?? self.evaluator.types.type(named: name) { return type }
        throw ScriptError(
          "cannot find type '\(name)' in scope\(Diagnostics.didYouMean(name, among: self.evaluator.types.allNames + Self.builtins.keys))",
          at: range
        )
      }
      let arguments = try generics.map { (g) throws(ScriptError) in try self.resolve(g) }
      switch (name, arguments.count) {
      case ("Array", 1): return KeyPaths.arrayType(of: arguments[0])
      case ("Optional", 1): return optionalType(of: arguments[0])
      case ("IdentifiedArrayOf", 1), ("IdentifiedArray", 2):
        guard let element = arguments.last as? any Identifiable.Type else {
          throw ScriptError("'\(_typeName(arguments.last!))' isn't Identifiable, so it can't be an IdentifiedArray's element", at: range)
        }
        return Self.identifiedArrayType(of: element)
      default:
        // A specialised type the features use: `AlertState<Todos.Action.Alert>`.
        let spelled = "\(name)<\(arguments.map { _typeName($0) }.joined(separator: ", "))>"
        if let type = self.evaluator.types.type(genericNamed: spelled) { return type }
        throw ScriptError("the generic type '\(syntax)' isn't supported here yet", at: range)
      }
    case let .array(element, _):
      return KeyPaths.arrayType(of: try self.resolve(element))
    case let .optional(wrapped, _):
      return optionalType(of: try self.resolve(wrapped))
    case .dictionary, .tuple, .function:
      throw ScriptError("the type '\(syntax)' isn't supported here yet", at: syntax.range)
    }
  }

  static func identifiedArrayType(of element: any Identifiable.Type) -> Any.Type {
    func open<E: Identifiable>(_: E.Type) -> Any.Type { IdentifiedArrayOf<E>.self }
    return open(element)
  }
}
