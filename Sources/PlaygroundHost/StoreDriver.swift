import ComposableArchitecture

/// A store the interpreter drives without knowing its types: values go in and out as `Any`,
/// checked against ``stateType`` and ``actionType``.
///
/// ``HostedFeature/makeStore(initialState:configuration:)`` makes one.
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

  /// Sends an action and reduces it, with the actions its effects send synchronously; with
  /// `assert`, checks the state change as `TestStore.send` does. Returns whether effects are
  /// running, which ``settle()`` would let deliver what they have ready (``send(_:assert:)``
  /// does both).
  func sendNow(_ action: Any, assert: ((inout Any) throws -> Void)?) throws -> Bool
  /// Asserts the next received action equals `action` (test stores), waiting up to `timeout`
  /// (the playground's 200 ms when `nil`) for effects to deliver it.
  func receive(_ action: Any, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws
  /// Asserts the next received action matches a case (test stores).
  func receive(matching: @escaping (Any) -> Bool, timeout: Duration?, assert: ((inout Any) throws -> Void)?) async throws
  /// Waits up to `timeout` (200 ms when `nil`) for every effect to finish (test stores).
  func finish(timeout: Duration?) async
  /// Checks the state against `assert`'s expectation without sending anything, as
  /// `TestStore.assert(_:)` does (test stores).
  func assert(_ assert: @escaping (inout Any) throws -> Void) throws
  func skipReceivedActions() async
  func skipInFlightEffects() async
  /// Replaces the state, as a manual edit.
  func setState(_ state: Any) throws
  func setEnvironment(named name: String) throws
  func applyDependencyVariant(named name: String) throws
  /// Changes a test store's dependencies (`store.dependencies.uuid = .incrementing`), as
  /// `TestStore.dependencies` does: effects started afterwards see the new values.
  func updateDependencies(_ update: (inout DependencyValues) -> Void) throws
  /// Lets effects that are ready run, without advancing time.
  func settle() async
  /// Called after every action the store reduces (sent or delivered by an effect), with the
  /// action, the store's new state, the reduction (its identity, and the effect that delivered
  /// the action) and what the reducer could read of the playground's generators and time (see
  /// ``replayer``): the session's history records it. The action and state are boxed for the
  /// hook alone: it may take them (`take()`) instead of copying them.
  var onReduce: ((_ action: inout Any?, _ newState: inout Any?, _ reduction: ReductionInfo?, _ inputs: ReplayInputs) -> Void)? { get set }
  /// The `.run` and stream effects running now, oldest first.
  var inFlightEffects: [InFlightEffect] { get }
  /// Cancels the effects running under a cancel identifier, as `Effect.cancel(id:)` would.
  func cancelEffects(id: EffectCancelID)
  /// Called right after a test store reports effects that haven't finished (`finish()` timing
  /// out, or the end of a test), with those effects.
  var onUnfinishedEffects: (([InFlightEffect]) -> Void)? { get set }
  /// Ends a test store's test now, as the end of a Swift test does: reports the actions
  /// received and not asserted and each effect still running (TCA's texts), then cancels them.
  func endTest() async
  /// The state the store started with.
  var initialState: Any { get }
  /// Runs the reducer again on recorded actions, discarding effects, with the store's
  /// dependencies and environment as they are now: how history is recomputed (time travel,
  /// `:skip`, replays) without re-running side effects. A new replayer stands for the store once
  /// its dependencies or environment change.
  var replayer: any StoreReplayer { get }
  func advance(by duration: Duration) async
}

extension StoreDriver {
  /// Sends an action, then lets the effects it started deliver what they have ready; with
  /// `assert`, checks the state change as `TestStore.send` does.
  public func send(_ action: Any, assert: ((inout Any) throws -> Void)?) async throws {
    if try self.sendNow(action, assert: assert) { await self.settle() }
  }
}

/// What the host needs of a feature to run it in a playground store: its reducer, its
/// environments (legacy features) and its dependency variants. A catalog's `Feature` describes
/// itself this way.
public struct HostedFeature<State: Equatable, Action, Environment> {
  /// The feature's name, for messages and ``ChangeRecord/feature``.
  public var name: String
  /// The names of its environments, the first being the default.
  public var environmentNames: [String]
  public var dependencyVariants: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)]
  /// The environment of a name (`nil` for the default), built on a store's context.
  public var makeEnvironment: @MainActor (_ name: String?, _ context: PlaygroundContext) throws -> Environment
  /// The reducer, reading its environment through a function (the environment can change).
  public var makeReducer: @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action>

  public init(
    name: String,
    environmentNames: [String],
    dependencyVariants: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)],
    makeEnvironment: @escaping @MainActor (_ name: String?, _ context: PlaygroundContext) throws -> Environment,
    makeReducer: @escaping @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action>
  ) {
    self.name = name
    self.environmentNames = environmentNames
    self.dependencyVariants = dependencyVariants
    self.makeEnvironment = makeEnvironment
    self.makeReducer = makeReducer
  }

  /// A store of the feature, as configured: a `TestStore` or a `Store` starting at
  /// `initialState`, printing its changes to the configuration's printer.
  @MainActor
  public func makeStore(initialState: State, configuration: StoreConfiguration) throws -> any StoreDriver {
    try PlaygroundStore(feature: self, initialState: initialState, configuration: configuration)
  }
}

/// How to create a playground store.
public struct StoreConfiguration {
  public var initialState: Any
  /// The environment variant (legacy features); `nil` for the first.
  public var environment: String?
  /// Dependency variants to apply, in order.
  public var dependencyVariants: [String]
  /// Applied after the playground's defaults and the variants: a test's
  /// `withDependencies: { $0.uuid = .incrementing }`.
  public var withDependencies: (@Sendable (inout DependencyValues) -> Void)?
  /// A `TestStore` (assertions, received actions queue) or a `Store` (effects applied live).
  public var isTestStore: Bool
  public var printer: ChangePrinter
  /// How long `receive` and `finish` wait when no `timeout:` is given: by default shorter than
  /// TCA's second, so that a mistyped expectation answers quickly at the prompt.
  public var receiveTimeout: Duration
  /// How long `advance(by:)` gives effects in flight, when nothing sleeps on the clock, to start
  /// and schedule their timers before it, and to send what it woke them for after it (real time;
  /// see `PlaygroundStore.advance(by:)`).
  public var effectStartGrace: Duration
  /// Where the store counts its running effects: its session's (`nil`: whatever is bound, by
  /// default the process's).
  public var effects: SessionEffects?

  public init(
    initialState: Any, environment: String? = nil, dependencyVariants: [String] = [],
    withDependencies: (@Sendable (inout DependencyValues) -> Void)? = nil,
    isTestStore: Bool, printer: ChangePrinter, receiveTimeout: Duration = .milliseconds(200),
    effectStartGrace: Duration = .milliseconds(100), effects: SessionEffects? = nil
  ) {
    self.receiveTimeout = receiveTimeout
    self.effectStartGrace = effectStartGrace
    self.effects = effects
    self.initialState = initialState
    self.environment = environment
    self.dependencyVariants = dependencyVariants
    self.withDependencies = withDependencies
    self.isTestStore = isTestStore
    self.printer = printer
  }
}

/// A store could not be made as asked.
public struct StoreConfigurationError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
