import ComposableArchitecture
import Foundation
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// `Effect.throttle`, driven by a test scheduler: the scenarios of TCA's `EffectThrottleTests`,
/// asserted exhaustively through a test store.
@MainActor
@Suite struct EffectThrottleTests {
  @Test func latestDeliversTheFirstThenTheMostRecent() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(initialState: ThrottledLoader.State()) {
      ThrottledLoader(scheduler: scheduler.eraseToAnyScheduler(), latest: true)
    }
    await store.send(.scrolled(1))
    await scheduler.advance()
    // A value emits right away.
    await store.receive(.load(1)) { $0.loaded = [1] }

    await store.send(.scrolled(2))
    await scheduler.advance()
    // A second value is throttled: sending again would fail if it had been received.
    await scheduler.advance(by: .milliseconds(250))
    await store.send(.scrolled(3))
    await scheduler.advance(by: .milliseconds(250))
    await store.send(.scrolled(4))
    await scheduler.advance(by: .milliseconds(250))
    await store.send(.scrolled(5))
    await scheduler.advance(by: .milliseconds(250))
    // The latest value emits at the end of the interval.
    await store.receive(.load(5)) { $0.loaded = [1, 5] }
  }

  @Test func firstDeliversTheFirstHeldBack() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(initialState: ThrottledLoader.State()) {
      ThrottledLoader(scheduler: scheduler.eraseToAnyScheduler(), latest: false)
    }
    await store.send(.scrolled(1))
    await scheduler.advance()
    await store.receive(.load(1)) { $0.loaded = [1] }

    await store.send(.scrolled(2))
    await scheduler.advance()
    await scheduler.advance(by: .milliseconds(250))
    await store.send(.scrolled(3))
    await scheduler.advance(by: .milliseconds(250))
    await store.send(.scrolled(4))
    await scheduler.advance(by: .milliseconds(250))
    await store.send(.scrolled(5))
    await scheduler.advance(by: .milliseconds(250))
    // The first throttled value emits.
    await store.receive(.load(2)) { $0.loaded = [1, 2] }

    await scheduler.advance(by: .milliseconds(250))
    await store.send(.scrolled(6))
    await scheduler.advance(by: .milliseconds(500))
    // A third value is throttled.
    await store.send(.scrolled(7))
    await scheduler.advance(by: .milliseconds(250))
    // The first value held back in this interval emits.
    await store.receive(.load(6)) { $0.loaded = [1, 2, 6] }
  }

  @Test func afterTheIntervalAValueEmitsRightAway() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(initialState: ThrottledLoader.State()) {
      ThrottledLoader(scheduler: scheduler.eraseToAnyScheduler(), latest: true)
    }
    await store.send(.scrolled(1))
    await scheduler.advance()
    await store.receive(.load(1)) { $0.loaded = [1] }

    await scheduler.advance(by: .seconds(2))
    await store.send(.scrolled(2))
    await scheduler.advance()
    await store.receive(.load(2)) { $0.loaded = [1, 2] }

    await scheduler.advance(by: .seconds(2))
    await store.send(.scrolled(3))
    await scheduler.advance()
    await store.receive(.load(3)) { $0.loaded = [1, 2, 3] }
  }

  @Test func emitsTheFirstValueOnce() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(initialState: ThrottledLoader.State()) {
      ThrottledLoader(scheduler: scheduler.eraseToAnyScheduler(), latest: false)
    }
    await store.send(.scrolled(1))
    await scheduler.advance()
    await store.receive(.load(1)) { $0.loaded = [1] }

    await scheduler.advance(by: .milliseconds(500))
    await store.send(.scrolled(2))
    await scheduler.advance(by: .milliseconds(500))
    // The held-back value emits once, at the end of the interval.
    await store.receive(.load(2)) { $0.loaded = [1, 2] }

    // A value right after a delivery waits for the next interval.
    await store.send(.scrolled(3))
    await scheduler.advance(by: .milliseconds(999))
    await store.send(.scrolled(4))
    await scheduler.advance(by: .milliseconds(1))
    await store.receive(.load(3)) { $0.loaded = [1, 2, 3] }
  }

  @Test func identifiersAreLocalToTheStore() async {
    let scheduler = DispatchQueue.test
    let first = TestStore(initialState: ThrottledLoader.State()) {
      ThrottledLoader(scheduler: scheduler.eraseToAnyScheduler(), latest: true)
    }
    let second = TestStore(initialState: ThrottledLoader.State()) {
      ThrottledLoader(scheduler: scheduler.eraseToAnyScheduler(), latest: true)
    }
    await first.send(.scrolled(1))
    await scheduler.advance()
    await first.receive(.load(1)) { $0.loaded = [1] }
    // Another store's throttle does not hold this one back.
    await second.send(.scrolled(2))
    await scheduler.advance()
    await second.receive(.load(2)) { $0.loaded = [2] }
  }

  @Test func throttlingNoneIsNone() {
    let effect = Effect<Int>.none
      .throttle(id: 1, for: .seconds(1), scheduler: DispatchQueue.test, latest: true)
    #expect(effect._isNone)
  }
}
