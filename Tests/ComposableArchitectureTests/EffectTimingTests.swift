import ComposableArchitecture
import Foundation
import TestSupport
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

@MainActor
@Suite struct EffectTimingTests {
  @Test func debounceDeliversOnlyTheLastEffect() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(initialState: DebouncedSearch.State()) {
      DebouncedSearch(scheduler: scheduler.eraseToAnyScheduler())
    }
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await scheduler.advance(by: .milliseconds(500))
    await store.send(.queryChanged("co")) { $0.query = "co" }
    await scheduler.advance(by: .milliseconds(999))
    await store.send(.queryChanged("com")) { $0.query = "com" }
    await scheduler.advance(by: .seconds(1))
    await store.receive(.response(["com", "com!"])) { $0.results = ["com", "com!"] }
  }

  @Test func debounceNoneIsNone() {
    let effect = Effect<Int>.none
      .debounce(id: 1, for: .seconds(1), scheduler: DispatchQueue.test)
    #expect(effect._isNone)
  }

  @Test func taskCancelStopsAnEffectByIdentifier() async {
    let clock = TestClock()
    let store = TestStore(initialState: CancellingTimer.State()) {
      CancellingTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopButtonTapped)
    await store.finish()
  }

  @Test func withTaskCancellationIsCancelledByEffectCancel() async {
    let clock = TestClock()
    let store = TestStore(initialState: CancellingTimer.State()) {
      CancellingTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.fetchButtonTapped)
    await clock.waitForSleep()
    await store.send(.cancelFetchButtonTapped)
    await store.receive(.response("cancelled")) { $0.response = "cancelled" }

    await store.send(.fetchButtonTapped)
    await clock.waitForSleep()
    await clock.advance(by: .seconds(2))
    await store.receive(.response("done")) { $0.response = "done" }
  }

  @Test func withTaskCancellationCancelInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: CancellingTimer.State()) {
      CancellingTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.fetchButtonTapped)
    await clock.waitForSleep()
    await store.send(.fetchButtonTapped)
    await store.receive(.response("cancelled")) { $0.response = "cancelled" }
    await clock.advance(by: .seconds(2))
    await store.receive(.response("done")) { $0.response = "done" }
  }

  @Test func withTaskCancellationOutsideAStore() async throws {
    let started = AsyncStream<Void>.makeStream()
    let task = Task {
      try await withTaskCancellation(id: "global") {
        started.continuation.yield()
        try await Task.sleep(for: .seconds(3600))
      }
    }
    for await _ in started.stream { break }
    Task.cancel(id: "global")
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func publisherEffectDeliversValues() async {
    struct Feature: Reducer {
      struct State: Equatable { var values: [Int] = [] }
      enum Action: Equatable { case start, value(Int) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .publisher { [1, 2, 3].publisher.map(Action.value) }
        case let .value(value):
          state.values.append(value)
          return .none
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.start)
    await store.receive(.value(1)) { $0.values = [1] }
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.receive(.value(3)) { $0.values = [1, 2, 3] }
  }

  @Test func schedulerArithmeticWithNanoseconds() async {
    let scheduler = DispatchQueue.test
    var fired = false
    scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(Int(NSEC_PER_SEC) / 2))) {
      fired = true
    }
    await scheduler.advance(by: .nanoseconds(Int(NSEC_PER_SEC) / 2 - 1))
    #expect(!fired)
    await scheduler.advance(by: .nanoseconds(1))
    #expect(fired)
  }
}
