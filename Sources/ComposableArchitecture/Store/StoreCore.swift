/// The root of a store tree: the state, the reducer, and the loop that processes actions.
///
/// Actions are processed one at a time, in the order they arrive. Actions an effect emits
/// synchronously (``Effect/send(_:)``) are queued behind the action being processed, so a child
/// feature's effect action is handled before the actions its parent's effects emit after it.
@MainActor
final class StoreCore<State, Action> {
  var state: State {
    didSet { self.stateDidChange = true }
  }
  private let reducer: (inout State, Action) -> Effect<Action>
  let runner = EffectRunner()
  private var buffer: [(action: Action, group: EffectGroup, cause: EffectCause?)] = []
  /// Whether ``buffer`` holds anything (read instead of the array, whose every use looks up its
  /// element type's metadata).
  private var hasBufferedActions = false
  private var isSending = false
  private var stateDidChange = false
  private var observers: [ObjectIdentifier: (State) -> Void] = [:]
  /// The sends whose effects are still running: cancelled when the store goes away, as TCA
  /// cancels a deallocated store's effects (otherwise a dropped store's long-living effects
  /// would run, and hold their memory, for the rest of the process).
  private var inFlight: [EffectGroup] = []

  /// How many actions one `send` may process synchronously (the action and those its effects
  /// emit with `.send`) before the store stops a runaway loop. Not a TCA limit: the playground
  /// must survive a reducer that feeds actions back forever.
  static var maximumSynchronousActions: Int { 100_000 }

  init(initialState: State, reducer: @escaping (inout State, Action) -> Effect<Action>) {
    self.state = initialState
    self.reducer = reducer
    if let observer = StoreCreation.observer {
      observer(CreatedStore(stateType: State.self, action: Action.self, runner: self.runner))
    }
  }

  isolated deinit {
    for group in self.inFlight { group.cancel() }
  }

  @discardableResult
  func send(_ action: Action, group: EffectGroup? = nil, cause: EffectCause? = nil) -> EffectGroup {
    let group = group ?? EffectGroup()
    guard !self.isSending else {
      self.buffer.append((action, group, cause))
      self.hasBufferedActions = true
      return group
    }
    self.isSending = true
    defer {
      self.isSending = false
      if self.hasBufferedActions {
        self.buffer.removeAll()
        self.hasBufferedActions = false
      }
      if self.stateDidChange {
        self.stateDidChange = false
        self.notifyObservers()
      }
    }
    // The action sent is processed without going through the queue: a send whose effects emit
    // nothing synchronously (most of them) touches no array of the generic element type, each
    // use of which looks up that tuple type's metadata at run time (speed: docs/benchmarks-log.md,
    // "A store's send without its queue").
    self.process(action, group: group, cause: cause)
    var index = 0
    while self.hasBufferedActions, index < self.buffer.count {
      // The action sent counts as the first one processed.
      guard index + 1 < Self.maximumSynchronousActions else {
        reportIssue(
          """
          The store processed \(Self.maximumSynchronousActions) actions synchronously for one send \
          and dropped the \(self.buffer.count - index) still queued. …

            Last action:
              \(debugCaseOutput(self.buffer[index - 1].action))

          An effect is probably feeding actions back into the store in a loop (an action whose \
          effect sends an action whose effect sends it again).
          """
        )
        break
      }
      let (action, group, cause) = self.buffer[index]
      index += 1
      self.process(action, group: group, cause: cause)
    }
    if !group.isFinished, !self.inFlight.contains(where: { $0 === group }) {
      self.inFlight.removeAll { $0.isFinished }
      self.inFlight.append(group)
    }
    return group
  }

  /// Reduces one action and starts its effects in `group`.
  private func process(_ action: Action, group: EffectGroup, cause: EffectCause?) {
    var reductionID = 0
    let effect = Reduction.run(cause: cause) { reduction in
      reductionID = reduction.id
      return self.reducer(&self.state, action)
    }
    guard !effect._isNone else { return }
    group.begin()
    let cancellable = self.runner.start(
      effect,
      origin: reductionID,
      send: { [weak self] action, cause in self?.send(action, group: group, cause: cause) },
      onEnd: { group.end() }
    )
    group.add(cancellable)
  }

  func observe(_ token: ObjectIdentifier, _ onChange: @escaping (State) -> Void) {
    self.observers[token] = onChange
  }

  func removeObserver(_ token: ObjectIdentifier) {
    self.observers[token] = nil
  }

  private func notifyObservers() {
    for observer in self.observers.values { observer(self.state) }
  }

  /// Cancels the long-living effects that presented features and stack elements wait in for
  /// their dismissal, without dismissing them: what a test store does when a test finishes.
  func cancelPresentationEffects() {
    self.runner.registry.cancel(
      CancellationRegistry.Key(id: AnyHashable(OnFirstAppearID()), path: NavigationIDPath())
    )
  }

  /// Cancels every effect this store has in flight, cancellable or not, as its going away does.
  func cancelInFlightEffects() {
    let groups = self.inFlight
    self.inFlight.removeAll()
    for group in groups { group.cancel() }
  }

  /// Cancels every cancellable and navigation-tracked effect this store has in flight.
  func cancelAll() {
    self.runner.registry.cancelAll()
  }
}
