@_spi(Hosting) import ComposableArchitecture

/// The one ``StoreDriver``: a `TestStore` or a `Store` of a hosted feature, with the feature's
/// reducer wrapped in `_printChanges` (each change a ``ChangeRecord`` for the configuration's
/// ``ChangePrinter``) and its time under a ``PlaygroundContext``.
@MainActor
final class PlaygroundStore<State: Equatable, Action, Environment>: StoreDriver {
  let feature: HostedFeature<State, Action, Environment>
  let context = PlaygroundContext()
  /// ``replayer``, once made.
  private var replayerValue: (any StoreReplayer)?
  private let environmentBox: EnvironmentBox<Environment>
  private var environmentValue: Environment {
    get { self.environmentBox.value }
    set { self.environmentBox.value = newValue }
  }
  private(set) var environmentName: String?
  private let testStore: TestStore<State, Action>?
  private let liveStore: Store<State, Action>?
  /// Where the session counts its stores' running effects (the store's runner counts in it
  /// too: both take the one bound when they are made, ``StoreConfiguration/effects``).
  private let effectActivity = EffectActivity.current

  init(
    feature: HostedFeature<State, Action, Environment>, initialState: State, configuration: StoreConfiguration
  ) throws {
    self.feature = feature
    self.defaultTimeout = configuration.receiveTimeout
    self.effectStartGrace = configuration.effectStartGrace
    self.environmentName = configuration.environment ?? feature.environmentNames.first
    let environment = try feature.makeEnvironment(configuration.environment, self.context)
    for name in configuration.dependencyVariants where !feature.dependencyVariants.contains(where: { $0.name == name }) {
      throw StoreConfigurationError("\(feature.name) has no dependency variant '\(name)'")
    }
    let context = self.context
    let variants = configuration.dependencyVariants.compactMap { name in
      feature.dependencyVariants.first { $0.name == name }?.apply
    }
    let overrides = configuration.withDependencies
    let prepare: (inout DependencyValues) -> Void = { dependencies in
      context.applyDefaults(to: &dependencies)
      for apply in variants { apply(&dependencies) }
      overrides?(&dependencies)
    }
    // The reducer reads the environment from a box it shares with the store (the store sets it
    // on `:environment`), not from the store: a strong reference to the store would be a cycle,
    // and a weak one cost a weak load and a metadata lookup for every action.
    let environmentBox = EnvironmentBox(environment)
    self.environmentBox = environmentBox
    let reducer = feature.makeReducer { environmentBox.value }
    let printer = configuration.printer
    let log = ChangeLog(printer: printer, isTestStore: configuration.isTestStore)
    self.log = log
    let changes = reduceFunction(reducer._printChanges(changePrinter(printer, log: log, feature: feature.name)))
    // A crash report names the action a trap interrupted (`tcaplay`'s kernel).
    let featureName = feature.name
    let printed = Reduce<State, Action> { state, action in
      log.willReduce(in: context)
      return ReducerActivity.reducing(action, of: featureName) { changes(&state, action) }
    }
    self.initialStateValue = initialState
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
    log.storeID = ObjectIdentifier(self)
  }

  /// A playground's test store ends when the session lets it go (a new binding, `:load`,
  /// quitting), not at the end of a test: it goes quietly, where a test's would report what was
  /// left unasserted. `finish()` and `:effects` are how to ask at the prompt.
  isolated deinit {
    self.log.storeID = nil
    self.testStore?.exhaustivity = .off(showSkippedAssertions: false)
  }

  private let log: ChangeLog
  private let initialStateValue: State
  /// A live store's dependencies as its reducer gets them (a test store's are its `dependencies`).
  private let replayDependencies: DependencyValues
  var onReduce: ((_ action: inout Any?, _ newState: inout Any?, _ reduction: ReductionInfo?, _ inputs: ReplayInputs) -> Void)? {
    get { self.log.onReduce }
    set { self.log.onReduce = newValue }
  }

  var inFlightEffects: [InFlightEffect] {
    (self.testStore?._runningEffects ?? self.liveStore?._runningEffects ?? []).map(InFlightEffect.init)
  }

  func cancelEffects(id: EffectCancelID) {
    self.testStore?._cancelEffects(id: id.value)
    self.liveStore?._cancelEffects(id: id.value)
  }

  var onUnfinishedEffects: (([InFlightEffect]) -> Void)? {
    didSet {
      guard let report = self.onUnfinishedEffects else {
        self.testStore?._onUnfinishedEffects = nil
        return
      }
      self.testStore?._onUnfinishedEffects = { effects in report(effects.map { InFlightEffect($0) }) }
    }
  }

  func endTest() async {
    self.testStore?._endTest()
    await self.settle()
  }

  var initialState: Any { self.initialStateValue }

  /// The replayer of the store's dependencies and environment as they are now; a new one is made
  /// when they change, so that actions recorded before replay with what they had.
  var replayer: any StoreReplayer {
    if let replayerValue { return replayerValue }
    return self.makeReplayer()
  }

  // Apart, and never inlined: the getter, called for every action recorded, looked up the type
  // metadata this needs each time, before finding the replayer already made.
  @inline(never)
  private func makeReplayer() -> any StoreReplayer {
    // A legacy feature's environment is made afresh (falling back to the store's own when it
    // can't be): closures of the store's own could keep state that a replay would change.
    let environment = (try? self.feature.makeEnvironment(self.environmentName, self.context)) ?? self.environmentValue
    let replayer = PlaygroundReplayer(
      feature: self.feature, environment: environment,
      dependencies: self.testStore?.dependencies ?? self.replayDependencies, context: self.context
    )
    self.replayerValue = replayer
    return replayer
  }

  var featureName: String { self.feature.name }
  var stateType: Any.Type { State.self }
  var actionType: Any.Type { Action.self }
  var isTestStore: Bool { self.testStore != nil }
  var environmentNames: [String] { self.feature.environmentNames }
  var dependencyVariantNames: [String] { self.feature.dependencyVariants.map(\.name) }

  var state: Any {
    self.testStore?.state ?? self.liveStore!.state
  }

  var receivedActions: [Any] {
    self.testStore?._receivedActions ?? []
  }

  var inFlightEffectCount: Int {
    self.testStore?._inFlightEffectCount ?? self.liveStore?._runningEffects.count ?? 0
  }

  var exhaustivity: Exhaustivity {
    get { self.testStore?.exhaustivity ?? .on }
    set { self.testStore?.exhaustivity = newValue }
  }

  private func typed(_ action: Any) throws -> Action {
    // An action of exactly the type (every send's) is unboxed by opening the existential: a
    // cast was a fortieth of a typed send.
    if type(of: action) == Action.self {
      func unbox<Value>(_ value: Value) -> Action { unsafeBitCast(value, to: Action.self) }
      return unbox(action)
    }
    return try self.cast(action)
  }

  // Apart, and never inlined: the type metadata the cast needs was otherwise looked up on every
  // call of ``typed(_:)``, before the test that skips it.
  @inline(never)
  private func cast(_ action: Any) throws -> Action {
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

  func sendNow(_ action: Any, assert: ((inout Any) throws -> Void)?) throws -> Bool {
    let action = try self.typed(action)
    self.log.beginSend()
    if let testStore {
      testStore._send(action, assert: self.typedAssertion(assert))
    } else {
      self.liveStore!.send(action)
    }
    self.log.endSend()
    // With no effect running in the session (this send started none), a yield has nothing to
    // let deliver: a send then costs no trips through the executors.
    return self.effectActivity.runningCount > 0
  }

  /// How long `receive` and `finish` wait when no `timeout:` is given
  /// (``StoreConfiguration/receiveTimeout``).
  let defaultTimeout: Duration
  /// ``StoreConfiguration/effectStartGrace``.
  let effectStartGrace: Duration

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
      caseMatching: { matching($0) }, timeout: timeout ?? self.defaultTimeout, assert: self.typedAssertion(assert)
    )
    self.log.releaseHeldRecord()
  }

  func finish(timeout: Duration?) async {
    await self.testStore?.finish(timeout: timeout ?? self.defaultTimeout)
  }

  func assert(_ assert: @escaping (inout Any) throws -> Void) throws {
    guard let testStore, let typed = self.typedAssertion(assert) else {
      throw StoreConfigurationError("'assert' needs a TestStore")
    }
    testStore.assert(typed)
  }

  func skipReceivedActions() async {
    await self.testStore?.skipReceivedActions(strict: false)
    self.log.dropHeldRecords()
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
    self.environmentValue = try self.feature.makeEnvironment(name, self.context)
    self.environmentName = name
    self.replayerValue = nil
  }

  func applyDependencyVariant(named name: String) throws {
    guard let variant = self.feature.dependencyVariants.first(where: { $0.name == name }) else {
      throw StoreConfigurationError("\(self.feature.name) has no dependency variant '\(name)'")
    }
    if let testStore {
      variant.apply(&testStore.dependencies)
      self.log.dependenciesChanged()
      self.replayerValue = nil
    } else {
      throw StoreConfigurationError("dependencies of a live Store are fixed when it is created")
    }
  }

  func updateDependencies(_ update: (inout DependencyValues) -> Void) throws {
    guard let testStore else {
      throw StoreConfigurationError("dependencies of a live Store are fixed when it is created")
    }
    update(&testStore.dependencies)
    self.log.dependenciesChanged()
    self.replayerValue = nil
  }

  func settle() async {
    await Task.settle(turns: 8)
  }

  func advance(by duration: Duration) async {
    await self.letEffectsRun()
    await self.context.advance(by: duration)
    // What the advance woke (a sleep that ended) sends its actions before the advance returns,
    // so that they are the advance's step and not whatever statement comes next.
    await self.letEffectsRun()
  }

  /// Effects run on tasks of their own: on a loaded machine, one an action just started may not
  /// have scheduled its timer yet, and an advance would then go by without it; one an advance
  /// woke may not have sent its action yet. While effects are in flight and none waits on the
  /// clock or the scheduler, this gives them real time to get there (or to end), up to the
  /// configuration's grace (100 ms by default: an effect that waits on nothing the playground
  /// controls costs that much). On tcaplay's main serial executor, the first settle already runs
  /// them that far.
  private func letEffectsRun() async {
    await self.settle()
    let deadline = ContinuousClock.now + self.effectStartGrace
    while self.inFlightEffectCount > 0, ContinuousClock.now < deadline, !Task.isCancelled {
      if await self.context.hasScheduledWork() { return }
      try? await Task.sleep(for: .milliseconds(1))
      await self.settle()
    }
  }
}

/// `reducer`'s `reduce` as a closure, made where the reducer's type is a generic parameter: the
/// closure calls it with that type's metadata at hand, where calling the reducer from the
/// store's generic code looked its type metadata up for every action.
private func reduceFunction<R: Reducer>(_ reducer: R) -> (inout R.State, R.Action) -> Effect<R.Action> {
  { reducer.reduce(into: &$0, action: $1) }
}

/// A legacy feature's environment, shared by its store (which replaces it on `:environment`) and
/// its reducer (which reads it for every action).
private final class EnvironmentBox<Environment> {
  var value: Environment
  init(_ value: Environment) { self.value = value }
}

/// The store's `_printChanges` printer: the reducer runs on the main actor, and each change
/// becomes a record, made here, outside the log's isolation, so that only plain values cross
/// into it.
private func changePrinter<State, Action>(
  _ printer: ChangePrinter, log: ChangeLog, feature: String
) -> _ReducerPrinter<State, Action> {
  _ReducerPrinter { action, oldState, newState in
    guard let reduction = log.reduced(action: action, newState: newState),
      let record = printer.record(
        action: action, oldState: oldState, newState: newState, feature: feature,
        storeID: reduction.storeID, origin: reduction.origin
      )
    else { return }
    log.printed(record)
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
      try self.typed(action), timeout: timeout ?? self.defaultTimeout, assert: self.typedAssertion(assert)
    )
    self.log.releaseHeldRecord()
  }
}
