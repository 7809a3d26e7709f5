import ComposableArchitecture
import FeatureCatalog

/// Statements that create and drive stores: `TestStore(…)`, `send`, `receive`, `finish`,
/// `advance`, `subscribe`, and assignments to store settings and state.
extension Session {
  func evaluate(_ expr: Expr, scope: EvaluationScope, bindingName: String?) async throws -> RuntimeValue {
    switch expr {
    case let .call(.identifier(name, _), arguments, trailing, range) where name == "TestStore" || name == "Store":
      return .store(try self.makeStore(isTest: name == "TestStore", arguments, trailing, range: range, name: bindingName))
    case let .call(.member(base, method, methodRange), arguments, trailing, range):
      if case let .store(store) = try? self.evaluateSync(base, scope: scope) {
        return try await self.storeCommand(store, method, arguments, trailing, range: range, methodRange: methodRange)
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

  // MARK: - Store commands

  func storeCommand(
    _ store: StoreHandle, _ method: String, _ arguments: [Argument], _ trailing: Closure?, range: SourceRange,
    methodRange: SourceRange
  ) async throws -> RuntimeValue {
    let driver = store.driver
    self.currentStore = store
    func requireTest() throws(ScriptError) {
      guard driver.isTestStore else {
        throw ScriptError("'\(method)' needs a TestStore; '\(store.name)' is a live Store", at: methodRange)
      }
    }
    func noArguments() throws(ScriptError) {
      guard arguments.isEmpty, trailing == nil else { throw ScriptError("'\(method)' takes no arguments", at: range) }
    }
    let scope = EvaluationScope(closureParameter: nil, store: store)
    switch method {
    case "send":
      guard !arguments.isEmpty, arguments.count <= 2, arguments[0].label == nil else {
        throw ScriptError("expected 'send(action)' or 'send(\\.case, value)'", at: range)
      }
      let action: Any
      if case .keyPath = arguments[0].value {
        let casePath = try self.casePathArgument(arguments[0].value, root: driver.actionType, scope: scope)
        action = try self.embed(casePath, arguments.count == 2 ? arguments[1].value : nil, at: arguments[0].range, scope: scope)
      } else {
        guard arguments.count == 1 else { throw ScriptError("'send' takes one action", at: arguments[1].range) }
        action = try self.build(arguments[0].value, as: driver.actionType, scope: scope)
      }
      let assertion = try trailing.map { closure throws in try self.assertion(closure, for: store) }
      if trailing != nil { try requireTest() }
      self.lastAction = action
      self.isSending = true
      store.sentActionRecorded = false
      defer { self.isSending = false }
      try await driver.send(action, assert: assertion)
      return .void
    case "receive":
      try requireTest()
      var arguments = arguments
      let timeout = try self.timeoutArgument(&arguments, scope: scope)
      guard !arguments.isEmpty, arguments.count <= 2, arguments[0].label == nil else {
        throw ScriptError("expected 'receive(action)', 'receive(\\.case)' or 'receive(\\.case, value)'", at: range)
      }
      let assertion = try trailing.map { closure throws in try self.assertion(closure, for: store) }
      if case .keyPath = arguments[0].value {
        let casePath = try self.casePathArgument(arguments[0].value, root: driver.actionType, scope: scope)
        var expectedValue: DataValue?
        if arguments.count == 2 {
          expectedValue = try self.data(arguments[1].value, as: casePath.valueType, scope: scope)
        }
        let range = arguments[0].range
        try await driver.receive(matching: { [weak self] action in
          guard let self, let extracted = try? self.extract(casePath, from: action, at: range) else { return false }
          guard let expectedValue else { return true }
          return (try? self.encode(extracted, at: range)) == expectedValue
        }, timeout: timeout, assert: assertion)
      } else {
        guard arguments.count == 1 else { throw ScriptError("'receive' takes one action", at: arguments[1].range) }
        let action = try self.build(arguments[0].value, as: driver.actionType, scope: scope)
        self.lastAction = action
        try await driver.receive(action, timeout: timeout, assert: assertion)
      }
      return .void
    case "finish":
      try requireTest()
      var arguments = arguments
      let timeout = try self.timeoutArgument(&arguments, scope: scope)
      guard arguments.isEmpty, trailing == nil else { throw ScriptError("expected 'finish()' or 'finish(timeout: .seconds(1))'", at: range) }
      await driver.finish(timeout: timeout)
      return .void
    case "skipReceivedActions":
      try requireTest()
      try noArguments()
      await driver.skipReceivedActions()
      return .void
    case "skipInFlightEffects":
      try requireTest()
      try noArguments()
      await driver.skipInFlightEffects()
      return .void
    case "advance":
      guard arguments.count == 1, arguments[0].label == "by" else {
        throw ScriptError("expected 'advance(by: .seconds(1))'", at: range)
      }
      let duration = try self.build(arguments[0].value, as: Duration.self, scope: scope)
      guard let duration = duration as? Duration else { return .void }
      guard duration >= .zero else { throw ScriptError("can't advance the clock by a negative duration", at: arguments[0].value.range) }
      guard duration <= PlaygroundContext.horizon - driver.context.elapsed else {
        throw ScriptError(
          "can't advance the clock past 100 years of test time (\(store.name) is at \(driver.context.elapsed))",
          at: arguments[0].value.range
        )
      }
      await driver.advance(by: duration)
      return .void
    case "withState":
      guard arguments.count == 1, arguments[0].label == nil else {
        throw ScriptError("expected 'withState(\\.keyPath)'", at: range)
      }
      guard case let .keyPath(root, components, keyPathRange) = arguments[0].value else {
        throw ScriptError("expected a key path such as '\\.count'", at: arguments[0].value.range)
      }
      let keyPath = try self.keyPath(root: root, components, range: keyPathRange, scope: scope)
      return .swift(try self.read(driver.state, along: keyPath.components, at: keyPathRange))
    case "subscribe", "unsubscribe":
      guard arguments.count == 1, case let .keyPath(root, components, keyPathRange) = arguments[0].value else {
        throw ScriptError("expected '\(method)(\\.keyPath)'", at: range)
      }
      let keyPath = try self.keyPath(root: root, components, range: keyPathRange, scope: scope)
      let text = arguments[0].value.description
      if method == "unsubscribe" {
        let before = store.subscriptions.count
        store.subscriptions.removeAll { $0.text == text }
        guard store.subscriptions.count < before else {
          throw ScriptError("no subscription to \(text) on '\(store.name)'", at: arguments[0].value.range)
        }
        self.emit(.info, "Unsubscribed from \(text).")
        return .void
      }
      let current = String(customDumping: try self.read(driver.state, along: keyPath.components, at: keyPathRange))
      store.subscriptions.append((keyPath, text, current))
      self.emit(.value, "\(text): \(current)")
      return .void
    default:
      let methods = ["send", "receive", "finish", "skipReceivedActions", "skipInFlightEffects", "advance", "withState", "subscribe", "unsubscribe"]
      throw ScriptError(
        "value of type \(driver.isTestStore ? "TestStore" : "Store") has no member '\(method)'\(Diagnostics.didYouMean(method, among: methods))",
        at: methodRange
      )
    }
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

  // MARK: - Assertion closures

  /// Turns `{ $0.count = 1; $0.rows[id: 2]?.isActive.toggle() }` into a state mutation, checked
  /// once against the store's current state so that mistakes are reported as errors before the
  /// action is sent.
  func assertion(_ closure: Closure, for store: StoreHandle) throws -> (inout Any) throws -> Void {
    let stateType = store.driver.stateType
    let mutate: (inout Any) throws -> Void = { [unowned self] state in
      let parameter = MutableValue(state)
      let scope = EvaluationScope(closureParameter: parameter, store: store)
      for statement in closure.statements {
        try self.executeMutation(statement, on: parameter, stateType: stateType, scope: scope)
      }
      state = parameter.value
    }
    var probe = store.driver.state
    try mutate(&probe)
    return mutate
  }

  func executeMutation(_ statement: Statement, on parameter: MutableValue, stateType: Any.Type, scope: EvaluationScope) throws(ScriptError) {
    switch statement {
    case let .assignment(target, op, value, range):
      let (root, steps) = self.decompose(target)
      guard case .closureParameter(0, _) = root else {
        throw ScriptError("an assertion closure can only change '$0'", at: target.range)
      }
      let path = try self.resolvePath(steps, from: stateType, scope: scope)
      guard path.isWritable else { throw ScriptError("'\(target)' is read-only (a computed property)", at: target.range) }
      parameter.value = try self.write(value, op: op, into: parameter.value, along: path.components, valueType: path.valueType, range: range, scope: scope)
    case let .expression(.call(.member(target, method, methodRange), arguments, nil, range)):
      let (root, steps) = self.decompose(target)
      guard case .closureParameter(0, _) = root else {
        throw ScriptError("an assertion closure can only change '$0'", at: target.range)
      }
      let path = try self.resolvePath(steps, from: stateType, scope: scope)
      parameter.value = try self.mutatingMethod(method, arguments, on: parameter.value, path: path, range: range, methodRange: methodRange, scope: scope)
    case let .binding(_, _, range):
      throw ScriptError("bindings are not allowed in an assertion closure", at: range)
    case let .expression(expr):
      throw ScriptError("expected an assignment to '$0', such as '$0.count = 1'", at: expr.range)
    }
  }

  static let mutatingMethods: Set<String> = ["toggle", "append", "insert", "remove", "removeAll", "removeLast", "removeFirst"]

  /// `toggle()`, `append(_:)`, `remove(id:)`, `removeAll()`, `insert(_:at:)`, `removeLast()`.
  func mutatingMethod(
    _ method: String, _ arguments: [Argument], on root: Any, path: (components: [PathComponent], valueType: Any.Type, isWritable: Bool),
    range: SourceRange, methodRange: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> Any {
    let valueType = Self.unwrapOptional(path.valueType)
    let elementType = (valueType as? any _ElementContainer.Type)?.elementType
    return try self.update(root, along: path.components[...], range: range) { value throws(ScriptError) in
      let current = try self.encode(value, at: range)
      let changed = try self.applyMutatingMethod(
        method, arguments, to: current, value: value, elementType: elementType, valueType: valueType, range: range,
        methodRange: methodRange, scope: scope
      )
      return try self.decode(changed, as: type(of: value), at: range)
    }
  }

  /// A mutating method applied to the neutral form of the value it's called on.
  private func applyMutatingMethod(
    _ method: String, _ arguments: [Argument], to current: DataValue, value: Any, elementType: Any.Type?,
    valueType: Any.Type, range: SourceRange, methodRange: SourceRange, scope: EvaluationScope
  ) throws(ScriptError) -> DataValue {
      switch (method, current) {
      case let ("toggle", .bool(b)) where arguments.isEmpty:
        return .bool(!b)
      case let ("append", .array(elements)) where arguments.count == 1:
        guard let elementType else { break }
        return .array(elements + [try self.data(arguments[0].value, as: elementType, scope: scope)])
      case let ("insert", .array(elements)) where arguments.count == 2 && arguments[1].label == "at":
        guard let elementType else { break }
        let index = try self.build(arguments[1].value, as: Int.self, scope: scope) as? Int ?? 0
        guard (0...elements.count).contains(index) else { throw ScriptError("index \(index) is out of range", at: arguments[1].range) }
        var copy = elements
        copy.insert(try self.data(arguments[0].value, as: elementType, scope: scope), at: index)
        return .array(copy)
      case let ("remove", .array(elements)) where arguments.count == 1 && arguments[0].label == "id":
        guard let identified = valueType as? any _IdentifiedCollection.Type else { break }
        let id = try self.build(arguments[0].value, as: identified.idType, scope: scope)
        // Find the element by its `Identifiable` id in the Swift collection.
        guard let index = (value as? any _IdentifiedCollection)?._index(id: id) else { return .array(elements) }
        var copy = elements
        if copy.indices.contains(index) { copy.remove(at: index) }
        return .array(copy)
      case let ("remove", .array(elements)) where arguments.count == 1 && arguments[0].label == "at":
        let index = try self.build(arguments[0].value, as: Int.self, scope: scope) as? Int ?? 0
        guard elements.indices.contains(index) else { throw ScriptError("index \(index) is out of range", at: arguments[0].range) }
        var copy = elements
        copy.remove(at: index)
        return .array(copy)
      case ("removeAll", .array) where arguments.isEmpty:
        return .array([])
      case let ("removeLast", .array(elements)) where arguments.isEmpty && !elements.isEmpty:
        return .array(Array(elements.dropLast()))
      case let ("removeFirst", .array(elements)) where arguments.isEmpty && !elements.isEmpty:
        return .array(Array(elements.dropFirst()))
      default:
        break
      }
      throw ScriptError(
        "can't call '\(method)' here\(Diagnostics.didYouMean(method, among: ["toggle", "append", "insert", "remove", "removeAll", "removeLast", "removeFirst"]))",
        at: methodRange
      )
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
