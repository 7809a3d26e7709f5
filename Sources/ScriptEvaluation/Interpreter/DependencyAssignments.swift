import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax

/// Assignments to a store's `DependencyValues`: the body of a store initializer's
/// `withDependencies: { $0.uuid = .incrementing; $0.continuousClock = ImmediateClock() }` and
/// `store.dependencies.uuid = .incrementing` on a test store.
///
/// A dependency is named as the `DependencyValues` property a test sets: the built-in ones
/// (``builtIns``) are set to the values TCA tests give them; a feature's own clients are set
/// to the dependency variants its catalog offers (`$0.apiClient = .failing`), and their
/// endpoints to closures (`$0.apiClient.search = { query in … }`, ``ClientAssignments``).
@MainActor
struct DependencyAssignments {
  typealias Update = @Sendable (inout DependencyValues) -> Void

  package let evaluator: Evaluator
  package let feature: any AnyFeature

  /// What a `withDependencies` closure amounts to: the feature's variants to apply, then the
  /// updates, in the order written.
  package struct Changes {
    var variants: [String] = []
    var updates: [Update] = []

    /// The updates as one `withDependencies` closure.
    var combined: Update? {
      let updates = self.updates
      guard !updates.isEmpty else { return nil }
      let combined: Update = { dependencies in
        for update in updates { update(&dependencies) }
      }
      return combined
    }
  }

  /// The built-in dependencies a script can set, with the values it can give them.
  static let builtIns: [(name: String, values: String)] = [
    ("uuid", "'.incrementing' or '.constant(UUID(0))'"),
    ("date", "'.constant(Date(timeIntervalSince1970: 0))' (or set 'date.now')"),
    ("continuousClock", "'ImmediateClock()', 'TestClock()' or a local clock"),
    ("suspendingClock", "'ImmediateClock()', 'TestClock()' or a local clock"),
    ("mainQueue", "'.immediate' or '.main'"),
    ("calendar", "'Calendar(identifier: .gregorian)'"),
    ("locale", "'Locale(identifier: \"en_US\")'"),
    ("timeZone", "'TimeZone(identifier: \"UTC\")!' or 'TimeZone(secondsFromGMT: 0)!'"),
    ("context", "'.live', '.preview' or '.test'"),
  ]

  /// Dependencies TCA has that a script can't set yet.
  static let unsupported = [
    "withRandomNumberGenerator", "dismiss", "isPresented", "openURL", "mainRunLoop", "urlSession",
    "notificationCenter", "fireAndForget", "assert", "preferredLocales",
  ]

  /// The statements of a `withDependencies: { … }` closure.
  package func changes(in closure: Closure) throws(ScriptError) -> Changes {
    var changes = Changes()
    for statement in closure.statements {
      guard case let .assignment(target, "=", value, _) = statement else {
        throw ScriptError("expected an assignment to a dependency, such as '$0.uuid = .incrementing'", at: statement.range)
      }
      let (root, steps) = self.evaluator.paths.decompose(target)
      guard case .closureParameter(0, _) = root else {
        throw ScriptError("expected an assignment to '$0', such as '$0.uuid = .incrementing'", at: target.range)
      }
      try self.add(steps, value, to: &changes, target: target)
    }
    return changes
  }

  /// One assignment, given the steps after `$0` (or `store.dependencies`).
  package func add(_ steps: [KeyPaths.PathStep], _ value: Expr, to changes: inout Changes, target: Expr) throws(ScriptError) {
    var names: [(name: String, range: SourceRange)] = []
    for step in steps {
      guard case let .member(name, range) = step else {
        throw ScriptError("expected a dependency name, such as '$0.uuid'", at: target.range)
      }
      names.append((name, range))
    }
    guard let first = names.first else {
      throw ScriptError("expected a dependency name, such as '$0.uuid'", at: target.range)
    }
    if let update = try self.builtIn(names, value) {
      changes.updates.append(update)
      return
    }
    if Self.unsupported.contains(first.name) {
      throw ScriptError("setting the dependency '\(first.name)' isn't supported here yet", at: first.range)
    }
    if let update = try ClientAssignments(evaluator: self.evaluator, feature: self.feature).update(names, value) {
      changes.updates.append(update)
      return
    }
    if case .closure = value {
      throw ScriptError(
        "cannot set '\(names.map(\.name).joined(separator: "."))' to a closure: \(self.feature.name)'s reducers read no dependency "
          + "'\(first.name)' with @Dependency(\\.\(first.name))",
        at: target.range
      )
    }
    changes.variants.append(try self.variant(names.map(\.name), value, target: target))
  }

  /// A feature's dependency variant: `$0.apiClient = .failing` (the catalog's `apiClient.failing`
  /// or `failing`).
  private func variant(_ names: [String], _ value: Expr, target: Expr) throws(ScriptError) -> String {
    let candidates = self.feature.dependencyVariantNames
    guard case let .implicitMember(name, nameRange) = value else {
      let known = Self.builtIns.map(\.name) + candidates
      throw ScriptError(
        "cannot set '\(target)': \(self.feature.name) has no dependency '\(names[0])'\(Diagnostics.didYouMean(names[0], among: known))"
          + " (the built-in dependencies and the catalog's dependency variants, such as '.failing', can be set)",
        at: target.range
      )
    }
    let qualified = (names + [name]).joined(separator: ".")
    guard let variant = [qualified, name].first(where: candidates.contains) else {
      throw ScriptError(
        "\(self.feature.name) has no dependency variant '\(qualified)'\(Diagnostics.didYouMean(qualified, among: candidates))"
          + (candidates.isEmpty ? "" : "; available: " + candidates.joined(separator: ", ")),
        at: nameRange.droppingFirst()
      )
    }
    return variant
  }

  // MARK: - Built-in dependencies

  private func builtIn(_ names: [(name: String, range: SourceRange)], _ value: Expr) throws(ScriptError) -> Update? {
    let path = names.map(\.name)
    switch path {
    case ["uuid"]:
      switch Self.member(value, of: ["UUIDGenerator"]) {
      case ("incrementing", nil)?: return { $0.uuid = .incrementing }
      case let ("constant", arguments?)? where arguments.count == 1:
        let uuid = try self.value(arguments[0].value, as: UUID.self)
        return { $0.uuid = .constant(uuid) }
      default: throw self.expected("uuid", value)
      }
    case ["date"]:
      guard case let ("constant", arguments?)? = Self.member(value, of: ["DateGenerator"]), arguments.count == 1 else {
        throw self.expected("date", value)
      }
      let date = try self.value(arguments[0].value, as: Date.self)
      return { $0.date = .constant(date) }
    case ["date", "now"]:
      let date = try self.value(value, as: Date.self)
      return { $0.date.now = date }
    case ["continuousClock"], ["suspendingClock"]:
      let clock = try self.clock(value)
      if path == ["continuousClock"] { return { $0.continuousClock = clock } }
      return { $0.suspendingClock = clock }
    case ["mainQueue"]:
      switch Self.member(value, of: ["DispatchQueue", "AnySchedulerOf<DispatchQueue>"]) {
      case ("immediate", nil)?: return { $0.mainQueue = DispatchQueue.immediate.eraseToAnyScheduler() }
      case ("main", nil)?: return { $0.mainQueue = DispatchQueue.main.eraseToAnyScheduler() }
      default: throw self.expected("mainQueue", value)
      }
    case ["context"]:
      switch Self.member(value, of: ["DependencyContext"]) {
      case ("live", nil)?: return { $0.context = .live }
      case ("preview", nil)?: return { $0.context = .preview }
      case ("test", nil)?: return { $0.context = .test }
      default: throw self.expected("context", value)
      }
    case ["calendar"]:
      guard let identifier = Self.initializer(value, "Calendar", label: "identifier"),
        case let .implicitMember(name, _) = identifier,
        let calendarIdentifier = ["gregorian": Calendar.Identifier.gregorian, "iso8601": .iso8601][name]
      else { throw self.expected("calendar", value) }
      return { $0.calendar = Calendar(identifier: calendarIdentifier) }
    case ["locale"]:
      guard let identifier = Self.initializer(value, "Locale", label: "identifier") else { throw self.expected("locale", value) }
      let name = try self.value(identifier, as: String.self)
      return { $0.locale = Locale(identifier: name) }
    case ["timeZone"]:
      return try self.timeZone(value)
    default:
      guard Self.builtIns.contains(where: { $0.name == path[0] }) else { return nil }
      throw ScriptError(
        "'\(path.joined(separator: "."))' can't be set; set '\(path[0])' to \(Self.builtIns.first { $0.name == path[0] }!.values)",
        at: names[0].range.through(names.last!.range)
      )
    }
  }

  private func timeZone(_ value: Expr) throws(ScriptError) -> Update {
    guard case let .forceUnwrap(inner, _) = value, case let .call(.identifier("TimeZone", _), arguments, nil, _) = inner,
      arguments.count == 1
    else { throw self.expected("timeZone", value) }
    let zone: TimeZone?
    switch arguments[0].label {
    case "identifier": zone = TimeZone(identifier: try self.value(arguments[0].value, as: String.self))
    case "secondsFromGMT": zone = TimeZone(secondsFromGMT: try self.value(arguments[0].value, as: Int.self))
    default: throw self.expected("timeZone", value)
    }
    guard let zone else { throw ScriptError("no such time zone", at: arguments[0].value.range) }
    return { $0.timeZone = zone }
  }

  /// `ImmediateClock()`, `TestClock()`, or a local clock (`let clock = TestClock()`).
  private func clock(_ value: Expr) throws(ScriptError) -> any Clock<Duration> {
    if case let .call(.identifier(name, _), [], nil, _) = value, let clock = ScriptClocks.make(name) {
      return clock
    }
    if case let .identifier(name, _) = value, case let .swift(bound)? = self.evaluator.environment.bindings[name],
      let clock = bound as? any Clock<Duration>
    {
      return clock
    }
    throw self.expected("continuousClock", value)
  }

  private func value<T>(_ expr: Expr, as type: T.Type) throws(ScriptError) -> T {
    let built = try self.evaluator.builder.build(expr, as: type, scope: .topLevel)
    guard let value = built as? T else {
      throw ScriptError("expected a value of type \(_typeName(type)), found \(_typeName(Swift.type(of: built)))", at: expr.range)
    }
    return value
  }

  private func expected(_ name: String, _ value: Expr) -> ScriptError {
    let values = Self.builtIns.first { $0.name == name }?.values ?? ""
    return ScriptError("cannot set '\(name)' to '\(value)': expected \(values)", at: value.range)
  }

  /// `.name`, `.name(…)`, `Type.name` or `Type.name(…)` with `Type` one of `types`: the member's
  /// name and its arguments (`nil` when it isn't called).
  static func member(_ expr: Expr, of types: [String]) -> (String, [Argument]?)? {
    switch expr {
    case let .implicitMember(name, _): return (name, nil)
    case let .member(.identifier(type, _), name, _) where types.contains(type): return (name, nil)
    case let .call(callee, arguments, nil, _):
      guard case let (name, nil)? = self.member(callee, of: types) else { return nil }
      return (name, arguments)
    default: return nil
    }
  }

  /// The one argument labelled `label` of `Type(label: …)`.
  static func initializer(_ expr: Expr, _ type: String, label: String) -> Expr? {
    guard case let .call(.identifier(name, _), arguments, nil, _) = expr, name == type, arguments.count == 1,
      arguments[0].label == label
    else { return nil }
    return arguments[0].value
  }
}
