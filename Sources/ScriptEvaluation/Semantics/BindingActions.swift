import ComposableArchitecture
import TCAScriptSyntax
import TypeShapes

/// `.binding(.set(\.name, "Blob"))`: a binding action, built from a key path to one of the
/// state's fields and a value of that field's type.
extension ValueBuilder {
  func bindingAction(
    _ binding: any _BindingActionType.Type, _ arguments: [Argument], range: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> Any {
    let root = binding.rootType
    guard arguments.count == 2, arguments.allSatisfy({ $0.label == nil }),
      case let .keyPath(_, components, keyPathRange) = arguments[0].value
    else {
      throw ScriptError("expected '.set(\\.field, value)'", at: range)
    }
    guard components.count == 1, case let .property(name, _) = components[0] else {
      throw ScriptError("a binding sets one field of \(_typeName(root)): write '\\.field'", at: keyPathRange)
    }
    guard case let .struct(shape)? = playgroundShape(of: root), let field = shape.fields.first(where: { $0.name == name }) else {
      throw ScriptError(self.resolver.noMemberMessage(name, on: root), at: keyPathRange)
    }
    let value = try self.build(arguments[1].value, as: field.type, scope: scope)
    guard let action = binding.set(field.keyPath, value) else {
      throw ScriptError(Self.unbindableMessage(name), at: keyPathRange)
    }
    return action
  }

  /// Why a field can't be set by a binding action.
  static func unbindableMessage(_ name: String) -> String {
    "'\(name)' can't be bound: a binding sets a writable field whose type is Equatable"
  }
}

/// `BindingAction<Root>` seen without its generic parameter.
protocol _BindingActionType {
  static var rootType: Any.Type { get }
  static func set(_ keyPath: AnyKeyPath, _ value: Any) -> Any?
  /// The value `action` sets, when it sets the field at `keyPath`.
  static func value(of action: Any, settingField keyPath: AnyKeyPath) -> Any?
}

extension BindingAction: _BindingActionType {
  static var rootType: Any.Type { Root.self }

  static package func set(_ keyPath: AnyKeyPath, _ value: Any) -> Any? {
    (keyPath as? PartialKeyPath<Root>).flatMap { Self.playgroundSet($0, value) }
  }

  static package func value(of action: Any, settingField keyPath: AnyKeyPath) -> Any? {
    guard case let .enum(shape) = Self.playgroundShape else { return nil }
    let (_, values) = shape.destructure(action)
    guard values.count == 2, let actionKeyPath = values[0] as? AnyKeyPath, actionKeyPath == keyPath else { return nil }
    return values[1]
  }
}
