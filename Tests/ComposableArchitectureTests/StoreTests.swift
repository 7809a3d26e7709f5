import ComposableArchitecture
import Testing
import TestSupport

@MainActor
@Suite struct StoreTests {
  @Test func sendScopeAndState() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: \.counter)
    child.send(.incrementButtonTapped)
    #expect(store.counter.count == 1)
    #expect(child.state.count == 1)
    #expect(store.withState(\.log) == ["parent saw increment"])
  }

  @Test func storeTaskFinishAndCancel() async {
    let store = Store(initialState: Counter.State(count: 2)) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.factButtonTapped).finish()
    #expect(store.fact == "2 is a good number.")

    let clock = TestClock()
    let timerStore = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = timerStore.send(.toggleTimerButtonTapped)
    for _ in 1...3 {
      await clock.waitForSleep()
      await clock.advance(by: .seconds(1))
    }
    // The timer sleeps again once the third tick is reduced (a live store's effect sends on its
    // own task: on a loaded machine the tick may still be on its way right after the advance).
    await clock.waitForSleep()
    #expect(timerStore.count == 3)
    task.cancel()
    await clock.advance(by: .seconds(3))
    #expect(timerStore.count == 3)
    #expect(task.isCancelled)
  }

  @Test func subscribeIsDistinctUntilChanged() {
    let store = Store(initialState: Parent.State()) { Parent() }
    var seen: [Int] = []
    let subscription = store.subscribe(\.counter.count) { seen.append($0) }
    store.send(.counter(.incrementButtonTapped))
    store.send(.counter(.factResponse("no count change")))
    store.send(.counter(.incrementButtonTapped))
    subscription.cancel()
    store.send(.counter(.incrementButtonTapped))
    #expect(seen == [0, 1, 2])
  }

  @Test func printChangesCustomDump() {
    let output = PrintChangesBuffer()
    let store = Store(initialState: Parent.State(rows: [Counter.State(id: 1)])) {
      Parent()._printChanges(.customDump(to: output))
    }
    store.send(.rows(.element(id: 1, action: .incrementButtonTapped)))
    store.send(.childDidSomething)
    #expect(
      output.text == """
        received action:
          Parent.Action.rows(
            .element(
              id: 1,
              action: .incrementButtonTapped
            )
          )
          Parent.State(
            counter: Counter.State(…),
            rows: [
              [0]: Counter.State(
                id: 1,
        -       count: 0,
        +       count: 1,
                fact: nil,
                isTimerRunning: false
              )
            ],
            optional: nil,
            log: []
          )

        received action:
          Parent.Action.childDidSomething
          (No state changes)


        """
    )
  }

  @Test func printChangesActionLabels() {
    let lines = LockIsolated<[String]>([])
    let store = Store(initialState: Parent.State()) {
      Parent()._printChanges(.actionLabels(printer: { line in lines.withValue { $0.append(line) } }))
    }
    store.send(.counter(.incrementButtonTapped))
    #expect(
      lines.value == [
        "received action: Parent.Action.counter(.incrementButtonTapped)",
        "received action: Parent.Action.childDidSomething",
      ]
    )
  }

  @Test func droppingAStoreCancelsItsEffects() async throws {
    let cancelled = LockIsolated(false)
    var store: StoreOf<Reduce<Int, Bool>>? = Store(initialState: 0) {
      Reduce<Int, Bool> { _, _ in
        .run { _ in
          do { try await Task.never() } catch { cancelled.setValue(true) }
        }
      }
    }
    store?.send(true)
    store = nil
    for _ in 1...200 where !cancelled.value {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(cancelled.value)
  }
}
