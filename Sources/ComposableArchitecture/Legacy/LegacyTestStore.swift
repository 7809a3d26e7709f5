/// The test store of The Composable Architecture's 0.x API, for ``AnyReducer``s: created with
/// `TestStore(initialState:reducer:environment:)`, driven with synchronous ``send(_:_:fileID:filePath:line:column:)``
/// and ``receive(_:_:fileID:filePath:line:column:)``.
///
/// ```swift
/// @Test @MainActor
/// func tapTheProduct() {
///   var routeSink = [String]()
///   let testStore = TestStore(
///     initialState: DemoPullbackState(information: "", productCard: .mock),
///     reducer: demoPullbackReducer,
///     environment: .failing
///   )
///   testStore.environment.route = { url in
///     .fireAndForget { routeSink.append(url) }
///   }
///   testStore.send(.productCard(.didTap))
///   #expect(routeSink == [ProductCardState.mock.url])
/// }
/// ```
///
/// It asserts exhaustively, with the modern ``TestStore``'s machinery and messages: every state
/// change in the trailing closures (and a closure that changes nothing fails: "Expected state to
/// change, but no change occurred."), every action effects send back with `receive`, and every
/// effect finished by the end of the test.
///
/// As in 0.x, nothing waits: effects that deliver synchronously (``Effect/init(value:)``,
/// `fireAndForget` with synchronous work, publishers that emit right away) and effects driven by
/// a test or immediate scheduler (``Effect/delay(for:scheduler:options:)``, advanced with
/// `scheduler.advance(by:)`) have delivered their actions by the time `send` returns or the
/// scheduler is advanced. Effects that run in Swift concurrency tasks (``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``,
/// ``Effect/task(priority:operation:catch:fileID:filePath:line:column:)``, async `fireAndForget`)
/// deliver later: assert them from an async test with ``receive(_:timeout:_:fileID:filePath:line:column:)``
/// and ``finish(timeout:fileID:filePath:line:column:)``.
///
/// The ``environment`` can be changed at any time; the reducer sees the change on the next
/// action.
@MainActor
public final class LegacyTestStore<State: Equatable, Action, Environment>: _LegacyTestStore {
  public typealias _Reducer = AnyReducer<State, Action, Environment>

  /// The environment the reducer runs with. Changing it changes what the reducer sees from the
  /// next action on.
  public var environment: Environment {
    get { self.environmentBox.value }
    set { self.environmentBox.value = newValue }
  }

  /// The current state of the test store: the state as of the last assertion.
  public var state: State {
    self.store.state
  }

  /// The current exhaustivity level of the test store.
  public var exhaustivity: Exhaustivity {
    get { self.store.exhaustivity }
    set { self.store.exhaustivity = newValue }
  }

  /// Whether the end-of-test reports (actions received and not asserted, effects still running)
  /// use TCA 0.x's words rather than the modern test store's: the RxSwift fork's test store
  /// (module RxComposableArchitecture) keeps its 0.x texts.
  @_spi(ZeroXWording) public var _reportsEndOfTestInZeroXWords: Bool {
    get { self.store.assertions.endOfTestWording == .zeroX }
    set { self.store.assertions.endOfTestWording = newValue ? .zeroX : .current }
  }

  private let environmentBox: EnvironmentBox<Environment>
  private let store: TestStore<State, Action>

  /// Creates a test store from an initial state, a reducer of the 0.x API and its environment.
  ///
  /// Tests usually spell this `TestStore(initialState:reducer:environment:)`.
  public init(
    initialState: State,
    reducer: AnyReducer<State, Action, Environment>,
    environment: Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let environmentBox = EnvironmentBox(environment)
    self.environmentBox = environmentBox
    self.store = TestStore(
      initialState: initialState,
      reducer: {
        Reduce { state, action in
          reducer.run(&state, action, environmentBox.value)
        }
      },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Sends an action to the store and asserts how the state changes.
  ///
  /// The trailing closure receives the state from before the action: mutate it into the state
  /// you expect after it. Omit the closure when no change is expected.
  ///
  /// ```swift
  /// store.send(.productCard(.didTapWishlist)) {
  ///   $0.productCard.isWishlist = true
  /// }
  /// ```
  @discardableResult
  public func send(
    _ action: Action,
    _ updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestStoreTask {
    self.store._send(
      action, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Asserts against the current state of the store.
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.store.assert(
      updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Waits until all in-flight effects have finished, or fails after the timeout.
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.store.finish(
      timeout: duration, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension LegacyTestStore where Action: Equatable {
  /// Asserts that the next action effects sent back is the given one, and asserts how the state
  /// changes. The action must already have arrived: this does not wait.
  ///
  /// ```swift
  /// store.send(.didLoad)
  /// scheduler.advance(by: .milliseconds(250))
  /// store.receive(.receivePromoListResponse(.mocks(numberOfMocks: 2))) {
  ///   $0.promos = IdentifiedArray(uniqueElements: .mocks(numberOfMocks: 2))
  /// }
  /// ```
  public func receive(
    _ expectedAction: Action,
    _ updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.store._receive(
      expectedAction, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Waits, up to the given time, for effects running in Swift concurrency tasks to send back the
  /// given action, then asserts it as ``receive(_:_:fileID:filePath:line:column:)`` does.
  public func receive(
    _ expectedAction: Action,
    timeout duration: Duration,
    _ updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.store.receive(
      expectedAction, timeout: duration, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension AnyReducer: _LegacyReducer where State: Equatable {
  public typealias _State = State
  public typealias _Environment = Environment
  public typealias _TestStore = LegacyTestStore<State, Action, Environment>
}

/// Holds a legacy test store's environment, shared with the reducer that reads it.
private final class EnvironmentBox<Environment> {
  var value: Environment

  init(_ value: Environment) {
    self.value = value
  }
}
