import Foundation

/// A testable runtime for a reducer.
///
/// A test store runs the real reducer and its effects, and asks you to prove how the state
/// evolves, exhaustively:
///
/// ```swift
/// @Test @MainActor
/// func basics() async {
///   let store = TestStore(initialState: Counter.State()) {
///     Counter()
///   }
///   await store.send(.incrementButtonTapped) {
///     $0.count = 1
///   }
/// }
/// ```
///
/// Every state change must be asserted in the trailing closure, every action an effect sends
/// back must be asserted with ``receive(_:timeout:assert:fileID:filePath:line:column:)``, and
/// every effect must finish by the end of the test. Failures are reported through
/// IssueReporting, with the wording and diffs of The Composable Architecture.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The current dependencies of the test store, used by the reducer and its effects.
  public var dependencies: DependencyValues {
    get { self.reducer.dependencies }
    set { self.reducer.dependencies = newValue }
  }

  /// The current exhaustivity level of the test store.
  public var exhaustivity: Exhaustivity {
    get { self.assertions.exhaustivity }
    set { self.assertions.exhaustivity = newValue }
  }

  /// The default timeout used in all methods that take an optional timeout, in nanoseconds.
  public var timeout: UInt64 {
    get { self.assertions.timeout }
    set { self.assertions.timeout = newValue }
  }

  /// The current state of the test store: the state as of the last assertion.
  public var state: State {
    self.reducer.state
  }

  let reducer: TestReducer<State, Action>
  let core: StoreCore<State, TestAction<Action>>
  let assertions: TestAssertions<State, Action>
  /// Called right after the store reports effects that haven't finished (at the end of a test,
  /// or when `finish()` times out), with those effects: the playground says where they were made.
  @_spi(Hosting) public var _onUnfinishedEffects: (@MainActor ([RunningEffect]) -> Void)?

  /// Creates a test store with an initial state and a reducer powering its runtime.
  ///
  /// - Parameters:
  ///   - initialState: The state the feature starts in.
  ///   - reducer: The reducer that powers the runtime of the test store.
  ///   - prepareDependencies: A closure that can be used to override dependencies that will be
  ///     accessed during the test. These dependencies will be used when producing the initial
  ///     state.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var (initialState, reducer, dependencies) = Dependencies.withDependencies {
      $0.stackElementID = .incrementing()
      prepareDependencies(&$0)
    } operation: {
      @Dependency(\.self) var dependencies
      return (initialState(), reducer(), dependencies)
    }
    dependencies.stackElementID = dependencies.stackElementID.skippingIdentifiers(in: initialState)
    let testReducer = TestReducer<State, Action>(
      base: { reducer.reduce(into: &$0, action: $1) },
      initialState: initialState,
      dependencies: dependencies
    )
    self.reducer = testReducer
    self.core = StoreCore(initialState: initialState) { testReducer.reduce(into: &$0, action: $1) }
    self.assertions = TestAssertions(
      reducer: testReducer,
      timeout: 1 * NSEC_PER_SEC,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  // Not an `isolated deinit`: that may run later, on another job, after the test that owned the
  // store has finished, and its failures would be lost. Like TCA, report synchronously when the
  // store is released on the main thread (tests are main-actor isolated).
  // Reports synchronously, whatever executor releases the store: an `isolated deinit` would hop
  // to the main actor as a new job when the last reference goes away elsewhere (the end of an
  // async test frame, say), after the test and its task-locals are gone, losing the failures.
  // Nothing else can touch the store while it is being destroyed.
  deinit {
    // The closure runs right here, before `deinit` returns, so the unowned reference can't dangle.
    unowned(unsafe) let store = self
    let completed: @MainActor () -> Void = { store.completed() }
    unsafeBitCast(completed, to: (() -> Void).self)()
  }

  /// Overrides the store's exhaustivity for a given operation.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try operation()
  }

  /// Overrides the store's dependencies for a given operation.
  public func withDependencies<R>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.dependencies
    defer { self.dependencies = previous }
    try updateValuesForOperation(&self.dependencies)
    return try operation()
  }

}

/// A convenience type alias for referring to a test store of a given reducer's domain.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

extension Task where Success == Never, Failure == Never {
  /// Suspends repeatedly, to give other tasks (effects) a chance to run.
  static func megaYield(count: Int = 20) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task.yield() }.value
    }
  }
}
