import TCAScriptSyntax

/// Resolved builds of values typed as literals, cached by the expression's shape: a
/// `store.send(.child(id: 1, action: .toggle))` typed again, or with another id, skips
/// resolving its cases and fields against the action's type and only builds the value.
///
/// An expression's shape is its text with each literal (integer, floating-point number, string,
/// boolean) a placeholder: `.child(id: 1, action: .toggle)` and `.child(id: 2, action: .toggle)`
/// share one. Resolving a literal never depends on its value (only on its kind and the type
/// expected there), so a shape resolved once resolves every time to the same neutral value with
/// the literals put in their places. A plan is kept only when resolving evaluated nothing (no
/// binding, catalog value or initializer was called, no value kept whole): it then depends on the
/// expression, the expected type and the type registry, and the cache is emptied when the
/// registry is replaced (`:load`, `:reload`, installing features).
///
/// The plan keeps the neutral value and a build compiled from it (``CompiledMaker``): the Swift
/// value is built every time (defaults such as `UUID()` stay fresh), except that a statement
/// typed again (``CompiledSend``) reuses the value of a build made of enum cases and literals
/// alone. A build that fails on a plan (a literal out of the type's range) is redone without
/// it, so its error is the one the uncached build reports.
@MainActor
package final class BuildPlans {
  /// The most plans kept; the cache starts over when it fills.
  static let capacity = 512

  private struct Key: Hashable {
    package var type: ObjectIdentifier
    package var shape: String
  }

  private enum Entry {
    case plan(Plan)
    /// Resolving this shape evaluated something, or its literals can't be placed.
    case unplannable
  }

  private var entries: [Key: Entry] = [:]
  private var registry: TypeRegistry?
  /// Counts the times the cache started over (a new registry, or full).
  private var generation = 0
  /// How many builds of an expression with a shape a plan answered, and how many resolved the
  /// expression (for tests).
  private(set) var hits = 0
  private(set) var misses = 0
  /// How many of the hits were a statement's compiled build (``make(_:evaluator:)``).
  private(set) var compiledHits = 0

  /// The value of `type` that `expr` builds: through a plan when the expression's shape has one,
  /// else through the ``ValueBuilder`` (recording a plan when the shape allows one).
  package func build(_ expr: Expr, as type: Any.Type, evaluator: Evaluator, scope: EvaluationScope) throws(ScriptError) -> Any {
    let builder = evaluator.builder
    guard type != Duration.self, let shape = Shape(expr) else {
      return try builder.build(expr, as: type, scope: scope)
    }
    if self.registry !== evaluator.types {
      self.startOver()
      self.registry = evaluator.types
    }
    let key = Key(type: ObjectIdentifier(type), shape: shape.key)
    switch self.entries[key] {
    case let .plan(plan)?:
      if let value = try? plan.make(type, with: shape.literals) {
        self.hits += 1
        return value
      }
      return try builder.build(expr, as: type, scope: scope)
    case .unplannable?:
      self.misses += 1
      return try builder.build(expr, as: type, scope: scope)
    case nil:
      // What `ValueBuilder.build` does for an implicit member: resolve, then build.
      let evaluations = evaluator.evaluationCount
      let data = try builder.data(expr, as: type, scope: scope)
      let value = try builder.decode(data, as: type, at: expr.range)
      self.misses += 1
      if self.entries.count >= Self.capacity { self.startOver() }
      let plan = evaluator.evaluationCount == evaluations ? Plan(data, as: type, literals: shape.literals) : nil
      self.entries[key] = plan.map { .plan($0) } ?? .unplannable
      return value
    }
  }

  private func startOver() {
    self.entries.removeAll()
    self.generation += 1
  }

  /// A plan's compiled build with the literals of one expression: what a statement typed again
  /// builds its value with, without computing its shape again (``CompiledSend``).
  package struct CompiledBuild {
    let maker: CompiledMaker
    let literals: [DataValue]
    /// The value, built once, when the maker is pure (the literals never change).
    package let value: Any?
    package let type: ObjectIdentifier
    /// The cache's ``generation`` when the plan was found: the build holds while it is the same.
    let generation: Int
  }

  /// The compiled build of `expr` as a value of `type` that an earlier build recorded, if there
  /// is one for the registry `evaluator` has now.
  func compiledBuild(_ expr: Expr, as type: Any.Type, evaluator: Evaluator) -> CompiledBuild? {
    guard self.registry === evaluator.types, let shape = Shape(expr),
      case let .plan(plan)? = self.entries[Key(type: ObjectIdentifier(type), shape: shape.key)],
      let maker = plan.maker
    else { return nil }
    let value = maker.isPure ? (try? maker.make(shape.literals)) : nil
    return CompiledBuild(maker: maker, literals: shape.literals, value: value, type: ObjectIdentifier(type), generation: self.generation)
  }

  /// The value `build` makes, counted as a plan's; `nil` when the plans started over since
  /// (a new registry) or the build fails (the caller then builds through ``build(_:as:evaluator:scope:)``, which
  /// reports the failure).
  package func make(_ build: CompiledBuild, evaluator: Evaluator) -> Any? {
    guard build.generation == self.generation, self.registry === evaluator.types,
      let value = build.value ?? (try? build.maker.make(build.literals))
    else { return nil }
    self.hits += 1
    self.compiledHits += 1
    return value
  }

  /// An expression spelled with implicit members, labels and literals only, as a key with each
  /// literal a placeholder, and the literals in order.
  package struct Shape {
    package var key = ""
    var literals: [DataValue] = []

    /// `nil` unless the expression is an implicit member (`.toggle`) or a call of one
    /// (`.child(id: 1, action: .toggle)`) whose arguments are such expressions, literals,
    /// `nil` or arrays of them.
    package init?(_ expr: Expr) {
      switch expr {
      case .implicitMember, .call(.implicitMember, _, nil, _): break
      default: return nil
      }
      // Built for every send typed: room for a usual action's key at once, and appends in place.
      self.key.reserveCapacity(64)
      guard self.append(expr) else { return nil }
    }

    private mutating func append(_ expr: Expr) -> Bool {
      switch expr {
      case let .integer(value, _):
        self.key.append("#i")
        self.literals.append(.int(value))
      case let .float(value, _):
        self.key.append("#f")
        self.literals.append(.double(value))
      case let .string(value, _):
        self.key.append("#s")
        self.literals.append(.string(value))
      case let .bool(value, _):
        self.key.append("#b")
        self.literals.append(.bool(value))
      case .nil:
        self.key.append("nil")
      case let .implicitMember(name, _):
        self.key.append(".")
        self.key.append(name)
      case let .call(.implicitMember(name, _), arguments, nil, _):
        self.key.append(".")
        self.key.append(name)
        self.key.append("(")
        for argument in arguments {
          guard !argument.isTrailingClosure else { return false }
          self.key.append(argument.label ?? "_")
          self.key.append(":")
          guard self.append(argument.value) else { return false }
          self.key.append(",")
        }
        self.key.append(")")
      case let .array(elements, _):
        self.key.append("[")
        for element in elements {
          guard self.append(element) else { return false }
          self.key.append(",")
        }
        self.key.append("]")
      default:
        return false
      }
      return true
    }
  }

  /// A resolved shape: the neutral value of its first build, where each literal went, and the
  /// build of the value compiled from them when it can be.
  private struct Plan {
    package typealias Step = DataPathStep

    var template: DataValue
    var slots: [[Step]]
    var maker: CompiledMaker?

    /// `nil` unless every literal is found exactly once among the value's scalars (a default
    /// equal to a literal would make its place ambiguous).
    package init?(_ template: DataValue, as type: Any.Type, literals: [DataValue]) {
      guard !template.containsOpaque else { return nil }
      let scalars = template.scalars
      var slots: [[Step]] = []
      for literal in literals {
        let places = scalars.filter { $0.1 == literal }
        guard places.count == 1 else { return nil }
        slots.append(places[0].0)
      }
      self.template = template
      self.slots = slots
      self.maker = CompiledMaker.compile(
        type, from: template, literalAt: Dictionary(uniqueKeysWithValues: slots.enumerated().map { ($1, $0) })
      )
    }

    /// The value of `type` with `literals` in their places: through the compiled build, or the
    /// ``ValueMaker`` when there is none.
    package func make(_ type: Any.Type, with literals: [DataValue]) throws(ValueMaker.Failure) -> Any {
      if let maker = self.maker { return try maker.make(literals) }
      return try ValueMaker().make(type, from: self.data(with: literals))
    }

    /// The template with `literals` in their places.
    func data(with literals: [DataValue]) -> DataValue {
      var data = self.template
      for (slot, literal) in zip(self.slots, literals) {
        data.replace(at: slot[...], with: literal)
      }
      return data
    }
  }
}

extension DataValue {
  /// The scalars inside (booleans, numbers, strings), in order, each with the path to it.
  var scalars: [(path: [DataPathStep], value: DataValue)] {
    var scalars: [(path: [DataPathStep], value: DataValue)] = []
    Self.collectScalars(self, at: [], into: &scalars)
    return scalars
  }

  private static func collectScalars(_ value: DataValue, at path: [DataPathStep], into scalars: inout [(path: [DataPathStep], value: DataValue)]) {
    switch value {
    case .bool, .int, .double, .string:
      scalars.append((path, value))
    case let .array(elements):
      for (index, element) in elements.enumerated() { collectScalars(element, at: path + [.index(index)], into: &scalars) }
    case let .object(object):
      for (key, element) in object.pairs { collectScalars(element, at: path + [.key(key)], into: &scalars) }
    case .null, .opaque:
      break
    }
  }

  /// Puts `literal` at `path` (a path ``scalars`` gives); a path that leads nowhere changes
  /// nothing.
  mutating package func replace(at path: ArraySlice<DataPathStep>, with literal: DataValue) {
    guard let step = path.first else {
      self = literal
      return
    }
    switch (self, step) {
    case (.array(var elements), let .index(index)) where elements.indices.contains(index):
      self = .null
      elements[index].replace(at: path.dropFirst(), with: literal)
      self = .array(elements)
    case (.object(var object), let .key(key)):
      guard var element = object[key] else { return }
      self = .null
      element.replace(at: path.dropFirst(), with: literal)
      object[key] = element
      self = .object(object)
    default:
      break
    }
  }

  /// Whether a value kept whole is anywhere inside.
  var containsOpaque: Bool {
    switch self {
    case .opaque: return true
    case let .array(elements): return elements.contains { $0.containsOpaque }
    case let .object(object): return object.pairs.contains { $0.1.containsOpaque }
    case .null, .bool, .int, .double, .string: return false
    }
  }
}
