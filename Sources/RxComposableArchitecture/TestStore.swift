#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import CombineSchedulers
@_spi(ZeroXWording) import ComposableArchitecture
import ConcurrencyExtras
import Dependencies
import Foundation
import RxSwift

/// The fork's test store: created with `TestStore(initialState:reducer:environment:)`, driven
/// with synchronous ``send(_:_:fileID:filePath:line:column:)`` and ``receive(_:_:fileID:filePath:line:column:)``, with an
/// ``environment`` the test can change at any time.
///
/// ```swift
/// func testTapTheProduct() {
///   var routeSink = [String]()
///   let testStore = TestStore(
///     initialState: DemoPullbackState(information: "", productCard: .mock),
///     reducer: demoPullbackReducer,
///     environment: .failing
///   )
///   testStore.environment.route = { url in
///     .fireAndForget {
///       routeSink.append(url)
///     }
///   }
///   testStore.send(.productCard(.didTap))
///   XCTAssertEqual(routeSink, [ProductCardState.mock.url])
/// }
/// ```
///
/// It wraps the runtime's legacy test store, which asserts exhaustively: every state change in
/// the trailing closures, every action effects send back with `receive`, every effect finished by
/// the end of the test. Its failures have the fork's texts, such as "Expected state to change,
/// but no change occurred." for a trailing closure that changes nothing, and "Received unexpected
/// action: …", and, when the test ends, TCA 0.x's reports of what it left unasserted: "The store
/// received 1 unexpected action after this one: …" and "An effect returned for this action is
/// still running. It must complete before the end of the test. …". Nothing waits: an action an
/// effect sends back must have arrived when `receive` asserts it.
///
/// `MainScheduler.instance` stands, in the reducer and its effects, for the test store's own
/// ``scheduler``: advance it to deliver effects delayed with
/// `.delay(_:scheduler: MainScheduler.instance)`.
///
/// As in the fork, it is not main-actor isolated, so that the lesson's synchronous XCTest methods
/// (which XCTest runs on the main thread) use it as written; it must be used on the main thread,
/// where the runtime's stores live, and traps elsewhere.
public final class TestStore<State: Equatable, Action, Environment> {
  /// The environment the reducer runs with. Changing it changes what the reducer sees from the
  /// next action on.
  public var environment: Environment {
    get { onMainActor { [base] in UncheckedSendable(base.environment) }.value }
    set { onMainActor(newValue) { [base] in base.environment = $0 } }
  }

  /// The current state: the state as of the last assertion.
  public var state: State {
    onMainActor { [base] in UncheckedSendable(base.state) }.value
  }

  /// The test scheduler that `MainScheduler.instance` stands for in this store's reducer and
  /// effects.
  public let scheduler: TestSchedulerOf<DispatchQueue>

  private let base: LegacyTestStore<State, Action, Environment>

  /// Creates a test store from an initial state, a reducer and its environment.
  ///
  /// - Parameters:
  ///   - initialState: The state to start the test from.
  ///   - reducer: The reducer under test.
  ///   - environment: The environment to start the test from.
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let scheduler = DispatchQueue.test
    let mainQueue = scheduler.eraseToAnyScheduler()
    self.scheduler = scheduler
    self.base = onMainActor((initialState, reducer, environment)) {
      let (initialState, reducer, environment) = $0
      let store = LegacyTestStore(
        initialState: initialState,
        reducer: AnyReducer { state, action, environment in
          withDependencies {
            $0.mainQueue = mainQueue
          } operation: {
            reducer.run(&state, action, environment)
          }
        },
        environment: environment,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      store._reportsEndOfTestInZeroXWords = true
      return store
    }
  }

  /// Sends an action to the store and asserts how the state changes.
  ///
  /// The trailing closure receives the state from before the action: mutate it into the state
  /// you expect after it. Omit it when no change is expected: a closure that changes nothing
  /// fails ("Expected state to change, but no change occurred.").
  ///
  /// ```swift
  /// testStore.send(.promo(id: "2", action: .didTap)) {
  ///   $0.promos[id: "2"]?.isSelected = true
  /// }
  /// ```
  public func send(
    _ action: Action,
    _ update: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    onMainActor((action, update)) { [base] action, update in
      _ = base.send(
        action, update, fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Advances the store's ``scheduler``, delivering the effects delayed on
  /// `MainScheduler.instance` that become due.
  ///
  /// - Parameter duration: How far to advance.
  public func advance(by duration: DispatchTimeInterval) {
    onMainActor { [scheduler] in
      scheduler.advance(by: .nanoseconds(duration.nanoseconds ?? 0))
    }
  }
}

extension TestStore where Action: Equatable {
  /// Asserts that the next action effects sent back is the given one, and asserts how the state
  /// changes. The action must already have arrived.
  ///
  /// ```swift
  /// testStore.send(.didLoad)
  /// testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 2))) {
  ///   $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 2))
  /// }
  /// ```
  public func receive(
    _ expectedAction: Action,
    _ update: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    onMainActor((expectedAction, update)) { [base] expectedAction, update in
      base.receive(
        expectedAction, update, fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }
}

/// Runs main-actor code from the fork's nonisolated test store, which is used on the main thread
/// (XCTest runs test methods there; Swift Testing suites are `@MainActor`). Traps elsewhere.
private func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
  MainActor.assumeIsolated { body() }
}

/// Runs main-actor code with values (actions, states, closures: not `Sendable`) from the caller,
/// and returns its result.
///
/// The values and the result cross into and out of the main actor unchecked, which is safe
/// because nothing crosses a thread: `assumeIsolated` traps unless the caller already runs on the
/// main thread, and the body runs synchronously, right here.
private func onMainActor<Value, T>(_ value: Value, _ body: @MainActor (Value) -> T) -> T {
  let value = UncheckedSendable(value)
  return MainActor.assumeIsolated { UncheckedSendable(body(value.value)) }.value
}
