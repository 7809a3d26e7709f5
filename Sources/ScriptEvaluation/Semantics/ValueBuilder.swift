import ComposableArchitecture
import FeatureCatalog
import Foundation
import TCAScriptSyntax
import TypeShapes

/// Builds a typed Swift value from an expression and the type expected there.
///
/// The expected Swift type drives everything: `.child(id: 2, action: .toggle)` is checked
/// against the expected enum's cases and payload types (from ``TypeSchema``), resolved into a
/// ``DataValue``, and decoded into the real type. Errors name the position, what was expected,
/// and the nearest valid name.
@MainActor
struct ValueBuilder {
  package let evaluator: Evaluator

  var types: TypeRegistry { self.evaluator.types }
  package var catalog: Catalog { self.evaluator.environment.catalog }
  var resolver: Resolver { self.evaluator.resolver }

  /// A Swift value of `type` for the expression.
  package func build(_ expr: Expr, as type: Any.Type, scope: EvaluationScope) throws(ScriptError) -> Any {
    if case let .parenthesized(inner, _) = expr { return try self.build(inner, as: type, scope: scope) }
    if let rewritten = StateBuilders.rewrite(expr) { return try self.build(rewritten, as: type, scope: scope) }
    if type == Duration.self, let duration = try self.duration(expr, scope: scope) { return duration }
    // A declared initializer builds the value itself (no round trip through its fields).
    if case let .call(callee, arguments, nil, range) = expr, let name = self.typeName(of: callee),
      self.types.type(named: name) == type || Self.isGenericBaseName(name, of: type),
      let initializer = self.initializer(of: type, for: arguments)
    {
      return try self.evaluator.call(initializer, arguments: arguments, range: range, scope: scope)
    }
    if self.isConstructionSyntax(expr, for: type) {
      let value = try self.data(expr, as: type, scope: scope)
      return try self.decode(value, as: type, at: expr.range)
    }
    let value = try self.evaluator.evaluateSync(expr, expected: type, scope: scope)
    guard case let .swift(swiftValue) = value else {
      throw ScriptError("expected a value of type \(_typeName(type)), found \(value.kindDescription)", at: expr.range)
    }
    return try self.convert(swiftValue, to: type, at: expr.range)
  }

  /// Whether the expression is spelled as a literal or initializer the builder resolves against
  /// the expected type (rather than evaluated first).
  func isConstructionSyntax(_ expr: Expr, for type: Any.Type) -> Bool {
    switch expr {
    case .integer, .float, .string, .bool, .nil, .array, .dictionary, .implicitMember:
      return true
    case let .call(callee, _, nil, _):
      switch callee {
      case .implicitMember: return true
      case let .identifier(name, _):
        return !Evaluator.conversionNames.contains(name) && self.types.type(named: name) != nil || Self.identifiedArrayNames.contains(name)
          || Self.isGenericBaseName(name, of: type)
      case let .member(base, member, _):
        if let named = self.typeName(of: base), self.resolver.catalogValue(owner: named, name: member) == nil {
          // `Type.case(…)` of the expected type, or a nested type's initializer.
          return self.types.type(named: named) == type || self.types.type(named: "\(named).\(member)") != nil
        }
        return false
      default: return false
      }
    case let .member(base, member, _):
      guard let named = self.typeName(of: base), let owner = self.types.type(named: named) else { return false }
      return self.resolver.catalogValue(owner: named, name: member) == nil && !TypeSchema.of(owner).cases.isEmpty
    default:
      return false
    }
  }

  static let identifiedArrayNames: Set<String> = ["IdentifiedArrayOf", "IdentifiedArray"]

  /// Whether `name` is the expected generic type without its arguments, which Swift infers from
  /// context: `AlertState(…)` where an `AlertState<Feature.Action.Alert>` is expected.
  static func isGenericBaseName(_ name: String, of type: Any.Type) -> Bool {
    let full = _typeName(unwrapOptional(type))
    guard let bracket = full.firstIndex(of: "<") else { return false }
    return full[..<bracket] == name
  }

  /// The dotted type name an expression spells (`Counter.State`), if it is one.
  func typeName(of expr: Expr) -> String? {
    switch expr {
    case let .identifier(name, _): return name
    case let .member(base, name, _): return self.typeName(of: base).map { "\($0).\(name)" }
    default: return nil
    }
  }

  /// Converts an evaluated Swift value to the expected type: as is, or through its shape when
  /// the shapes agree (an array into an `IdentifiedArray`, a value into an optional).
  package func convert(_ value: Any, to type: Any.Type, at range: SourceRange) throws(ScriptError) -> Any {
    if Swift.type(of: value) == type || type == Any.self { return value }
    if let optional = type as? any _OptionalType.Type, Swift.type(of: value) == optional.wrappedType {
      return wrapInOptional(value, as: optional)
    }
    do {
      return try ValueMaker().make(type, from: ValueReader().read(value))
    } catch {
      throw ScriptError(
        "cannot convert value of type \(_typeName(Swift.type(of: value))) to expected type \(_typeName(type))", at: range
      )
    }
  }

  func decode(_ value: DataValue, as type: Any.Type, at range: SourceRange) throws(ScriptError) -> Any {
    do {
      return try ValueMaker().make(type, from: value)
    } catch {
      throw ScriptError(Self.describe(error, building: type), at: range)
    }
  }

  static func describe(_ failure: ValueMaker.Failure, building type: Any.Type) -> String {
    let path = failure.path.filter { !$0.hasPrefix("_") }.joined(separator: ".")
    return "can't build \(_typeName(type))\(path.isEmpty ? "" : " at '\(path)'"): \(failure.message)"
  }

  // MARK: - DataValue resolution

  /// Resolves an expression against an expected type into the type's `Codable` shape.
  func data(_ expr: Expr, as type: Any.Type, scope: EvaluationScope) throws(ScriptError) -> DataValue {
    if case let .parenthesized(inner, _) = expr { return try self.data(inner, as: type, scope: scope) }
    if let rewritten = StateBuilders.rewrite(expr) { return try self.data(rewritten, as: type, scope: scope) }
    if let optional = type as? any _OptionalType.Type {
      if case .nil = expr { return .null }
      return try self.data(expr, as: optional.wrappedType, scope: scope)
    }
    let schema = TypeSchema.of(type)
    switch expr {
    case let .integer(value, range):
      // Integers also build types that decode from one integer (`StackElementID`: `id: 0`).
      let decodesFromInteger = !(type is any _DataPrimitive.Type) && schema.isScalarLike && type is any ExpressibleByIntegerLiteral.Type
      guard (type is any _DataPrimitive.Type && type != String.self && type != Bool.self) || decodesFromInteger else {
        throw ScriptError("cannot convert integer literal to expected type \(_typeName(type))", at: range)
      }
      return .int(value)
    case let .float(value, range):
      guard type == Double.self || type == Float.self else {
        throw ScriptError("cannot convert floating-point literal to expected type \(_typeName(type))", at: range)
      }
      return .double(value)
    case let .string(value, range):
      guard type == String.self || (schema.isScalarLike && !(type is any _DataPrimitive.Type)) else {
        throw ScriptError("cannot convert string literal to expected type \(_typeName(type))", at: range)
      }
      return .string(value)
    case let .bool(value, range):
      guard type == Bool.self else {
        throw ScriptError("cannot convert boolean literal to expected type \(_typeName(type))", at: range)
      }
      return .bool(value)
    case let .nil(range):
      throw ScriptError("'nil' is not compatible with expected type \(_typeName(type))", at: range)
    case let .array(elements, range):
      guard case let .sequence(element) = schema, let element else {
        throw ScriptError("cannot convert array literal to expected type \(_typeName(type))", at: range)
      }
      var values: [DataValue] = []
      for e in elements { values.append(try self.data(e, as: element, scope: scope)) }
      return .array(values)
    case let .dictionary(pairs, range):
      guard let dictionary = type as? any _DictionaryType.Type else {
        throw ScriptError("cannot convert dictionary literal to expected type \(_typeName(type))", at: range)
      }
      var object = DataObject()
      for (key, value) in pairs {
        let keyValue = try self.data(key, as: dictionary.keyType, scope: scope)
        let keyString: String
        switch keyValue {
        case let .string(s): keyString = s
        case let .int(i): keyString = "\(i)"
        default: throw ScriptError("dictionary keys must be strings or integers", at: key.range)
        }
        object[keyString] = try self.data(value, as: dictionary.valueType, scope: scope)
      }
      return .object(object)
    case let .implicitMember(name, range):
      return try self.member(name, arguments: nil, of: type, schema: schema, range: range, nameRange: range.droppingFirst(), scope: scope)
    case let .call(.implicitMember(name, memberRange), arguments, nil, range):
      return try self.member(name, arguments: arguments, of: type, schema: schema, range: range, nameRange: memberRange.droppingFirst(), scope: scope)
    case let .call(callee, arguments, nil, range):
      if case let .identifier(name, _) = callee, Self.identifiedArrayNames.contains(name) {
        guard arguments.count == 1 else {
          throw ScriptError("\(name)(…) takes one argument: an array of elements", at: range)
        }
        return try self.data(arguments[0].value, as: type, scope: scope)
      }
      if case let .identifier(name, _) = callee, Evaluator.conversionNames.contains(name) {
        return try self.encodeEvaluated(expr, as: type, scope: scope)  // `UUID(0)`, `Int("5")`
      }
      if let name = self.typeName(of: callee),
        let named = self.types.type(named: name) ?? (Self.isGenericBaseName(name, of: type) ? type : nil)
      {
        guard named == type else {
          throw ScriptError("cannot convert value of type \(name) to expected type \(_typeName(type))", at: callee.range)
        }
        if let initializer = self.initializer(of: type, for: arguments) {
          let value = try self.evaluator.call(initializer, arguments: arguments, range: range, scope: scope)
          return try self.encode(value, at: range)
        }
        return try self.memberwise(type, schema: schema, arguments: arguments, range: range, scope: scope)
      }
      if case let .member(base, member, memberRange) = callee, let name = self.typeName(of: base),
        let named = self.types.type(named: name), named == type
      {
        return try self.member(member, arguments: arguments, of: type, schema: schema, range: range, nameRange: memberRange, scope: scope)
      }
      return try self.encodeEvaluated(expr, as: type, scope: scope)
    case let .member(base, member, range):
      if let name = self.typeName(of: base), let named = self.types.type(named: name), named == type {
        return try self.member(member, arguments: nil, of: type, schema: schema, range: range, nameRange: range, scope: scope)
      }
      return try self.encodeEvaluated(expr, as: type, scope: scope)
    default:
      return try self.encodeEvaluated(expr, as: type, scope: scope)
    }
  }

  /// An expression the builder doesn't resolve itself (a binding, a computed value), evaluated
  /// and then converted. It doesn't go back through ``build(_:as:scope:)``, which would resolve
  /// it here again (a name the registry doesn't know recursed without end).
  private func encodeEvaluated(_ expr: Expr, as type: Any.Type, scope: EvaluationScope) throws(ScriptError) -> DataValue {
    let value = try self.evaluator.evaluateSync(expr, expected: type, scope: scope)
    guard case let .swift(swiftValue) = value else {
      throw ScriptError("expected a value of type \(_typeName(type)), found \(value.kindDescription)", at: expr.range)
    }
    return try self.encode(try self.convert(swiftValue, to: type, at: expr.range), at: expr.range)
  }

  func encode(_ value: Any, at range: SourceRange) throws(ScriptError) -> DataValue {
    ValueReader().read(value)
  }

  /// `.name`, `.name(args)`, `Type.name(args)` against an expected type: a catalog value, an
  /// enum case, or `init`.
  private func member(
    _ name: String, arguments: [Argument]?, of type: Any.Type, schema: TypeSchema, range: SourceRange,
    nameRange: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> DataValue {
    if name == "set", let binding = type as? any _BindingActionType.Type {
      return .opaque(OpaqueValue(try self.bindingAction(binding, arguments ?? [], range: range, scope: scope)))
    }
    if let value = self.resolver.catalogValue(owner: type, name: name) {
      let result = try self.evaluator.call(value, arguments: arguments ?? [], range: range, scope: scope)
      let converted = try self.convert(result, to: type, at: range)
      return try self.encode(converted, at: range)
    }
    if name == "init", case .struct = schema {
      return try self.memberwise(type, schema: schema, arguments: arguments ?? [], range: range, scope: scope)
    }
    guard case let .enum(cases) = schema else {
      let members = self.types.staticMembers(of: type).map(\.name)
      throw ScriptError(
        "type \(_typeName(type)) has no member '\(name)'\(Diagnostics.didYouMean(name, among: members))", at: nameRange
      )
    }
    guard let enumCase = cases.first(where: { $0.name == name }) else {
      let candidates = cases.map(\.name) + self.types.staticMembers(of: type).map(\.name)
      throw ScriptError(
        "'\(name)' is not a case of \(_typeName(type))\(Diagnostics.didYouMean(name, among: candidates))", at: nameRange
      )
    }
    let payload = try self.payload(of: enumCase, in: type, arguments: arguments, range: range, scope: scope)
    return .object(DataObject([(name, .object(payload))]))
  }

  /// Maps call arguments onto an enum case's associated values.
  private func payload(
    of enumCase: TypeSchema.Case, in type: Any.Type, arguments: [Argument]?, range: SourceRange,
    scope: EvaluationScope
  ) throws(ScriptError) -> DataObject {
    let fields = enumCase.payload
    let arguments = arguments ?? []
    let signature = "\(_typeName(type)).\(enumCase.name)" + Self.signature(fields)
    if fields.isEmpty {
      guard arguments.isEmpty else {
        throw ScriptError("'\(enumCase.name)' has no associated values; write '.\(enumCase.name)'", at: range)
      }
      return DataObject()
    }
    guard !arguments.isEmpty || fields.allSatisfy(\.isOptional) else {
      throw ScriptError("missing associated value\(fields.count == 1 ? "" : "s") for \(signature)", at: range)
    }
    guard arguments.count <= fields.count else {
      throw ScriptError("too many arguments for \(signature)", at: arguments[fields.count].range)
    }
    var object = DataObject()
    for (index, field) in fields.enumerated() {
      guard index < arguments.count else {
        if field.isOptional { continue }
        throw ScriptError("missing argument '\(field.isPositional ? "_" : field.name)' for \(signature)", at: range)
      }
      let argument = arguments[index]
      let expectedLabel = field.isPositional ? nil : field.name
      if argument.label != expectedLabel {
        let message = expectedLabel.map { label in
          argument.label.map { "incorrect argument label '\($0)', expected '\(label)' in \(signature)" }
            ?? "missing argument label '\(label):' in \(signature)"
        } ?? "extraneous argument label '\(argument.label ?? ""):' in \(signature)"
        throw ScriptError(message, at: argument.range)
      }
      try self.requireBuildable(field.type, argument.value, what: field.isPositional ? "associated value \(index + 1) of \(signature)" : "associated value '\(field.name)' of \(signature)")
      object[field.name] = try self.data(argument.value, as: field.type, scope: scope)
    }
    return object
  }

  /// An initializer the type declares (`init(todos:filter:)`) that fits the call's labels, used
  /// instead of the memberwise one when the type has none, or when the memberwise one doesn't
  /// fit the labels.
  func initializer(of type: Any.Type, for arguments: [Argument]) -> CatalogValue? {
    let initializers = self.types.staticMembers(of: type).filter { $0.name == "init" && $0.parameters != nil }
    guard let first = initializers.first else { return nil }
    let labels = arguments.map(\.label)
    if let fitting = initializers.first(where: { Evaluator.matchParameters($0, labels: labels) != nil }) { return fitting }
    // No memberwise initializer to fall back on: the declared one reports the mismatch.
    if case let .struct(shape)? = playgroundShape(of: type), shape.make != nil { return nil }
    return first
  }

  /// `Type(field: value, …)`: a memberwise initializer, with catalog defaults for left-out fields.
  func memberwise(
    _ type: Any.Type, schema: TypeSchema, arguments: [Argument], range: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> DataValue {
    if case let .sequence(element) = schema, let element {
      guard arguments.count == 1 else {
        throw ScriptError("\(_typeName(type))(…) takes one argument: an array of \(_typeName(element))", at: range)
      }
      return try self.data(arguments[0].value, as: type, scope: scope)
    }
    guard case let .struct(fields) = schema else {
      throw ScriptError("\(_typeName(type)) has no memberwise initializer the playground can call", at: range)
    }
    let signature = "\(_typeName(type))" + Self.signature(fields)
    var object = DataObject()
    var used = Set<String>()
    for argument in arguments {
      guard let label = argument.label else {
        throw ScriptError("missing argument label in call to \(signature)", at: argument.range)
      }
      guard let field = fields.field(named: label) else {
        throw ScriptError(
          "extra argument '\(label)' in call to \(_typeName(type))\(Diagnostics.didYouMean(label, among: fields.map(\.scriptName)))",
          at: argument.range
        )
      }
      used.insert(field.name)
      try self.requireBuildable(field.type, argument.value, what: "field '\(field.scriptName)' of \(_typeName(type))")
      object[field.name] = try self.data(argument.value, as: field.type, scope: scope)
    }
    let defaults = self.catalog.fieldDefaults.filter { $0.owner == type }
    var templates: [DataObject] = []
    for template in defaults.compactMap(\.template) {
      if case let .object(object) = try self.encode(template, at: range) { templates.append(object) }
    }
    var ordered = DataObject()
    for field in fields {
      if let value = object[field.name] {
        ordered[field.name] = value
      } else if let value = defaults.lazy.compactMap({ $0.values[field.name] }).first {
        ordered[field.name] = try self.encode(value, at: range)
      } else if let value = templates.lazy.compactMap({ $0[field.name] }).first {
        ordered[field.name] = value
      } else if !field.isOptional {
        throw ScriptError(
          "missing argument for parameter '\(field.name)' (\(_typeName(field.type))) in call to \(signature)", at: range
        )
      }
    }
    return .object(ordered)
  }

  /// Values of some types can't be typed at all (a closure, `any Error`, a class the
  /// playground can't see into): say so, naming the field, rather than failing on the literal.
  /// `nil` for an optional one, and a value bound to a name, are still accepted.
  func requireBuildable(_ type: Any.Type, _ expr: Expr, what: String) throws(ScriptError) {
    if case .nil = expr, type is any _OptionalType.Type { return }
    switch expr {
    case .identifier, .member, .call(.identifier, _, _, _), .call(.member, _, _, _): return
    default: break
    }
    guard Self.isUnbuildable(type) else { return }
    let hint = type == (any Error).self ? "; receive such an action by case key path instead ('receive(\\.response.failure)')" : ""
    let name = Self.scriptTypeName(unwrapOptional(type))
    throw ScriptError("a value of type \(name) can't be typed in a script (\(what))\(hint)", at: expr.range)
  }
}
