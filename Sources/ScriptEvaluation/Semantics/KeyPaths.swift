import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax
import TypeShapes

/// Key paths over values: resolving `\.a.b[id: 2]?.c` against a root type, reading a value
/// along it, and writing one (through each step's setter: see ``update(_:along:range:_:)``).
@MainActor
package struct KeyPaths {
  package let evaluator: Evaluator

  private var types: TypeRegistry { self.evaluator.types }
  private var builder: ValueBuilder { self.evaluator.builder }
  var resolver: Resolver { self.evaluator.resolver }

  /// The syntactic steps of a path expression after its root: `$0.a[id: 1]?.b` → root `$0`,
  /// steps `.a`, `[id: 1]`, `?`, `.b`.
  package enum PathStep {
    case member(String, SourceRange)
    case `subscript`([Argument], SourceRange)
    case optional(SourceRange)
  }

  /// Splits a postfix chain into its root expression and its steps.
  func decompose(_ expr: Expr) -> (root: Expr, steps: [PathStep]) {
    switch expr {
    case let .member(base, name, range):
      let (root, steps) = self.decompose(base)
      return (root, steps + [.member(name, range)])
    case let .subscript(base, args, range):
      let (root, steps) = self.decompose(base)
      return (root, steps + [.subscript(args, range)])
    case let .optionalChain(base, range), let .forceUnwrap(base, range):
      let (root, steps) = self.decompose(base)
      return (root, steps + [.optional(range)])
    default:
      return (expr, [])
    }
  }

  package func steps(of components: [KeyPathComponent]) -> [PathStep] {
    components.map { component in
      switch component {
      case let .property(name, range): return .member(name, range)
      case let .subscript(args, range): return .subscript(args, range)
      case let .optional(range): return .optional(range)
      }
    }
  }

  /// `\Root.a.b` (or `\.a.b` against the current store's state).
  package func keyPath(root: String?, _ components: [KeyPathComponent], range: SourceRange, scope: EvaluationScope) throws(ScriptError) -> KeyPathValue {
    let rootType: Any.Type
    if let root {
      rootType = try self.resolver.type(named: root, at: range)
    } else if let store = scope.store ?? self.evaluator.environment.currentStore {
      rootType = store.driver.stateType
    } else {
      throw ScriptError("a key path without a root type needs a current store; write '\\Type.field'", at: range)
    }
    let path = try self.resolvePath(self.steps(of: components), from: rootType, scope: scope)
    return KeyPathValue(root: rootType, components: path.components, valueType: path.valueType, isWritable: path.isWritable)
  }

  /// Resolves path steps against a root type: the typed components and the value type.
  func resolvePath(
    _ steps: [PathStep], from root: Any.Type, scope: EvaluationScope
  ) throws(ScriptError) -> (components: [PathComponent], valueType: Any.Type, isWritable: Bool) {
    var type = root
    var components: [PathComponent] = []
    var isWritable = true
    for step in steps {
      switch step {
      case let .member(name, range):
        let base = unwrapOptional(type)
        if let field = TypeSchema.of(base).fields.field(named: name) {
          type = field.type
        } else if let property = self.types.computedProperties(of: base).first(where: { $0.name == name }) {
          type = property.resultType
          isWritable = false
        } else if let container = base as? any _ElementContainer.Type,
          let memberType = Self.collectionMemberType(name, container)
        {
          type = memberType
          isWritable = false
        } else if let memberType = Sequences.plainMemberType(name, of: base) {
          type = memberType
          isWritable = false
        } else {
          throw ScriptError(self.resolver.noMemberMessage(name, on: base), at: range)
        }
        components.append(.name(TypeSchema.of(base).fields.field(named: name)?.name ?? name))
      case let .subscript(args, range):
        let base = unwrapOptional(type)
        if args.count == 1, args[0].label == "id", let identified = base as? any _IdentifiedCollection.Type {
          let id = try self.builder.build(args[0].value, as: identified.idType, scope: scope)
          components.append(.id(id, label: "id"))
          type = optionalType(of: identified.elementType)
        } else if args.count == 2, args[0].label == "id", args[1].label == "case",
          let identified = base as? any _IdentifiedCollection.Type
        {
          // StackState's `[id:case:]`: the element's case payload, optional (`nil` in another case).
          let id = try self.builder.build(args[0].value, as: identified.idType, scope: scope)
          let (name, payloadType) = try self.caseStep(args[1].value, of: identified.elementType)
          components.append(.id(id, label: "id"))
          components.append(.name(name))
          type = optionalType(of: payloadType)
        } else if args.count == 1, args[0].label == nil, let container = base as? any _ElementContainer.Type {
          let index = try self.builder.build(args[0].value, as: Int.self, scope: scope)
          components.append(.index(index as? Int ?? 0))
          type = container.elementType
        } else {
          throw ScriptError("cannot subscript a value of type \(_typeName(base)) with these arguments", at: range)
        }
      case .optional:
        components.append(.optional)
        type = unwrapOptional(type)
      }
    }
    return (components, type, isWritable)
  }

  /// The case a `case: \.detail` argument names, and its one associated value's type.
  private func caseStep(_ expr: Expr, of type: Any.Type) throws(ScriptError) -> (String, Any.Type) {
    guard case let .keyPath(nil, components, range) = expr, components.count == 1,
      case let .property(name, nameRange) = components[0]
    else {
      throw ScriptError("expected a case key path such as '\\.detail'", at: expr.range)
    }
    guard case let .enum(cases) = TypeSchema.of(type) else {
      throw ScriptError("\(_typeName(type)) is not an enum: '[id:case:]' needs a stack of enum states", at: range)
    }
    guard let found = cases.first(where: { $0.name == name }), found.payload.count == 1 else {
      throw ScriptError(
        "'\(name)' is not a case of \(_typeName(type)) with one associated value\(Diagnostics.didYouMean(name, among: cases.map(\.name)))",
        at: nameRange
      )
    }
    return (name, found.payload[0].type)
  }

  /// The read-only collection members scripts may use: `count`, `isEmpty`, `first`, `last`,
  /// and for identified arrays `ids` and `elements`.
  static func collectionMemberType(_ name: String, _ container: any _ElementContainer.Type) -> Any.Type? {
    switch name {
    case "count": return Int.self
    case "isEmpty": return Bool.self
    case "first", "last": return optionalType(of: container.elementType)
    case "ids": return (container as? any _IdentifiedCollection.Type).map { arrayType(of: $0.idType) }
    case "elements": return (container as? any _IdentifiedCollection.Type).map { arrayType(of: $0.elementType) }
    default: return nil
    }
  }

  static func arrayType(of type: Any.Type) -> Any.Type {
    func open<T>(_: T.Type) -> Any.Type { [T].self }
    return _openExistential(type, do: open)
  }

  // MARK: - Reading

  /// Reads a value along typed components. `nil` (an `Optional<Any>.none`) where an optional
  /// step finds nothing.
  package func read(_ value: Any, along components: [PathComponent], at range: SourceRange) throws(ScriptError) -> Any {
    var current = value
    for component in components {
      if let optional = current as? any _OptionalType {
        guard let wrapped = optional._wrappedValue else { return Optional<Any>.none as Any }
        current = wrapped
      }
      switch component {
      case let .name(name):
        current = try self.readMember(current, name, at: range)
      case let .id(id, _):
        guard let collection = current as? any _IdentifiedCollection else {
          throw ScriptError("value of type \(_typeName(type(of: current))) has no [id:] subscript", at: range)
        }
        guard let element = collection._element(id: id) else { return Optional<Any>.none as Any }
        current = element
      case let .index(index):
        let elements = (current as? any _IdentifiedCollection)?._elements ?? (current as? any _AnyArray)?._elements
        guard let elements else {
          throw ScriptError("value of type \(_typeName(type(of: current))) can't be indexed", at: range)
        }
        guard elements.indices.contains(index) else {
          throw ScriptError("index \(index) is out of range (count is \(elements.count))", at: range)
        }
        current = elements[index]
      case .optional:
        continue
      }
    }
    return current
  }

  /// A stored property (through `Mirror`), a catalogued computed property, or `count`.
  func readMember(_ value: Any, _ name: String, at range: SourceRange) throws(ScriptError) -> Any {
    // An enum's case (`[id: 0, case: \.detail]`): its payload, or nil in another case.
    if case let .enum(shape)? = playgroundShape(of: type(of: value)), let index = shape.cases.firstIndex(where: { $0.name == name }) {
      let (current, payload) = shape.destructure(value)
      return current == index && payload.count == 1 ? payload[0] as Any? as Any : Optional<Any>.none as Any
    }
    if let property = self.types.computedProperties(of: type(of: value)).first(where: { $0.name == name }),
      let result = property.read(value)
    {
      return result
    }
    let elements = (value as? any _IdentifiedCollection)?._elements ?? (value as? any _AnyArray)?._elements
    if let elements {
      switch name {
      case "count": return elements.count
      case "isEmpty": return elements.isEmpty
      case "first": return elements.first as Any? as Any
      case "last": return elements.last as Any? as Any
      case "ids": if let c = value as? any _IdentifiedCollection { return c._idsArray }
      case "elements": if let c = value as? any _IdentifiedCollection { return c._elementsArray }
      default: break
      }
    }
    if let member = Sequences.plainMember(value, name) { return member }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .struct || mirror.displayStyle == .class,
      let child = mirror.children.first(where: { $0.label == name || $0.label == "_\(name)" })
    {
      // `@Presents` storage reads as the optional it wraps.
      if let presented = child.value as? any _PresentationStateMarker, let optional = presented as? any _OptionalType {
        return optional._wrappedValue as Any? as Any
      }
      return child.value
    }
    throw ScriptError(self.resolver.noMemberMessage(name, on: type(of: value)), at: range)
  }

  // MARK: - Writing

  /// Returns `root` with the value at `components` replaced (or combined, for `+=`/`-=`).
  package func write(
    _ newValue: Expr, op: String, into root: Any, along components: [PathComponent], valueType: Any.Type,
    range: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> Any {
    try self.update(root, along: components[...], range: range) { current throws(ScriptError) in
      let built = try self.builder.build(newValue, as: valueType, scope: scope)
      switch op {
      case "=": return built
      case "+=", "-=":
        let combined: DataValue
        switch (try self.builder.encode(current, at: range), try self.builder.encode(built, at: range)) {
        case let (.int(a), .int(b)): combined = .int(op == "+=" ? a &+ b : a &- b)
        case let (.double(a), .double(b)): combined = .double(op == "+=" ? a + b : a - b)
        case let (.double(a), .int(b)): combined = .double(op == "+=" ? a + Double(b) : a - Double(b))
        case let (.string(a), .string(b)) where op == "+=": combined = .string(a + b)
        case let (.array(a), .array(b)) where op == "+=": combined = .array(a + b)
        default: throw ScriptError("'\(op)' needs numbers (or strings and arrays for '+=')", at: range)
        }
        return try self.builder.decode(combined, as: valueType, at: range)
      default:
        throw ScriptError("unsupported assignment operator '\(op)'", at: range)
      }
    }
  }
}

extension KeyPaths.PathStep {
  package var range: SourceRange {
    switch self {
    case let .member(_, r), let .subscript(_, r), let .optional(r): return r
    }
  }
}
