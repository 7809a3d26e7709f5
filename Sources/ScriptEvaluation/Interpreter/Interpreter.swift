import ComposableArchitecture
import CustomDump
import FeatureCatalog
import TCAScriptSyntax

/// Executes statements against the session's environment: bindings, assignments (to bound
/// values, store settings and state), and expressions, including the ones that create and
/// drive stores; what they print goes to the session's output.
// A class, made once by the session: a run holds one reference instead of the four it holds,
// each retained and released (speed: docs/benchmarks-log.md, "A run's statements without suspending").
@MainActor
package final class Interpreter {
  package let environment: ScriptEnvironment
  package let evaluator: Evaluator
  package let history: any StoreHistoryRecording
  /// The history's hooks, set around each send (held here so that a send reaches them directly).
  package let hooks: HistoryHooks
  package let output: OutputBuffer

  package init(environment: ScriptEnvironment, evaluator: Evaluator, history: any StoreHistoryRecording, output: OutputBuffer) {
    self.environment = environment
    self.evaluator = evaluator
    self.history = history
    self.hooks = history.hooks
    self.output = output
  }

  private var paths: KeyPaths { self.evaluator.paths }
  private var factory: StoreFactory { StoreFactory(evaluator: self.evaluator, history: self.history, printer: self.output.printer) }

  // MARK: - Statements

  package func execute(_ statement: Statement) async throws {
    switch statement {
    case let .binding(name, value, range):
      let result = try await self.evaluate(value, scope: .topLevel, bindingName: name)
      if case .void = result { throw ScriptError("'\(value)' has no value to bind", at: range) }
      self.environment.declare(name, result)
      if case let .store(store) = result {
        self.environment.storesByName[name] = store
        self.environment.currentStore = store
      } else if case let .swift(v) = result {
        self.environment.lastValue = v
      }
    case let .assignment(target, op, value, range):
      try await self.assign(target, op: op, value, range: range)
    case let .expression(expr):
      let result = try await self.evaluate(expr, scope: .topLevel, bindingName: nil)
      // An assertion prints its own pass or failure (`try #require(x)` alone shows no value).
      if !Assertions.isAssertion(expr) { self.show(result) }
    case let .discard(expr, _):
      _ = try await self.evaluate(expr, scope: .topLevel, bindingName: nil)
    case .declaration, .if, .guard, .for, .return:
      try await self.executeControlFlow(statement)
    default:
      throw ScriptError("\(statement.construct) aren't supported here yet", at: statement.range)
    }
  }

  /// Runs a statement's compiled send (``CompiledStatement/send``), without suspending.
  package func run(_ send: CompiledSend) throws -> CompiledSend.Outcome {
    try send.run(environment: self.environment, evaluator: self.evaluator, hooks: self.hooks)
  }

  /// Executes a statement of a parsed script as ``execute(_:)`` does, then compiles it (when
  /// the script is kept, and the statement wasn't found to run only interpreted), for
  /// ``run(_:)`` to run it the next time. The caller tries a compiled send first.
  package func execute(_ statement: Statement, compiled: CompiledStatement?) async throws {
    try await self.execute(statement)
    guard let compiled else { return }
    if case .interpreted = compiled.state { return }
    compiled.state = CompiledSend(statement, environment: self.environment, evaluator: self.evaluator).map { .send($0) } ?? .interpreted
  }

  /// Prints a result the way the REPL shows values: with CustomDump.
  package func show(_ result: RuntimeValue) {
    switch result {
    case let .swift(value):
      self.environment.lastValue = value
      self.output.emit(.value, String(customDumping: value))
    case let .keyPath(keyPath):
      self.output.emit(.value, "Swift.\(keyPath.isWritable ? "WritableKeyPath" : "KeyPath")<\(Self.qualifiedName(keyPath.root)), \(Self.qualifiedName(keyPath.valueType))>")
    case let .casePath(casePath):
      self.output.emit(.value, "\(casePath.isAnyCasePath ? "AnyCasePath" : "CaseKeyPath")<\(_typeName(casePath.root)), \(_typeName(casePath.valueType))>")
    case let .type(type):
      self.output.emit(.value, "\(_typeName(type)).Type")
    case let .namespace(name):
      self.output.emit(.value, name)
    case let .feature(feature):
      self.output.emit(.value, "\(feature.name): \(feature.summary)")
    case let .variant(name):
      self.output.emit(.value, ".\(name)")
    case let .store(store):
      self.output.emit(.info, "\(store.name): \(store.driver.isTestStore ? "TestStore" : "Store") of \(store.feature.name)")
    case .closure:
      self.output.emit(.value, "(Function)")
    case .void:
      break
    }
  }

  /// A type name with standard-library types qualified, as Swift prints key path types:
  /// `Swift.WritableKeyPath<SecureModel, Swift.String>`.
  static func qualifiedName(_ type: Any.Type) -> String {
    let name = _typeName(type)
    let standard: Set<String> = ["String", "Int", "Double", "Bool", "Float", "Array", "Dictionary", "Optional", "Set"]
    return standard.contains(name) ? "Swift.\(name)" : name
  }

  // MARK: - Expressions that drive stores

  func evaluate(_ expr: Expr, scope: EvaluationScope, bindingName: String?) async throws -> RuntimeValue {
    if let result = try await Assertions(interpreter: self).perform(expr, scope: scope) { return result }
    switch expr {
    case let .call(.identifier(name, _), arguments, trailing, range) where name == "TestStore" || name == "Store":
      return .store(try self.factory.makeStore(isTest: name == "TestStore", arguments, trailing, range: range, name: bindingName))
    case let .call(.identifier(name, _), [], nil, _) where ScriptClocks.isClockInitializer(expr):
      return .swift(ScriptClocks.make(name)!)
    case let .call(.member(base, method, methodRange), arguments, trailing, range):
      let receiver = try? self.evaluator.evaluateSync(base, scope: scope)
      if case let .swift(clock as TestClock<Duration>)? = receiver {
        return try await ScriptClocks(evaluator: self.evaluator).perform(method, on: clock, arguments, range: range, methodRange: methodRange)
      }
      if case let .store(store)? = receiver, method == "withExhaustivity" {
        return try await self.withExhaustivity(store, arguments, trailing, range: range)
      }
      if case let .store(store)? = receiver {
        return try await StoreVerbs(
          evaluator: self.evaluator, hooks: self.hooks, output: self.output, store: store, arguments: arguments, trailing: trailing, range: range, methodRange: methodRange
        ).perform(method)
      }
      // Mutating methods on a bound value: `items.remove(id: 3)`, `row.isActive.toggle()`.
      let (root, steps) = self.paths.decompose(base)
      if trailing == nil, Mutator.mutatingMethods.contains(method), case let .identifier(name, _) = root,
        case let .swift(current)? = self.environment.bindings[name]
      {
        let path = try self.paths.resolvePath(steps, from: type(of: current), scope: scope)
        self.environment.bindings[name] = .swift(
          try Mutator(evaluator: self.evaluator).mutatingMethod(method, arguments, on: current, path: path, range: range, methodRange: methodRange, scope: scope)
        )
        return .void
      }
      return try self.evaluator.evaluateSync(expr, scope: scope)
    default:
      return try self.evaluator.evaluateSync(expr, scope: scope)
    }
  }

  /// Prints subscribed values that changed (distinct until changed).
  package func reportSubscriptions() {
    guard self.environment.subscribedStores.count > 0 else { return }
    for store in self.environment.storesByName.values {
      for index in store.subscriptions.indices {
        let subscription = store.subscriptions[index]
        guard let value = try? self.paths.read(store.driver.state, along: subscription.path.components, at: SourceRange(line: 1, column: 1, length: 1)) else { continue }
        let text = String(customDumping: value)
        if text != subscription.last {
          store.subscriptions[index].last = text
          self.output.append(SessionOutput(.value, "\(subscription.text): \(text)"))
        }
      }
    }
  }

  func assign(_ target: Expr, op: String, _ value: Expr, range: SourceRange) async throws {
    let (root, steps) = self.paths.decompose(target)
    // Store settings: `store.exhaustivity = .off`, `store.environment = .failing`,
    // `store.dependencies.apiClient = .failing`, and manual state edits `store.state.x = 1`.
    if case let .store(store) = try? self.evaluator.evaluateSync(root, scope: .topLevel), case let .member(first, firstRange)? = steps.first {
      let rest = Array(steps.dropFirst())
      switch first {
      case "exhaustivity":
        guard op == "=", rest.isEmpty else { break }
        store.driver.exhaustivity = try self.exhaustivity(value)
        return
      case "environment":
        guard op == "=", rest.isEmpty, case let .implicitMember(name, nameRange) = value else {
          throw ScriptError("expected 'store.environment = .variant'", at: range)
        }
        guard store.driver.environmentNames.contains(name) else {
          throw ScriptError(
            "\(store.feature.name) has no environment '.\(name)'\(Diagnostics.didYouMean(name, among: store.driver.environmentNames))",
            at: nameRange.droppingFirst()
          )
        }
        try store.driver.setEnvironment(named: name)
        self.output.emit(.info, "\(store.name).environment = .\(name)")
        return
      case "dependencies":
        guard op == "=" else { throw ScriptError("expected 'store.dependencies.name = value'", at: range) }
        var changes = DependencyAssignments.Changes()
        try DependencyAssignments(evaluator: self.evaluator, feature: store.feature).add(rest, value, to: &changes, target: target)
        for variant in changes.variants {
          try store.driver.applyDependencyVariant(named: variant)
          self.output.emit(.info, "\(store.name).dependencies: \(variant)")
        }
        if let update = changes.combined {
          do { try store.driver.updateDependencies(update) } catch { throw ScriptError("\(error)", at: range) }
          self.output.emit(.info, "\(target) = \(value)")
        }
        return
      case "state":
        let path = try self.paths.resolvePath(rest, from: store.driver.stateType, scope: .topLevel)
        guard path.isWritable else { throw ScriptError("'\(target)' is read-only", at: target.range) }
        let updated = try self.paths.write(value, op: op, into: store.driver.state, along: path.components, valueType: path.valueType, range: range, scope: .topLevel)
        try store.driver.setState(updated)
        self.history.recordEdit("\(target) \(op) \(value)", on: store)
        self.output.emit(.info, "manual edit: \(target) \(op) \(value)")
        return
      default:
        _ = firstRange
      }
      throw ScriptError("can't assign to '\(target)'", at: target.range)
    }
    if try self.evaluator.reassignClosure(target, op: op, value, scope: .topLevel) { return }
    // Bound values: `model.deviceToken = "new"`, `model[keyPath: kp] = "new"`.
    guard case let .identifier(name, nameRange) = root, case let .swift(current)? = self.environment.bindings[name] else {
      throw ScriptError("can't assign to '\(target)'", at: target.range)
    }
    let resolvedSteps: [KeyPaths.PathStep]
    if case let .subscript(args, subscriptRange)? = steps.first, args.count == 1, args[0].label == "keyPath" {
      guard case let .keyPath(keyPath) = try self.evaluator.evaluateSync(args[0].value, scope: .topLevel) else {
        throw ScriptError("expected a key path", at: subscriptRange)
      }
      guard keyPath.root == type(of: current) else {
        throw ScriptError(
          "key path of root type \(_typeName(keyPath.root)) can't be applied to a value of type \(_typeName(type(of: current)))",
          at: args[0].value.range
        )
      }
      let updated = try self.paths.write(value, op: op, into: current, along: keyPath.components, valueType: keyPath.valueType, range: range, scope: .topLevel)
      self.environment.bindings[name] = .swift(updated)
      return
    }
    resolvedSteps = steps
    _ = nameRange
    let path = try self.paths.resolvePath(resolvedSteps, from: type(of: current), scope: .topLevel)
    let updated = try self.paths.write(value, op: op, into: current, along: path.components, valueType: path.valueType, range: range, scope: .topLevel)
    self.environment.bindings[name] = .swift(updated)
  }

  package func exhaustivity(_ expr: Expr) throws(ScriptError) -> Exhaustivity {
    switch expr {
    case .implicitMember("on", _): return .on
    case .implicitMember("off", _): return .off
    case let .call(.implicitMember("off", _), arguments, nil, _)
    where arguments.count == 1 && arguments[0].label == "showSkippedAssertions":
      guard case let .bool(show, _) = arguments[0].value else {
        throw ScriptError("expected true or false", at: arguments[0].value.range)
      }
      return .off(showSkippedAssertions: show)
    default:
      throw ScriptError("expected '.on', '.off' or '.off(showSkippedAssertions: true)'", at: expr.range)
    }
  }
}
