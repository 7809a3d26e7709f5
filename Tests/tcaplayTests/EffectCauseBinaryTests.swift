import Foundation
import Testing
import TestSupport

/// "See why" (issue #23), part 1, on the real binary, piped: each received action's cause in
/// `:history`, `:why` walking causes back to what was typed, `:effects` naming each effect in
/// flight, `:cancel` stopping one, and `:end` following TCA's "still running" report with where
/// the effect was made. The feature is the lesson's `CounterStack.Counter`, whose "load and go"
/// is a `.run` (CounterFeature.swift:65) and then a `.send` (:71), and whose timer is a `.run`
/// (:78) made `.cancellable(id: CancelID.timer)`.
@Suite struct EffectCauseBinaryTests {
  static let location = "CounterStack/CounterFeature.swift"

  func run(_ lines: String...) async throws -> Binary.Result {
    try await Binary.run([], input: ([":load CounterStack.Counter", ":print off"] + lines).joined(separator: "\n") + "\n")
  }

  @Test func historyShowsEachReceivedActionsCause() async throws {
    let result = try await self.run("store.send(.loadAndGoToCounterButtonTapped)", "store.advance(by: .seconds(2))", ":history")
    #expect(result.output.hasSuffix("""
        0  start  CounterFeature.State
        1  send   CounterFeature.Action.loadAndGoToCounterButtonTapped
        2  recv   CounterFeature.Action.loadResponse  ← 1 (effect at \(Self.location):65)
      * 3  recv   CounterFeature.Action.delegate(.goToCounter)  ← 2 (effect at \(Self.location):71)

      """), "\(result.output)")
    #expect(result.status == 0)
  }

  @Test func whyWalksBackThroughAnEffectToTheActionTyped() async throws {
    let result = try await self.run(
      "store.send(.incrementButtonTapped)", "store.send(.loadAndGoToCounterButtonTapped)",
      "store.advance(by: .seconds(2))", ":why \\.isLoading", ":why count"
    )
    #expect(result.output.hasSuffix("""
      step 3  CounterFeature.Action.loadResponse  set \\.isLoading = false  ← effect at \(Self.location):65 (returned by step 2)
      step 2  CounterFeature.Action.loadAndGoToCounterButtonTapped  set \\.isLoading = true  typed
      step 1  CounterFeature.Action.incrementButtonTapped  set \\.count = 1  typed

      """), "\(result.output)")
    #expect(result.status == 0)
  }

  @Test func whyOfAValueNoStepChangedSaysSo() async throws {
    let result = try await self.run("store.send(.incrementButtonTapped)", ":why \\.isTimerOn")
    #expect(result.output.hasSuffix("\\.isTimerOn hasn't changed since the start: it is false\n"), "\(result.output)")
  }

  @Test func effectsListsEachEffectsLocationCancelIDAndAge() async throws {
    let result = try await Binary.run([], input: """
      let t = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
      :print off
      t.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
      t.advance(by: .seconds(1))
      :effects
      t.skipReceivedActions()
      t.skipInFlightEffects()
      :effects

      """)
    #expect(result.output.contains("""
      t: 1 received action not yet asserted
        CounterFeature.Action.timerTick
      1 effect in flight
        effect at \(Self.location):78, cancel id CounterFeature.CancelID.timer  returned by step 1 \
      (CounterFeature.Action.toggleTimerButtonTapped)  age: 1 step, 1s

      """), "\(result.output)")
    #expect(result.output.hasSuffix("t: 0 received actions not yet asserted\n0 effects in flight\n"), "\(result.output)")
  }

  @Test func cancelStopsTheEffectsWithACancelID() async throws {
    let result = try await self.run(
      "store.send(.toggleTimerButtonTapped)", ":cancel timer", ":effects", "store.advance(by: .seconds(5))",
      ":history", "store.state.count"
    )
    #expect(result.output.contains("Cancelled 1 effect: \(Self.location):78\n"), "\(result.output)")
    #expect(result.output.contains("nothing is queued.\n  0  start"), "no effect in flight: \(result.output)")
    // The advance delivered nothing: no tick in the history, the count unchanged.
    #expect(result.output.hasSuffix("* 1  send   CounterFeature.Action.toggleTimerButtonTapped\n0\n"), "\(result.output)")
    #expect(result.status == 0)
  }

  @Test func cancelTakesTheWholeIDOrItsLastPart() async throws {
    let result = try await self.run("store.send(.toggleTimerButtonTapped)", ":cancel CounterFeature.CancelID.timer", ":effects")
    #expect(result.output.contains("Cancelled 1 effect: \(Self.location):78\n"), "\(result.output)")
    #expect(!result.output.contains("effect at"), "\(result.output)")
  }

  @Test func endFollowsTCAsStillRunningReportWithWhereTheEffectWasMade() async throws {
    let result = try await Binary.run([], input: """
      let t = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
      :print off
      t.send(.toggleTimerButtonTapped) { $0.isTimerOn = true }
      :end
      :effects

      """)
    #expect(result.output.contains("""
      ✘ An effect returned for this action is still running. It must complete before the end of the test.

      To fix, inspect any effects the reducer returns for this action and ensure that all of them complete \
      by the end of the test. There are a few reasons why an effect may not have completed:

      If using async/await in your effect, it may need a little bit of time to properly finish. To fix \
      you can simply perform "await store.finish()" at the end of your test.

      If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), make sure \
      that you wait enough time for it to perform the effect. If you are using a test clock/scheduler, \
      advance it so that the effects may complete, or consider using an immediate clock/scheduler to \
      immediately perform the effect instead.

      If you are returning a long-living effect (timers, notifications, subjects, etc.), then make sure \
      those effects are torn down by marking the effect ".cancellable" and returning a corresponding \
      cancellation effect ("Effect.cancel") from another action, or, if your effect is driven by a \
      Combine subject, send it a completion.

      If you do not wish to assert on these effects, perform "await store.skipInFlightEffects()", or \
      consider using a non-exhaustive test store: "store.exhaustivity = .off".
      Still running: effect at \(Self.location):78, cancel id CounterFeature.CancelID.timer (returned by step 1)
      t: 0 received actions not yet asserted
      0 effects in flight

      """), "\(result.output)")
    #expect(result.status == 1)
  }

  @Test func finishTimingOutIsFollowedByTheEffectsStillRunning() async throws {
    let result = try await Binary.run([], input: """
      let t = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
      :print off
      t.send(.loadAndGoToCounterButtonTapped) { $0.isLoading = true }
      t.finish()

      """)
    #expect(result.output.hasSuffix("""
      immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try increasing \
      the duration of this assertion's "timeout".
      Still running: effect at \(Self.location):65 (returned by step 1)

      """), "\(result.output)")
  }

  @Test func aZeroXEffectIsNamedByItsFeature() async throws {
    let result = try await Binary.run([], input: """
      :load Day2.CartPage
      :print off
      store.send(.didLoad)
      :effects
      store.advance(by: .seconds(1))
      :why \\.isLoading

      """)
    #expect(result.output.contains(
      "  a 0.x effect of CartPage, no source location  returned by step 1 (CartPageAction.didLoad)  age: 0 steps, 0s\n"
    ), "\(result.output)")
    #expect(result.output.hasSuffix("""
      step 2  CartPageAction.receiveCartData(.success)  set \\.isLoading = false  ← a 0.x effect of CartPage, no \
      source location (returned by step 1)
      step 1  CartPageAction.didLoad  typed

      """), "\(result.output)")
  }

  @Test func badInputIsAOneLineErrorAndTheSessionGoesOn() async throws {
    let noStore = try await Binary.run([], input: ":why \\.count\n:cancel timer\n:end\n1 + 1\n")
    #expect(noStore.output == """
      :why: error: there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'
      :cancel: error: there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'
      :end: error: there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'
      2

      """)
    let result = try await self.run(
      ":why \\.isLoadin", ":why", ":cancel timer", "store.send(.toggleTimerButtonTapped)", ":cancel tmer",
      ":cancel", ":end", "store.state.isTimerOn"
    )
    #expect(result.output.hasSuffix("""
      :why: error: value of type CounterFeature.State has no member 'isLoadin'; did you mean 'isLoading'?
      :why: error: ':why' needs a key path of the state, as in ':why \\.count'
      :cancel: error: no effect in flight has the cancel id 'timer' (none of the effects in flight has one)
      :cancel: error: no effect in flight has the cancel id 'tmer'; did you mean 'CounterFeature.CancelID.timer'?
      :cancel: error: ':cancel' needs a cancel id, as ':effects' lists them
      :end: error: store is a live Store; ':end' ends a TestStore's test
      true

      """), "\(result.output)")
    #expect(result.status == 1)
  }
}
