import ComposableArchitecture
import FeatureCatalog
import PlaygroundHost

/// Statements that create and drive stores: `TestStore(…)`, `send`, `receive`, `finish`,
/// `advance`, `subscribe`, and assignments to store settings and state.
extension Session {
  func evaluate(_ expr: Expr, scope: EvaluationScope, bindingName: String?) async throws -> RuntimeValue {
    switch expr {
    case let .call(.identifier(name, _), arguments, trailing, range) where name == "TestStore" || name == "Store":
      return .store(try self.makeStore(isTest: name == "TestStore", arguments, trailing, range: range, name: bindingName))
    case let .call(.member(base, method, methodRange), arguments, trailing, range):
      if case let .store(store) = try? self.evaluateSync(base, scope: scope) {
        return try await StoreVerbs(
          session: self, store: store, arguments: arguments, trailing: trailing, range: range, methodRange: methodRange
        ).perform(method)
      }
      // Mutating methods on a bound value: `items.remove(id: 3)`, `row.isActive.toggle()`.
      let (root, steps) = self.decompose(base)
      if trailing == nil, Self.mutatingMethods.contains(method), case let .identifier(name, _) = root,
        case let .swift(current)? = self.bindings[name]
      {
        let path = try self.resolvePath(steps, from: type(of: current), scope: scope)
        self.bindings[name] = .swift(
          try self.mutatingMethod(method, arguments, on: current, path: path, range: range, methodRange: methodRange, scope: scope)
        )
        return .void
      }
      return try self.evaluateSync(expr, scope: scope)
    default:
      return try self.evaluateSync(expr, scope: scope)
    }
  }

  // MARK: - Creating stores

  func makeStore(isTest: Bool, _ arguments: [Argument], _ trailing: Closure?, range: SourceRange, name: String?) throws -> StoreHandle {
    var feature: (any AnyFeature)?
    var stateExpr: Expr?
    var environment: String?
    for argument in arguments {
      switch argument.label {
      case "initialState": stateExpr = argument.value
      case "reducer": feature = try self.featureArgument(argument.value)
      case "environment":
        guard case let .implicitMember(variant, _) = argument.value else {
          throw ScriptError("expected an environment such as '.mock'", at: argument.value.range)
        }
        environment = variant
      default:
        throw ScriptError(
          "extra argument '\(argument.label ?? "_")' in call to \(isTest ? "TestStore" : "Store")\(Diagnostics.didYouMean(argument.label ?? "", among: ["initialState", "reducer", "environment"]))",
          at: argument.range
        )
      }
    }
    if let trailing {
      guard trailing.statements.count == 1, case let .expression(reducerExpr) = trailing.statements[0] else {
        throw ScriptError("the trailing closure should hold just the reducer, as in '{ Feature() }'", at: trailing.range)
      }
      feature = try self.featureArgument(reducerExpr)
    }
    guard let feature else {
      throw ScriptError("missing 'reducer:' (or a trailing closure with the reducer) in call to \(isTest ? "TestStore" : "Store")", at: range)
    }
    guard let stateExpr else {
      throw ScriptError("missing argument 'initialState:' in call to \(isTest ? "TestStore" : "Store")", at: range)
    }
    var initialState: Any
    if case let .implicitMember(preset, _) = stateExpr, let state = feature.preset(named: preset) {
      initialState = state
    } else {
      initialState = try self.build(stateExpr, as: feature.stateType, scope: .topLevel)
    }
    if let environment, !feature.environmentNames.contains(environment) {
      throw ScriptError(
        "\(feature.name) has no environment '.\(environment)'\(Diagnostics.didYouMean(environment, among: feature.environmentNames))"
          + (feature.environmentNames.isEmpty ? " (it uses dependencies)" : "; available: " + feature.environmentNames.map { "." + $0 }.joined(separator: ", ")),
        at: arguments.first { $0.label == "environment" }?.value.range ?? range
      )
    }
    let driver: any StoreDriver
    do {
      driver = try feature.makeStore(
        StoreConfiguration(initialState: initialState, environment: environment, isTestStore: isTest, printer: self.printer)
      )
    } catch {
      throw ScriptError("\(error)", at: range)
    }
    let handle = StoreHandle(name: name ?? "store", driver: driver, feature: feature)
    self.attachHistory(to: handle)
    return handle
  }

  private func featureArgument(_ expr: Expr) throws(ScriptError) -> any AnyFeature {
    switch expr {
    case let .identifier(name, range), let .call(.identifier(name, range), [], nil, _):
      guard let feature = self.feature(named: name) else {
        let names = self.catalog.features.flatMap { $0.reducerNames + [$0.name] }
        throw ScriptError("cannot find reducer '\(name)' in the catalog\(Diagnostics.didYouMean(name, among: names))", at: range)
      }
      return feature
    default:
      throw ScriptError("expected a catalogued reducer, such as 'promoListReducer' or 'Feature()'", at: expr.range)
    }
  }

  /// Registers a store under a name, making it current (used by `:load`).
  public func load(featureNamed name: String, preset: String? = nil, as storeName: String = "store", test: Bool = false) throws -> String {
    guard let feature = self.catalog.features.first(where: { $0.name == name || "\(self.moduleName(of: $0)).\($0.name)" == name })
    else {
      let names = self.catalog.features.map(\.name)
      throw ScriptError("no feature named '\(name)' in the catalog\(Diagnostics.didYouMean(name, among: names))", at: nil)
    }
    var state = feature.initialState
    if let preset {
      guard let presetState = feature.preset(named: preset) else {
        throw ScriptError(
          "\(feature.name) has no preset '\(preset)'" + (feature.presetNames.isEmpty ? "" : "; presets: " + feature.presetNames.joined(separator: ", ")),
          at: nil
        )
      }
      state = presetState
    }
    let driver = try feature.makeStore(StoreConfiguration(initialState: state, isTestStore: test, printer: self.printer))
    let handle = StoreHandle(name: storeName, driver: driver, feature: feature)
    self.attachHistory(to: handle)
    self.bindings[storeName] = .store(handle)
    self.storesByName[storeName] = handle
    self.currentStore = handle
    return "Loaded \(feature.name) as `\(storeName)` (\(_typeName(feature.stateType)))."
  }

  func moduleName(of feature: any AnyFeature) -> String {
    String(reflecting: feature.stateType).split(separator: ".").first.map(String.init) ?? ""
  }

  /// Removes a trailing `timeout:` argument (`.seconds(1)`, `.milliseconds(500)`) and returns
  /// its duration.
  func timeoutArgument(_ arguments: inout [Argument], scope: EvaluationScope) throws -> Duration? {
    guard let last = arguments.last, last.label == "timeout" else { return nil }
    arguments.removeLast()
    guard let duration = try self.build(last.value, as: Duration.self, scope: scope) as? Duration else { return nil }
    guard duration >= .zero else { throw ScriptError("a timeout can't be negative", at: last.value.range) }
    return duration
  }

  /// Prints subscribed values that changed (distinct until changed).
  func checkSubscriptions() {
    for store in self.storesByName.values {
      for index in store.subscriptions.indices {
        let subscription = store.subscriptions[index]
        guard let value = try? self.read(store.driver.state, along: subscription.path.components, at: SourceRange(line: 1, column: 1, length: 1)) else { continue }
        let text = String(customDumping: value)
        if text != subscription.last {
          store.subscriptions[index].last = text
          self.output.append(Output(.value, "\(subscription.text): \(text)"))
        }
      }
    }
  }

  // MARK: - Assignments

  func assign(_ target: Expr, op: String, _ value: Expr, range: SourceRange) async throws {
    let (root, steps) = self.decompose(target)
    // Store settings: `store.exhaustivity = .off`, `store.environment = .failing`,
    // `store.dependencies.apiClient = .failing`, and manual state edits `store.state.x = 1`.
    if case let .store(store) = try? self.evaluateSync(root, scope: .topLevel), case let .member(first, firstRange)? = steps.first {
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
        self.emit(.info, "\(store.name).environment = .\(name)")
        return
      case "dependencies":
        guard op == "=", case let .implicitMember(name, nameRange) = value else {
          throw ScriptError("expected 'store.dependencies.client = .variant'", at: range)
        }
        let qualified = (rest.compactMap { step -> String? in
          if case let .member(n, _) = step { return n }
          return nil
        } + [name]).joined(separator: ".")
        let candidates = store.driver.dependencyVariantNames
        guard let variant = [qualified, name].first(where: candidates.contains) else {
          throw ScriptError(
            "\(store.feature.name) has no dependency variant '\(qualified)'\(Diagnostics.didYouMean(qualified, among: candidates))"
              + (candidates.isEmpty ? "" : "; available: " + candidates.joined(separator: ", ")),
            at: nameRange.droppingFirst()
          )
        }
        try store.driver.applyDependencyVariant(named: variant)
        self.emit(.info, "\(store.name).dependencies: \(variant)")
        return
      case "state":
        let path = try self.resolvePath(rest, from: store.driver.stateType, scope: .topLevel)
        guard path.isWritable else { throw ScriptError("'\(target)' is read-only", at: target.range) }
        let updated = try self.write(value, op: op, into: store.driver.state, along: path.components, valueType: path.valueType, range: range, scope: .topLevel)
        try store.driver.setState(updated)
        self.recordEdit("\(target) \(op) \(value)", on: store)
        self.emit(.info, "manual edit: \(target) \(op) \(value)")
        return
      default:
        _ = firstRange
      }
      throw ScriptError("can't assign to '\(target)'", at: target.range)
    }
    // Bound values: `model.deviceToken = "new"`, `model[keyPath: kp] = "new"`.
    guard case let .identifier(name, nameRange) = root, case let .swift(current)? = self.bindings[name] else {
      throw ScriptError("can't assign to '\(target)'", at: target.range)
    }
    let resolvedSteps: [PathStep]
    if case let .subscript(args, subscriptRange)? = steps.first, args.count == 1, args[0].label == "keyPath" {
      guard case let .keyPath(keyPath) = try self.evaluateSync(args[0].value, scope: .topLevel) else {
        throw ScriptError("expected a key path", at: subscriptRange)
      }
      guard keyPath.root == type(of: current) else {
        throw ScriptError(
          "key path of root type \(_typeName(keyPath.root)) can't be applied to a value of type \(_typeName(type(of: current)))",
          at: args[0].value.range
        )
      }
      let updated = try self.write(value, op: op, into: current, along: keyPath.components, valueType: keyPath.valueType, range: range, scope: .topLevel)
      self.bindings[name] = .swift(updated)
      return
    }
    resolvedSteps = steps
    _ = nameRange
    let path = try self.resolvePath(resolvedSteps, from: type(of: current), scope: .topLevel)
    let updated = try self.write(value, op: op, into: current, along: path.components, valueType: path.valueType, range: range, scope: .topLevel)
    self.bindings[name] = .swift(updated)
  }

  func exhaustivity(_ expr: Expr) throws(ScriptError) -> Exhaustivity {
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
