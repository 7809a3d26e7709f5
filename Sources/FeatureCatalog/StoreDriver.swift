@_spi(Playground) import ComposableArchitecture

/// A store the interpreter drives without knowing its types: values go in and out as `Any`,
/// checked against ``stateType`` and ``actionType``.
@MainActor
public protocol StoreDriver: AnyObject {
  var featureName: String { get }
  var stateType: Any.Type { get }
  var actionType: Any.Type { get }
  var isTestStore: Bool { get }
  var context: PlaygroundContext { get }
  /// The state as of the last assertion (test stores) or the current state (live stores).
  var state: Any { get }
  /// Actions delivered by effects that a test store has not yet asserted.
  var receivedActions: [Any] { get }
  /// The number of effects still running.
  var inFlightEffectCount: Int { get }
  var exhaustivity: Exhaustivity { get set }
  var environmentName: String? { get }
  var environmentNames: [String] { get }
  var dependencyVariantNames: [String] { get }

  /// Sends an action; with `assert`, checks the state change as `TestStore.send` does.
  func send(_ action: Any, assert: ((inout Any) throws -> Void)?) async throws
  /// Asserts the next received action equals `action` (test stores), waiting up to `timeout`
  /// (the playground's 200 ms when `nil`) for effects to deliver it.
  func receive(_ action: Any, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws
  /// Asserts the next received action matches a case (test stores).
  func receive(matching: @escaping (Any) -> Bool, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws
  /// Waits up to `timeout` (200 ms when `nil`) for every effect to finish (test stores).
  func finish(timeout: Duration?) async
  func skipReceivedActions() async
  func skipInFlightEffects() async
  /// Replaces the state, as a manual edit.
  func setState(_ state: Any) throws
  func setEnvironment(named name: String) throws
  func applyDependencyVariant(named name: String) throws
  /// Lets effects that are ready run, without advancing time.
  func settle() async
  /// Called after every action the store reduces (sent or delivered by an effect), with the
  /// action and the store's new state: the session's history records it.
  var onReduce: ((_ action: Any, _ newState: Any) -> Void)? { get set }
  /// The state the store started with.
  var initialState: Any { get }
  /// Runs the reducer on a state, discarding effects: how history is recomputed (`:skip`,
  /// replays) without re-running side effects.
  func reduceWithoutEffects(_ state: Any, _ action: Any) throws -> Any
  func advance(by duration: Duration) async
}

/// The one ``StoreDriver``: a `TestStore` or a `Store` of a catalogued feature, with the
/// feature's reducer wrapped in `_printChanges` and its time under a ``PlaygroundContext``.
@MainActor
final class PlaygroundStore<State: Equatable, Action, Environment>: StoreDriver {
  let feature: Feature<State, Action, Environment>
  let context = PlaygroundContext()
  private var environmentValue: Environment
  private(set) var environmentName: String?
  private let testStore: TestStore<State, Action>?
  private let liveStore: Store<State, Action>?

  init(
    feature: Feature<State, Action, Environment>, initialState: State, configuration: StoreConfiguration
  ) throws {
    self.feature = feature
    self.environmentName = configuration.environment ?? feature.environments.first?.name
    let environment = try feature.environment(named: configuration.environment, context: self.context)
    self.environmentValue = environment
    for name in configuration.dependencyVariants where !feature.dependencyVariants.contains(where: { $0.name == name }) {
      throw StoreConfigurationError("\(feature.name) has no dependency variant '\(name)'")
    }
    let context = self.context
    let variants = configuration.dependencyVariants.compactMap { name in
      feature.dependencyVariants.first { $0.name == name }?.apply
    }
    let prepare: (inout DependencyValues) -> Void = { dependencies in
      context.applyDefaults(to: &dependencies)
      for apply in variants { apply(&dependencies) }
    }
    // Weak: the reducer is the store's own, so a strong reference here would be a cycle that
    // keeps every store a session ever made (and its state and effects) alive.
    weak var box: PlaygroundStore?
    let reducer = feature.makeReducer { box?.environmentValue ?? environment }
    let printer = configuration.printer
    self.printer = printer
    let printed = reducer._printChanges(
      _ReducerPrinter { action, oldState, newState in
        MainActor.assumeIsolated {
          box?.onReduce?(action, newState)
          guard let text = printer.describe(action: action, oldState: oldState, newState: newState) else { return }
          box?.printed(text)
        }
      }
    )
    self.initialStateValue = initialState
    self.rawReducer = reducer
    self.replayDependencies = Dependencies.withDependencies(prepare) {
      @Dependency(\.self) var dependencies
      return dependencies
    }
    if configuration.isTestStore {
      self.testStore = TestStore(initialState: initialState, reducer: { printed }, withDependencies: prepare)
      self.liveStore = nil
    } else {
      self.liveStore = Store(initialState: initialState, reducer: { printed }, withDependencies: prepare)
      self.testStore = nil
    }
    box = self
  }

  /// A playground's test store ends when the session lets it go (a new binding, `:load`,
  /// quitting), not at the end of a test: it goes quietly, where a test's would report what was
  /// left unasserted. `finish()` and `:effects` are how to ask at the prompt.
  isolated deinit {
    self.testStore?.exhaustivity = .off(showSkippedAssertions: false)
  }

  private let printer: ChangePrinter
  private let initialStateValue: State
  private let rawReducer: Reduce<State, Action>
  private let replayDependencies: DependencyValues
  var onReduce: ((_ action: Any, _ newState: Any) -> Void)?

  var initialState: Any { self.initialStateValue }

  func reduceWithoutEffects(_ state: Any, _ action: Any) throws -> Any {
    guard var state = state as? State else {
      throw StoreConfigurationError("expected a state of type \(_typeName(State.self))")
    }
    let action = try self.typed(action)
    let dependencies = self.testStore?.dependencies ?? self.replayDependencies
    _ = DependencyValues.$_current.withValue(dependencies) {
      self.rawReducer.reduce(into: &state, action: action)
    }
    return state
  }
  /// How many upcoming printed blocks belong to an action being sent (printed at once); the
  /// rest, in a test store, belong to actions effects deliver, and wait for their `receive`.
  private var immediateBlocks = 0
  private var pendingBlocks: [String] = []

  private func printed(_ text: String) {
    if self.testStore == nil || self.immediateBlocks > 0 {
      self.immediateBlocks = max(0, self.immediateBlocks - 1)
      self.printer.output.write(text + "\n")
    } else {
      self.pendingBlocks.append(text)
    }
  }

  /// Prints the block of the next received action (a test store prints an effect's action when
  /// the test receives it, not when it arrives).
  private func releasePendingBlock() {
    guard !self.pendingBlocks.isEmpty else { return }
    self.printer.output.write(self.pendingBlocks.removeFirst() + "\n")
  }

  var featureName: String { self.feature.name }
  var stateType: Any.Type { State.self }
  var actionType: Any.Type { Action.self }
  var isTestStore: Bool { self.testStore != nil }
  var environmentNames: [String] { self.feature.environmentNames }
  var dependencyVariantNames: [String] { self.feature.dependencyVariantNames }

  var state: Any {
    self.testStore?.state ?? self.liveStore!.state
  }

  var receivedActions: [Any] {
    self.testStore?._receivedActions ?? []
  }

  var inFlightEffectCount: Int {
    self.testStore?._inFlightEffectCount ?? 0
  }

  var exhaustivity: Exhaustivity {
    get { self.testStore?.exhaustivity ?? .on }
    set { self.testStore?.exhaustivity = newValue }
  }

  private func typed(_ action: Any) throws -> Action {
    guard let action = action as? Action else {
      throw StoreConfigurationError("expected an action of type \(_typeName(Action.self))")
    }
    return action
  }

  private func typedAssertion(_ assert: ((inout Any) throws -> Void)?) -> ((inout State) throws -> Void)? {
    assert.map { assert in
      { state in
        var any: Any = state
        try assert(&any)
        guard let updated = any as? State else {
          throw StoreConfigurationError("the assertion changed the state's type")
        }
        state = updated
      }
    }
  }

  func send(_ action: Any, assert: ((inout Any) throws -> Void)?) async throws {
    let action = try self.typed(action)
    if let testStore {
      self.pendingBlocks.removeAll()
      self.immediateBlocks = 1
      testStore._send(action, assert: self.typedAssertion(assert))
      self.immediateBlocks = 0
    } else {
      self.liveStore!.send(action)
    }
    await self.settle()
  }

  /// How long `receive` and `finish` wait when no `timeout:` is given: shorter than TCA's
  /// second, so that a mistyped expectation answers quickly at the prompt.
  static var defaultTimeout: Duration { .milliseconds(200) }

  func receive(_ action: Any, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws {
    guard self.testStore != nil else { throw StoreConfigurationError("'receive' needs a TestStore") }
    guard let equatable = self as? any EquatableActionReceiving else {
      throw StoreConfigurationError(
        "\(_typeName(Action.self)) is not Equatable: receive it by case key path, as in 'receive(\\.someCase)'"
      )
    }
    try await equatable.receiveEquatable(action, timeout: timeout, assert: assert)
  }

  func receive(matching: @escaping (Any) -> Bool, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws {
    guard let testStore else { throw StoreConfigurationError("'receive' needs a TestStore") }
    await testStore._receive(
      caseMatching: { matching($0) }, timeout: timeout ?? Self.defaultTimeout, assert: self.typedAssertion(assert)
    )
    self.releasePendingBlock()
  }

  func finish(timeout: Duration?) async {
    await self.testStore?.finish(timeout: timeout ?? Self.defaultTimeout)
  }

  func skipReceivedActions() async {
    await self.testStore?.skipReceivedActions(strict: false)
    self.pendingBlocks.removeAll()
  }

  func skipInFlightEffects() async {
    await self.testStore?.skipInFlightEffects(strict: false)
  }

  func setState(_ state: Any) throws {
    guard let state = state as? State else {
      throw StoreConfigurationError("expected a state of type \(_typeName(State.self))")
    }
    if let testStore {
      testStore._setState(state)
    } else {
      self.liveStore!._setState(state)
    }
  }

  func setEnvironment(named name: String) throws {
    self.environmentValue = try self.feature.environment(named: name, context: self.context)
    self.environmentName = name
  }

  func applyDependencyVariant(named name: String) throws {
    guard let variant = self.feature.dependencyVariants.first(where: { $0.name == name }) else {
      throw StoreConfigurationError("\(self.feature.name) has no dependency variant '\(name)'")
    }
    if let testStore {
      variant.apply(&testStore.dependencies)
    } else {
      throw StoreConfigurationError("dependencies of a live Store are fixed when it is created")
    }
  }

  func settle() async {
    for _ in 0..<8 { await Task.yield() }
  }

  func advance(by duration: Duration) async {
    await self.context.advance(by: duration)
    await self.settle()
  }
}

/// Receiving an action by value needs `Action: Equatable`, as `TestStore.receive(_:)` does; a
/// store of another feature answers `receive` by case key path only.
@MainActor
private protocol EquatableActionReceiving {
  func receiveEquatable(_ action: Any, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws
}

extension PlaygroundStore: EquatableActionReceiving where Action: Equatable {
  fileprivate func receiveEquatable(_ action: Any, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws {
    guard let testStore else { throw StoreConfigurationError("'receive' needs a TestStore") }
    await testStore.receive(
      try self.typed(action), timeout: timeout ?? Self.defaultTimeout, assert: self.typedAssertion(assert)
    )
    self.releasePendingBlock()
  }
}
