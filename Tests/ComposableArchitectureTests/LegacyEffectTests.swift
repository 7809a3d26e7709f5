#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ComposableArchitecture
import Foundation
import Testing
import TestSupport

/// A reducer that returns whatever effect its environment builds for an action, and appends every
/// action it receives to its state.
private func effectReducer<Action>(
  of _: Action.Type
) -> AnyReducer<[Action], Action, (Action) -> Effect<Action>> {
  AnyReducer { state, action, makeEffect in
    state.append(action)
    return makeEffect(action)
  }
}

private enum CancelID { case delayed }

private struct LoadError: Error {
  let code: Int
}

@MainActor
@Suite struct LegacyEffectTests {
  @Test func failingReportsItsPrefixedMessage() async {
    await expectIssues([
      "Should not call getPromoList - A failing effect ran.",
      "A failing effect ran.",
    ]) {
      let store = TestStore(
        initialState: [],
        reducer: effectReducer(of: String.self),
        environment: { (action: String) -> Effect<String> in
          action == "prefixed"
            ? Effect<Never>.failing("Should not call getPromoList").fireAndForget()
            : .failing("")
        }
      )
      store.send("prefixed") { $0 = ["prefixed"] }
      store.send("bare") { $0 += ["bare"] }
    }
  }

  @Test func fireAndForgetRunsSynchronouslyAndEmitsNothing() {
    var work: [String] = []
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: Int.self),
      environment: { (action: Int) -> Effect<Int> in
        guard action == 0 else { return .none }
        return Effect<Int>.merge(
          Effect(value: 1),
          .fireAndForget { work.append("ran") },
          Effect(value: 2).delay(for: 0, scheduler: DispatchQueue.immediate)
        )
        .fireAndForget()
      }
    )
    store.send(0) { $0 = [0] }
    #expect(work == ["ran"])
  }

  @Test func asyncFireAndForgetNeedsTheAsyncAPI() async {
    let work = LockIsolated<[String]>([])
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: Int.self),
      environment: { (_: Int) -> Effect<Int> in
        .fireAndForget {
          await Task.yield()
          work.withValue { $0.append("ran") }
        }
      }
    )
    store.send(0) { $0 = [0] }
    // Generous: under a loaded machine (and other main-actor suites) the task may start late.
    await store.finish(timeout: .seconds(30))
    #expect(work.value == ["ran"])
  }

  @Test func taskDeliversItsActionToTheAsyncReceive() async {
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: Int.self),
      environment: { (action: Int) -> Effect<Int> in
        action == 0 ? .task { await Task.yield(); return 42 } : .none
      }
    )
    store.send(0) { $0 = [0] }
    await store.receive(42, timeout: .seconds(30)) { $0 = [0, 42] }
  }

  @Test func delayWithATestScheduler() async {
    let scheduler = DispatchQueue.test
    await expectIssue(
      """
      Expected to receive the following action, but didn't:

        "loaded"
      """
    ) {
      let store = TestStore(
        initialState: [],
        reducer: effectReducer(of: String.self),
        environment: { (action: String) -> Effect<String> in
          action == "load"
            ? Effect(value: "loaded")
              .delay(for: .milliseconds(250), scheduler: scheduler.eraseToAnyScheduler())
              .eraseToEffect()
            : .none
        }
      )
      store.send("load") { $0 = ["load"] }
      await scheduler.advance(by: .milliseconds(249))
      store.receive("loaded") { $0 += ["loaded"] }
      await scheduler.advance(by: .milliseconds(1))
      store.receive("loaded") { $0 += ["loaded"] }
    }
  }

  @Test func delayShiftsEachActionOfAMergedEffect() {
    let scheduler = DispatchQueue.test
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: String.self),
      environment: { (action: String) -> Effect<String> in
        guard action == "start" else { return .none }
        return Effect.merge(
          Effect(value: "a"),
          Effect(value: "b").deferred(for: 1, scheduler: scheduler)
        )
        .delay(for: 1, scheduler: scheduler)
      }
    )
    store.send("start") { $0 = ["start"] }
    scheduler.advance(by: 1)
    store.receive("a") { $0 += ["a"] }
    scheduler.advance(by: 1)
    store.receive("b") { $0 += ["b"] }
  }

  @Test func delayedRunEffect() async {
    let scheduler = DispatchQueue.test
    let emitted = LockIsolated(false)
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: Int.self),
      environment: { (action: Int) -> Effect<Int> in
        guard action == 0 else { return .none }
        return Effect.run { send in
          await send(1)
          await send(2)
          emitted.setValue(true)
        }
        .delay(for: 1, scheduler: scheduler)
      }
    )
    store.send(0) { $0 = [0] }
    // The work runs on its own task: let it emit (and so schedule its delayed actions) before
    // the scheduler moves, or a busy machine advances the clock first.
    while !emitted.value { await Task.yield() }
    await scheduler.advance(by: .milliseconds(999))
    await scheduler.advance(by: .milliseconds(1))
    await store.receive(1, timeout: .seconds(30)) { $0 += [1] }
    await store.receive(2, timeout: .seconds(30)) { $0 += [2] }
    await store.finish(timeout: .seconds(30))
  }

  @Test func deferredStartsTheEffectLater() {
    let scheduler = DispatchQueue.test
    var started = 0
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: String.self),
      environment: { (action: String) -> Effect<String> in
        guard action == "start" else { return .none }
        return Effect<String>.merge(
          .fireAndForget { started += 1 },
          Effect(value: "done")
        )
        .deferred(for: .seconds(2), scheduler: scheduler)
      }
    )
    store.send("start") { $0 = ["start"] }
    scheduler.advance(by: .seconds(1))
    #expect(started == 0)
    scheduler.advance(by: .seconds(1))
    #expect(started == 1)
    store.receive("done") { $0 += ["done"] }
  }

  @Test func cancellingADelayedEffectDropsItsActions() {
    let scheduler = DispatchQueue.test
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: String.self),
      environment: { (action: String) -> Effect<String> in
        switch action {
        case "start":
          return Effect(value: "late")
            .delay(for: 1, scheduler: scheduler)
            .cancellable(id: CancelID.delayed)
        case "cancel":
          return .cancel(id: CancelID.delayed)
        default:
          return .none
        }
      }
    )
    store.send("start") { $0 = ["start"] }
    store.send("cancel") { $0 += ["cancel"] }
    scheduler.advance(by: 1)
  }

  @Test func immediateSchedulerDeliversRightAway() {
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: String.self),
      environment: { (action: String) -> Effect<String> in
        action == "load"
          ? Effect(value: "loaded").delay(for: 5, scheduler: DispatchQueue.immediate)
          : .none
      }
    )
    store.send("load") { $0 = ["load"] }
    store.receive("loaded") { $0 += ["loaded"] }
  }

  @Test func publisherEffects() {
    let subject = PassthroughSubject<String, Never>()
    let store = TestStore(
      initialState: [],
      reducer: effectReducer(of: String.self),
      environment: { (action: String) -> Effect<String> in
        switch action {
        case "just":
          return Just("from just").eraseToEffect()
        case "sequence":
          return ["1", "2"].publisher.eraseToEffect { "item \($0)" }
        case "subscribe":
          return .publisher { subject }
        case "failure":
          return Fail<Int, LoadError>(error: LoadError(code: 503))
            .catchToEffect { result in
              switch result {
              case let .success(value): return "success \(value)"
              case let .failure(error): return "failure \(error.code)"
              }
            }
        default:
          return .none
        }
      }
    )
    store.send("just") { $0 = ["just"] }
    store.receive("from just") { $0 += ["from just"] }
    store.send("sequence") { $0 += ["sequence"] }
    store.receive("item 1") { $0 += ["item 1"] }
    store.receive("item 2") { $0 += ["item 2"] }
    store.send("failure") { $0 += ["failure"] }
    store.receive("failure 503") { $0 += ["failure 503"] }
    store.send("subscribe") { $0 += ["subscribe"] }
    subject.send("hello")
    store.receive("hello") { $0 += ["hello"] }
    subject.send(completion: .finished)
  }
}
