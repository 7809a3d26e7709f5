import ComposableArchitecture
import CustomDump
import FeatureCatalog
import PlaygroundHost
import TCAScriptSyntax

/// The verbs a script calls on a store (`store.send(…)`, `receive`, `finish`, `advance`, …):
/// one method per verb, each checking its arguments and then driving the store.
@MainActor
struct StoreVerbs {
  package let evaluator: Evaluator
  package let hooks: HistoryHooks
  package let output: OutputBuffer
  package let store: StoreHandle
  let arguments: [Argument]
  let trailing: Closure?
  package let range: SourceRange
  let methodRange: SourceRange

  private var driver: any StoreDriver { self.store.driver }
  private var scope: EvaluationScope { EvaluationScope(closureParameter: nil, store: self.store) }

  /// Every verb, by the name a script calls it by.
  static let verbs: [(name: String, run: @MainActor (StoreVerbs) async throws -> RuntimeValue)] = [
    ("send", { try await $0.send() }),
    ("receive", { try await $0.receive() }),
    ("finish", { try await $0.finish() }),
    ("assert", { try $0.assert() }),
    ("skipReceivedActions", { try await $0.skipReceivedActions() }),
    ("skipInFlightEffects", { try await $0.skipInFlightEffects() }),
    ("advance", { try await $0.advance() }),
    ("withState", { try $0.withState() }),
    ("subscribe", { try $0.subscribe() }),
    ("unsubscribe", { try $0.unsubscribe() }),
  ]

  /// Runs the verb `method`, or says there is none by that name.
  package func perform(_ method: String) async throws -> RuntimeValue {
    self.evaluator.environment.currentStore = self.store
    guard let verb = Self.verbs.first(where: { $0.name == method }) else {
      throw ScriptError(
        "value of type \(self.driver.isTestStore ? "TestStore" : "Store") has no member '\(method)'"
          + Diagnostics.didYouMean(method, among: Self.verbs.map(\.name)),
        at: self.methodRange
      )
    }
    return try await verb.run(self)
  }

  /// `send(action) { … }`, `send(\.case, value) { … }`.
  package func send() async throws -> RuntimeValue {
    let arguments = self.arguments
    guard !arguments.isEmpty, arguments.count <= 2, arguments[0].label == nil else {
      throw ScriptError("expected 'send(action)' or 'send(\\.case, value)'", at: self.range)
    }
    let action: Any
    if case .keyPath = arguments[0].value {
      let casePath = try self.evaluator.casePaths.casePathArgument(arguments[0].value, root: self.driver.actionType, scope: self.scope)
      action = try self.evaluator.casePaths.embed(
        casePath, arguments.count == 2 ? arguments[1].value : nil, at: arguments[0].range, scope: self.scope
      )
    } else {
      guard arguments.count == 1 else { throw ScriptError("'send' takes one action", at: arguments[1].range) }
      action = try self.evaluator.plans.build(arguments[0].value, as: self.driver.actionType, evaluator: self.evaluator, scope: self.scope)
    }
    let assertion = try self.trailing.map { closure throws in try Mutator(evaluator: self.evaluator).assertion(closure, for: self.store) }
    if self.trailing != nil { try self.requireTest("send") }
    try await Self.send(action, to: self.store, assert: assertion, hooks: self.hooks)
    return .void
  }

  /// Sends an action built and checked to `store`, then lets the effects it started deliver
  /// what they have ready (what `send` does once its arguments are).
  static package func send(
    _ action: Any, to store: StoreHandle, assert assertion: ((inout Any) throws -> Void)?, hooks: HistoryHooks
  ) async throws {
    if try Self.sendNow(action, to: store, assert: assertion, hooks: hooks) { await store.driver.settle() }
  }

  /// Sends an action built and checked to `store`, its first reduction recorded as the step
  /// sent; returns whether effects are running, for the caller to settle (``CompiledSend``
  /// sends this way, with no suspension when none is).
  static func sendNow(
    _ action: Any, to store: StoreHandle, assert assertion: ((inout Any) throws -> Void)?, hooks: HistoryHooks
  ) throws -> Bool {
    hooks.isSending = true
    store.sentActionRecorded = false
    defer { hooks.isSending = false }
    return try store.driver.sendNow(action, assert: assertion)
  }

  /// `receive(action)`, `receive(\.case)`, `receive(\.case, value)`, each with an optional
  /// `timeout:` and assertion closure.
  package func receive() async throws -> RuntimeValue {
    try self.requireTest("receive")
    var arguments = self.arguments
    let timeout = try self.timeoutArgument(&arguments, scope: self.scope)
    guard !arguments.isEmpty, arguments.count <= 2, arguments[0].label == nil else {
      throw ScriptError("expected 'receive(action)', 'receive(\\.case)' or 'receive(\\.case, value)'", at: self.range)
    }
    let assertion = try self.trailing.map { closure throws in try Mutator(evaluator: self.evaluator).assertion(closure, for: self.store) }
    guard case .keyPath = arguments[0].value else {
      guard arguments.count == 1 else { throw ScriptError("'receive' takes one action", at: arguments[1].range) }
      let action = try self.evaluator.plans.build(arguments[0].value, as: self.driver.actionType, evaluator: self.evaluator, scope: self.scope)
      try await self.driver.receive(action, timeout: timeout, assert: assertion)
      return .void
    }
    let casePath = try self.evaluator.casePaths.casePathArgument(arguments[0].value, root: self.driver.actionType, scope: self.scope)
    var expectedValue: DataValue?
    if arguments.count == 2 {
      expectedValue = try self.evaluator.builder.data(arguments[1].value, as: casePath.valueType, scope: self.scope)
    }
    let range = arguments[0].range
    try await self.driver.receive(matching: { [weak evaluator = self.evaluator] action in
      guard let evaluator, let extracted = try? evaluator.casePaths.extract(casePath, from: action, at: range) else { return false }
      guard let expectedValue else { return true }
      return (try? evaluator.builder.encode(extracted, at: range)) == expectedValue
    }, timeout: timeout, assert: assertion)
    return .void
  }

  /// `finish()`, `finish(timeout: .seconds(1))`.
  func finish() async throws -> RuntimeValue {
    try self.requireTest("finish")
    var arguments = self.arguments
    let timeout = try self.timeoutArgument(&arguments, scope: self.scope)
    guard arguments.isEmpty, self.trailing == nil else {
      throw ScriptError("expected 'finish()' or 'finish(timeout: .seconds(1))'", at: self.range)
    }
    await self.driver.finish(timeout: timeout)
    return .void
  }

  /// `assert { $0.x = y }`: the state as it is now, checked without sending anything.
  func assert() throws -> RuntimeValue {
    try self.requireTest("assert")
    guard self.arguments.isEmpty, let trailing = self.trailing else {
      throw ScriptError("expected 'assert { $0.field = value }'", at: self.range)
    }
    let assertion = try Mutator(evaluator: self.evaluator).assertion(trailing, for: self.store)
    do { try self.driver.assert(assertion) } catch { throw ScriptError("\(error)", at: self.range) }
    return .void
  }

  package func skipReceivedActions() async throws -> RuntimeValue {
    try self.requireTest("skipReceivedActions")
    try self.noArguments("skipReceivedActions")
    await self.driver.skipReceivedActions()
    return .void
  }

  package func skipInFlightEffects() async throws -> RuntimeValue {
    try self.requireTest("skipInFlightEffects")
    try self.noArguments("skipInFlightEffects")
    await self.driver.skipInFlightEffects()
    return .void
  }

  /// `advance(by: .seconds(1))`: the store's test clock and scheduler.
  package func advance() async throws -> RuntimeValue {
    guard self.arguments.count == 1, self.arguments[0].label == "by" else {
      throw ScriptError("expected 'advance(by: .seconds(1))'", at: self.range)
    }
    let argument = self.arguments[0].value
    guard let duration = try self.evaluator.builder.build(argument, as: Duration.self, scope: self.scope) as? Duration else {
      return .void
    }
    guard duration >= .zero else { throw ScriptError("can't advance the clock by a negative duration", at: argument.range) }
    guard duration <= PlaygroundContext.horizon - self.driver.context.elapsed else {
      throw ScriptError(
        "can't advance the clock past 100 years of test time (\(self.store.name) is at \(self.driver.context.elapsed))",
        at: argument.range
      )
    }
    await self.driver.advance(by: duration)
    return .void
  }

  /// `withState(\.keyPath)`: the value there.
  func withState() throws -> RuntimeValue {
    guard self.arguments.count == 1, self.arguments[0].label == nil else {
      throw ScriptError("expected 'withState(\\.keyPath)'", at: self.range)
    }
    guard case let .keyPath(root, components, keyPathRange) = self.arguments[0].value else {
      throw ScriptError("expected a key path such as '\\.count'", at: self.arguments[0].value.range)
    }
    let keyPath = try self.evaluator.paths.keyPath(root: root, components, range: keyPathRange, scope: self.scope)
    return .swift(try self.evaluator.paths.read(self.driver.state, along: keyPath.components, at: keyPathRange))
  }

  /// `subscribe(\.keyPath)`: prints the value now and whenever it changes.
  func subscribe() throws -> RuntimeValue {
    let (keyPath, text, keyPathRange) = try self.keyPathArgument("subscribe")
    let current = String(customDumping: try self.evaluator.paths.read(self.driver.state, along: keyPath.components, at: keyPathRange))
    self.store.subscriptions.append((keyPath, text, current))
    self.output.emit(.value, "\(text): \(current)")
    return .void
  }

  /// `unsubscribe(\.keyPath)`.
  func unsubscribe() throws -> RuntimeValue {
    let (_, text, _) = try self.keyPathArgument("unsubscribe")
    let before = self.store.subscriptions.count
    self.store.subscriptions.removeAll { $0.text == text }
    guard self.store.subscriptions.count < before else {
      throw ScriptError("no subscription to \(text) on '\(self.store.name)'", at: self.arguments[0].value.range)
    }
    self.output.emit(.info, "Unsubscribed from \(text).")
    return .void
  }

  // MARK: - Argument checks

  private func requireTest(_ method: String) throws(ScriptError) {
    guard self.driver.isTestStore else {
      throw ScriptError("'\(method)' needs a TestStore; '\(self.store.name)' is a live Store", at: self.methodRange)
    }
  }

  private func noArguments(_ method: String) throws(ScriptError) {
    guard self.arguments.isEmpty, self.trailing == nil else { throw ScriptError("'\(method)' takes no arguments", at: self.range) }
  }

  /// Removes a trailing `timeout:` argument (`.seconds(1)`, `.milliseconds(500)`) and returns
  /// its duration.
  private func timeoutArgument(_ arguments: inout [Argument], scope: EvaluationScope) throws -> Duration? {
    guard let last = arguments.last, last.label == "timeout" else { return nil }
    arguments.removeLast()
    guard let duration = try self.evaluator.builder.build(last.value, as: Duration.self, scope: scope) as? Duration else { return nil }
    guard duration >= .zero else { throw ScriptError("a timeout can't be negative", at: last.value.range) }
    return duration
  }

  private func keyPathArgument(_ method: String) throws -> (KeyPathValue, String, SourceRange) {
    guard self.arguments.count == 1, case let .keyPath(root, components, keyPathRange) = self.arguments[0].value else {
      throw ScriptError("expected '\(method)(\\.keyPath)'", at: self.range)
    }
    let keyPath = try self.evaluator.paths.keyPath(root: root, components, range: keyPathRange, scope: self.scope)
    return (keyPath, self.arguments[0].value.description, keyPathRange)
  }
}
