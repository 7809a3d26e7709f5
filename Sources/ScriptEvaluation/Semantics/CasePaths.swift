import ComposableArchitecture
import CustomDump
import TCAScriptSyntax
import TypeShapes

/// Case paths in scripts: `/ShopType.regular`, `\.rows[id: 1].toggle`, `\Action.Cases.child`,
/// resolved against an enum's cases and worked through the enum's shape, so they apply to any
/// enum the playground knows: `.extract(from:)`, `.embed(_:)`, `value.is(\.case)`,
/// `value[case: \.case]`, and `receive(\.case)`.
@MainActor
struct CasePathResolver {
  package let evaluator: Evaluator

  private var builder: ValueBuilder { self.evaluator.builder }

  /// Resolves case-path components against a root enum type.
  func casePath(root: String, _ components: [PathComponent], range: SourceRange) throws(ScriptError) -> CasePathValue {
    let rootName = root.hasSuffix(".Cases") ? String(root.dropLast(6)) : root
    let rootType = try self.evaluator.resolver.type(named: rootName, at: range)
    return try self.casePath(rootType: rootType, components, range: range)
  }

  func casePath(rootType: Any.Type, _ components: [PathComponent], range: SourceRange) throws(ScriptError) -> CasePathValue {
    var type = rootType
    var resolved: [PathComponent] = []
    for component in components {
      var cases = TypeSchema.of(unwrapOptional(type)).cases
      // `\.destination.child` goes through a `PresentationAction`'s `presented` case, as case
      // key paths do in TCA.
      if case let .name(name) = component, !cases.contains(where: { $0.name == name }),
        let presented = cases.first(where: { $0.name == "presented" }), cases.contains(where: { $0.name == "dismiss" }),
        presented.payload.count == 1
      {
        resolved.append(.name("presented"))
        type = presented.payload[0].type
        cases = TypeSchema.of(unwrapOptional(type)).cases
      }
      resolved.append(component)
      switch component {
      case let .name(name):
        // `\.binding.name`: a bindable field, as TCA's binding case key paths go.
        if let (_, field) = Self.bindingField(of: unwrapOptional(type), named: name) {
          type = field.type
          continue
        }
        if let binding = unwrapOptional(type) as? any _BindingActionType.Type {
          throw ScriptError(self.evaluator.resolver.noMemberMessage(name, on: binding.rootType), at: range)
        }
        guard let enumCase = cases.first(where: { $0.name == name }) else {
          if cases.isEmpty {
            throw ScriptError("\(_typeName(type)) is not an enum; '\(name)' can't be a case", at: range)
          }
          throw ScriptError(
            "'\(name)' is not a case of \(_typeName(type))\(Diagnostics.didYouMean(name, among: cases.map(\.name)))", at: range
          )
        }
        type = Self.payloadType(enumCase)
      case .id:
        guard let element = cases.first(where: { $0.name == "element" }),
          let action = element.payload.first(where: { $0.name == "action" })
        else {
          throw ScriptError("\(_typeName(type)) has no '[id:]' case path (only identified and stack actions do)", at: range)
        }
        type = action.type
      case .index, .optional:
        throw ScriptError("case paths go through cases and '[id:]' only", at: range)
      }
    }
    return CasePathValue(root: rootType, components: resolved, valueType: type)
  }

  /// The field `name` of a binding action's state, when `type` is a `BindingAction`.
  static func bindingField(of type: Any.Type, named name: String) -> (any _BindingActionType.Type, FieldShape)? {
    guard let binding = type as? any _BindingActionType.Type,
      case let .struct(shape)? = playgroundShape(of: binding.rootType),
      let field = shape.fields.first(where: { $0.name == name })
    else { return nil }
    return (binding, field)
  }

  static func payloadType(_ enumCase: TypeSchema.Case) -> Any.Type {
    switch enumCase.payload.count {
    case 0: return Void.self
    case 1: return enumCase.payload[0].type
    default: return CasePayload.self
    }
  }

  /// A case path written as an argument: `\.child`, `\Action.Cases.child`, `/Action.child`, or a
  /// bound case path value.
  func casePathArgument(_ expr: Expr, root: Any.Type, scope: EvaluationScope) throws(ScriptError) -> CasePathValue {
    switch expr {
    case let .keyPath(rootName, components, range):
      var resolved: [PathComponent] = []
      for component in components {
        switch component {
        case let .property(name, _): resolved.append(.name(name))
        case let .subscript(args, subscriptRange):
          guard args.count == 1, args[0].label == "id" else {
            throw ScriptError("case paths take '[id: …]' subscripts only", at: subscriptRange)
          }
          resolved.append(.id(try self.caseID(args[0].value, root: root, before: resolved, range: subscriptRange, scope: scope), label: "id"))
        case let .optional(optionalRange):
          throw ScriptError("case paths can't contain '?'", at: optionalRange)
        }
      }
      if let rootName {
        return try self.casePath(root: rootName, resolved, range: range)
      }
      return try self.casePath(rootType: root, resolved, range: range)
    default:
      let value = try self.evaluator.evaluateSync(expr, scope: scope)
      guard case let .casePath(casePath) = value else {
        throw ScriptError("expected a case path such as '\\.child', found \(value.kindDescription)", at: expr.range)
      }
      return casePath
    }
  }

  /// Builds the id in `[id: …]` as the identified action's ID type.
  private func caseID(
    _ expr: Expr, root: Any.Type, before components: [PathComponent], range: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> Any {
    let path = try self.casePath(rootType: root, components, range: range)
    guard let idType = Self.idType(ofIdentifiedAction: path.valueType) else {
      throw ScriptError("\(_typeName(path.valueType)) has no '[id:]' case path (only identified and stack actions do)", at: range)
    }
    return try self.builder.build(expr, as: idType, scope: scope)
  }

  /// The type of the ids in an identified or stack action's `element(id:action:)` case: what
  /// `[id: …]` takes in a case path; `nil` for an action of another shape.
  static package func idType(ofIdentifiedAction type: Any.Type) -> Any.Type? {
    TypeSchema.of(type).cases.first(where: { $0.name == "element" })?.payload.first(where: { $0.name == "id" })?.type
  }

  /// The value a case path extracts from `value`, or `nil` when the value is another case.
  func extract(_ casePath: CasePathValue, from value: Any, at range: SourceRange) throws(ScriptError) -> Any? {
    var current = value
    for (index, component) in casePath.components.enumerated() {
      let isLast = index == casePath.components.count - 1
      if case let .optional(optional)? = playgroundShape(of: type(of: current)) {
        guard let wrapped = optional.unwrap(current) else { return nil }
        current = wrapped
      }
      if case let .name(name) = component, let (binding, field) = Self.bindingField(of: type(of: current), named: name) {
        guard let value = binding.value(of: current, settingField: field.keyPath) else { return nil }
        current = value
        continue
      }
      guard case let .enum(shape)? = playgroundShape(of: type(of: current)) else {
        throw ScriptError("\(_typeName(type(of: current))) is not an enum the playground can look into", at: range)
      }
      let (caseIndex, values) = shape.destructure(current)
      let enumCase = shape.cases[caseIndex]
      switch component {
      case let .name(name):
        guard enumCase.name == name else { return nil }
        switch values.count {
        case 0: return ()
        case 1: current = values[0]
        default:
          guard isLast else { return nil }
          return CasePayload(values: zip(enumCase.payload, values).map { ($0.label, $1) })
        }
      case let .id(id, _):
        guard enumCase.name == "element", values.count == 2,
          try self.builder.encode(values[0], at: range) == (try self.builder.encode(id, at: range))
        else { return nil }
        current = values[1]
      default:
        return nil
      }
    }
    return current
  }

  /// The root value the case path embeds `value` into.
  func embed(_ casePath: CasePathValue, _ valueExpr: Expr?, at range: SourceRange, scope: EvaluationScope) throws(ScriptError) -> Any {
    var value: Any = ()
    if let valueExpr, casePath.valueType != Void.self {
      value = try self.builder.build(valueExpr, as: casePath.valueType, scope: scope)
    } else if casePath.valueType != Void.self, casePath.valueType != CasePayload.self {
      throw ScriptError("embedding into this case needs a value of type \(_typeName(casePath.valueType))", at: range)
    }
    // Walk the types forward, noting how each step wraps what is inside it; then wrap from the
    // innermost step outwards.
    var wrappers: [(Any) throws -> Any] = []
    var type = casePath.root
    for component in casePath.components {
      let base = unwrapOptional(type)
      if case let .name(name) = component, let (binding, field) = Self.bindingField(of: base, named: name) {
        // A binding step sets the field: `.set(\.name, value)`.
        wrappers.append { value in
          guard let action = binding.set(field.keyPath, value) else {
            throw ScriptError(ValueBuilder.unbindableMessage(name), at: range)
          }
          return action
        }
        type = field.type
        continue
      }
      guard case let .enum(shape)? = playgroundShape(of: base) else {
        throw ScriptError("\(_typeName(base)) is not an enum the playground can build", at: range)
      }
      let optional: (Any) -> Any = { [type] value in
        guard base != type, case let .optional(optional)? = playgroundShape(of: type) else { return value }
        return optional.make(value)
      }
      switch component {
      case let .name(name):
        guard let caseIndex = shape.cases.firstIndex(where: { $0.name == name }) else {
          throw ScriptError("'\(name)' is not a case of \(_typeName(base))", at: range)
        }
        let hasPayload = !shape.cases[caseIndex].payload.isEmpty
        wrappers.append { value in
          let payload = (value as? CasePayload)?.values.map(\.1) ?? (hasPayload ? [value] : [])
          return optional(shape.make(caseIndex, ShapeArguments(payload)))
        }
        type = Self.payloadType(TypeSchema.of(base).cases[caseIndex])
      case let .id(id, _):
        guard let caseIndex = shape.cases.firstIndex(where: { $0.name == "element" }), shape.cases[caseIndex].payload.count == 2 else {
          throw ScriptError("\(_typeName(base)) has no '[id:]' case path", at: range)
        }
        wrappers.append { value in optional(shape.make(caseIndex, ShapeArguments([id, value]))) }
        type = shape.cases[caseIndex].payload[1].type
      default:
        throw ScriptError("case paths go through cases and '[id:]' only", at: range)
      }
    }
    for wrapper in wrappers.reversed() {
      do {
        value = try wrapper(value)
      } catch {
        // The wrappers throw only `ScriptError`s.
        throw error as? ScriptError ?? ScriptError("\(error)", at: range)
      }
    }
    return value
  }

  /// `.extract(from:)`, `.embed(_:)` on a case path value.
  func casePathMethod(
    _ casePath: CasePathValue, _ name: String, _ arguments: [Argument], range: SourceRange, nameRange: SourceRange,
    scope: EvaluationScope
  ) throws(ScriptError) -> RuntimeValue {
    switch name {
    case "extract":
      guard arguments.count == 1, arguments[0].label == "from" else {
        throw ScriptError("expected 'extract(from: value)'", at: range)
      }
      let value = try self.builder.build(arguments[0].value, as: casePath.root, scope: scope)
      return .swift(try self.extract(casePath, from: value, at: range) ?? (Optional<Any>.none as Any))
    case "embed":
      guard arguments.count <= 1, arguments.first?.label == nil else {
        throw ScriptError("expected 'embed(value)'", at: range)
      }
      return .swift(try self.embed(casePath, arguments.first?.value, at: range, scope: scope))
    default:
      throw ScriptError(
        "a case path has no method '\(name)'\(Diagnostics.didYouMean(name, among: ["extract", "embed"]))",
        at: nameRange
      )
    }
  }
}

/// The associated values of a case with several of them, as extracted by a case path; dumps
/// like a tuple: `(id: 1, action: .toggle)`.
package struct CasePayload: CustomDumpReflectable {
  package let values: [(String?, Any)]

  package var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: [], displayStyle: .tuple, ancestorRepresentation: .suppressed)
  }
}

extension CasePayload: CustomDumpStringConvertible {
  package var customDumpDescription: String {
    "(" + self.values.map { label, value in
      (label.map { "\($0): " } ?? "") + String(customDumping: value)
    }.joined(separator: ", ") + ")"
  }
}
