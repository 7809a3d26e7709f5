/// A store represents the runtime that powers the application. It is the object that you will
/// pass around to views that need to interact with the application.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State()) {
///   AppFeature()
/// }
/// store.send(.incrementButtonTapped)
/// store.count  // 1
/// ```
///
/// Stores are main-actor isolated. Use ``scope(state:action:)`` to derive a store for a child
/// feature; sending to the child store sends the embedded action to the root.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  private let toState: @MainActor () -> State
  private let sendAction: @MainActor (Action) -> EffectGroup
  let observeState: @MainActor (ObjectIdentifier, @escaping (State) -> Void) -> Void
  let removeObserver: @MainActor (ObjectIdentifier) -> Void
  private let replaceState: (@MainActor (State) -> Void)?
  /// The root store's effect runner (`nil` for a scoped store).
  private let runner: EffectRunner?

  /// Initializes a store from an initial state and a reducer.
  ///
  /// - Parameters:
  ///   - initialState: The state to start the application in.
  ///   - reducer: The reducer that powers the business logic of the application.
  ///   - prepareDependencies: A closure that can be used to override dependencies that will be
  ///     accessed by the reducer.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    var (initialState, reducer, dependencies) = Dependencies.withDependencies {
      $0.stackElementID = .incrementing()
      prepareDependencies?(&$0)
    } operation: {
      @Dependency(\.self) var dependencies
      return (initialState(), reducer(), dependencies)
    }
    dependencies.stackElementID = dependencies.stackElementID.skippingIdentifiers(in: initialState)
    let core = StoreCore<State, Action>(initialState: initialState) { state, action in
      DependencyValues.$_current.withValue(dependencies) {
        reducer.reduce(into: &state, action: action)
      }
    }
    self.init(core: core)
  }

  init(core: StoreCore<State, Action>) {
    self.toState = { core.state }
    self.sendAction = { core.send($0) }
    self.observeState = { core.observe($0, $1) }
    self.removeObserver = { core.removeObserver($0) }
    self.replaceState = { core.state = $0 }
    self.runner = core.runner
  }

  private init(
    toState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> EffectGroup,
    observeState: @escaping @MainActor (ObjectIdentifier, @escaping (State) -> Void) -> Void,
    removeObserver: @escaping @MainActor (ObjectIdentifier) -> Void
  ) {
    self.toState = toState
    self.sendAction = sendAction
    self.observeState = observeState
    self.removeObserver = removeObserver
    self.replaceState = nil
    self.runner = nil
  }

  /// The current state of the store.
  public var state: State {
    self.toState()
  }

  /// Replaces the root store's state, as a deliberate edit outside the reducer (the
  /// playground's manual state edits). Does nothing on a scoped store.
  @_spi(Hosting) public func _setState(_ state: State) {
    self.replaceState?(state)
  }

  /// The root store's `.run` and stream effects running now, oldest first (none for a scoped
  /// store).
  @_spi(Hosting) public var _runningEffects: [RunningEffect] {
    self.runner?.runningEffects ?? []
  }

  /// Cancels the root store's effects running under the cancel identifier `id`, as
  /// `Effect.cancel(id:)` returned by the reducer would (at every navigation path).
  @_spi(Hosting) public func _cancelEffects(id: AnyHashable) {
    self.runner?.registry.cancel(id: id)
  }

  /// Reads a value of the current state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    self.state[keyPath: keyPath]
  }

  /// Calls the given closure with a snapshot of the current state of the store.
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(self.state)
  }

  /// Sends an action to the store.
  ///
  /// The action is reduced immediately; effects start right away, and actions they emit
  /// synchronously are processed before this method returns.
  ///
  /// - Returns: A ``StoreTask`` representing the lifecycle of the effects started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    let group = self.sendAction(action)
    return StoreTask(group: group.isFinished ? nil : group)
  }

  /// Scopes the store to one that exposes child state and actions.
  ///
  /// ```swift
  /// let childStore = store.scope(state: \.child, action: \.child)
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    self._scope(state: { $0[keyPath: state] }, action: AnyCasePath(action).embed)
  }

  /// Scopes the store with a state transformation and an action embedding: what every scope is
  /// built on, and what the deprecated closure form of `scope(state:action:)` calls.
  func _scope<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let toState = self.toState
    let sendAction = self.sendAction
    let observeState = self.observeState
    return Store<ChildState, ChildAction>(
      toState: { toChildState(toState()) },
      sendAction: { sendAction(fromChildAction($0)) },
      observeState: { token, onChange in observeState(token) { onChange(toChildState($0)) } },
      removeObserver: self.removeObserver
    )
  }

  /// Calls `onChange` with the current value at `keyPath`, and again whenever it changes (a
  /// distinct-until-changed subscription, like the lesson's `store.subscribe(\.text)`).
  ///
  /// - Returns: A token; the subscription lasts until ``StoreSubscription/cancel()`` is called
  ///   or the token is released.
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @MainActor @Sendable (Value) -> Void
  ) -> StoreSubscription {
    var last = self.state[keyPath: keyPath]
    onChange(last)
    let subscription = StoreSubscription(remove: self.removeObserver)
    self.observeState(ObjectIdentifier(subscription)) { state in
      let value = state[keyPath: keyPath]
      guard value != last else { return }
      last = value
      onChange(value)
    }
    return subscription
  }
}

/// A subscription to a store's state, made with ``Store/subscribe(_:_:)``.
@MainActor
public final class StoreSubscription {
  private var remove: (@MainActor (ObjectIdentifier) -> Void)?

  init(remove: @escaping @MainActor (ObjectIdentifier) -> Void) {
    self.remove = remove
  }

  /// Stops the subscription.
  public func cancel() {
    self.remove?(ObjectIdentifier(self))
    self.remove = nil
  }

  isolated deinit {
    self.cancel()
  }
}

/// A convenience type alias for referring to a store of a given reducer's domain.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
