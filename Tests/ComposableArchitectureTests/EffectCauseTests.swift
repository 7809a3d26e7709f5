@_spi(Hosting) import ComposableArchitecture
import OpenCombineShim
import Testing
import TestSupport

/// Where effects come from, as the playground asks the runtime (SPI): every action an effect
/// delivers carries its cause (the reduction that returned the effect, the effect's source
/// location, its cancel ids), stores list their running effects and cancel them by id, and a
/// test store says which effects a "still running" report is about.
@MainActor
@Suite struct EffectCauseTests {
  enum CancelID { case timer }

  enum Action: Hashable {
    case start, startSend, startMerge, startConcatenate, startPublisher, startLegacy, startTimer
    case delivered(Int)
  }

  /// The cause of each delivered action, and the reduction of each action the reducer saw.
  @MainActor final class Recorder {
    var causes: [Int: EffectCause] = [:]
    var reductions: [Action: Int] = [:]
    var lines: [Action: [UInt]] = [:]
    /// What `_onUnfinishedEffects` was called with.
    var unfinished: [EffectCause] = []
  }

  /// An effect with the line it was made on: both are on the same line.
  static func feature(_ recorder: Recorder, clock: TestClock<Duration>) -> Reduce<Int, Action> {
    Reduce { state, action in
      recorder.reductions[action] = Reduction.current?.id
      switch action {
      case .start:
        let (effect, line) = (Effect<Action>.run { send in await send(.delivered(1)) }, #line as UInt)
        recorder.lines[action] = [line]
        return effect
      case .startSend:
        let (effect, line) = (Effect<Action>.send(.delivered(2)), #line as UInt)
        recorder.lines[action] = [line]
        return effect
      case .startMerge:
        let (first, firstLine) = (Effect<Action>.send(.delivered(3)), #line as UInt)
        let (second, secondLine) = (Effect<Action>.run { send in await send(.delivered(4)) }, #line as UInt)
        recorder.lines[action] = [firstLine, secondLine]
        return .merge(first, second)
      case .startConcatenate:
        let (first, firstLine) = (Effect<Action>.run { send in await send(.delivered(5)) }, #line as UInt)
        let (second, secondLine) = (Effect<Action>.send(.delivered(6)), #line as UInt)
        recorder.lines[action] = [firstLine, secondLine]
        return .concatenate(first, second)
      case .startPublisher:
        let (effect, line) = (Effect<Action>.publisher { Just(.delivered(7)) }, #line as UInt)
        recorder.lines[action] = [line]
        return effect
      case .startLegacy:
        return .merge(Effect(value: .delivered(8)), Just(.delivered(9)).eraseToEffect())
      case .startTimer:
        let (effect, line) = (
          Effect<Action>.run { send in
            try await clock.sleep(for: .seconds(10))
            await send(.delivered(10))
          }
          .cancellable(id: CancelID.timer), (#line as UInt) - 4
        )
        recorder.lines[action] = [line]
        return effect
      case let .delivered(number):
        state = number
        recorder.causes[number] = Reduction.current?.cause
        return .none
      }
    }
  }

  static let fileID = "\(#fileID)"

  func store(_ recorder: Recorder, clock: TestClock<Duration> = TestClock()) -> TestStore<Int, Action> {
    let store = TestStore(initialState: 0) { Self.feature(recorder, clock: clock) }
    store.exhaustivity = .off
    return store
  }

  @Test func aReceivedActionNamesTheRunThatSentItAndTheActionThatReturnedIt() async {
    let recorder = Recorder()
    let store = self.store(recorder)
    await store.send(.start)
    await store.receive(.delivered(1), timeout: .seconds(30))
    let cause = try! #require(recorder.causes[1])
    #expect(cause.origin == recorder.reductions[.start])
    #expect(cause.location == EffectLocation(fileID: Self.fileID, line: recorder.lines[.start]![0]))
    #expect(cause.cancelIDs.isEmpty)
  }

  @Test func sendMergeAndConcatenateEffectsEachNameTheirOwnLocation() async {
    let recorder = Recorder()
    let store = self.store(recorder)
    await store.send(.startSend)
    await store.send(.startMerge)
    // A `.run`'s action comes on its task's schedule: received (non-exhaustively) when it does.
    await store.receive(.delivered(4), timeout: .seconds(30))
    await store.send(.startConcatenate)
    await store.receive(.delivered(6), timeout: .seconds(30))
    #expect(recorder.causes[2]?.location?.line == recorder.lines[.startSend]![0])
    #expect(recorder.causes[3]?.location?.line == recorder.lines[.startMerge]![0])
    #expect(recorder.causes[4]?.location?.line == recorder.lines[.startMerge]![1])
    #expect(recorder.causes[5]?.location?.line == recorder.lines[.startConcatenate]![0])
    #expect(recorder.causes[6]?.location?.line == recorder.lines[.startConcatenate]![1])
    #expect(recorder.causes[6]?.origin == recorder.reductions[.startConcatenate])
    #expect(recorder.causes[2]?.location?.fileID == Self.fileID)
  }

  @Test func aPublisherNamesItsLocationAndLegacyEffectsNameNone() async {
    let recorder = Recorder()
    let store = self.store(recorder)
    await store.send(.startPublisher)
    await store.send(.startLegacy)
    await store.skipReceivedActions(strict: false)
    #expect(recorder.causes[7]?.location?.line == recorder.lines[.startPublisher]![0])
    // 0.x code's `Effect(value:)` and `eraseToEffect()` don't say where they were made.
    #expect(recorder.causes[8] != nil && recorder.causes[8]?.location == nil)
    #expect(recorder.causes[9] != nil && recorder.causes[9]?.location == nil)
    #expect(recorder.causes[9]?.origin == recorder.reductions[.startLegacy])
  }

  @Test func runningEffectsListTheirLocationAndCancelIDAndCancelByID() async {
    let recorder = Recorder()
    let clock = TestClock()
    let store = self.store(recorder, clock: clock)
    await store.send(.startTimer)
    let running = store._runningEffects
    #expect(running.count == 1)
    #expect(running.first?.cause.location?.line == recorder.lines[.startTimer]![0])
    #expect(running.first?.cause.cancelIDs == [AnyHashable(CancelID.timer)])
    #expect(running.first?.cause.origin == recorder.reductions[.startTimer])
    store._cancelEffects(id: AnyHashable(CancelID.timer))
    #expect(store._runningEffects.isEmpty)
    #expect(store._inFlightEffectCount == 0)
    await clock.advance(by: .seconds(10))
    #expect(recorder.causes[10] == nil)
  }

  @Test func aLiveStoreListsAndCancelsItsRunningEffects() async {
    let recorder = Recorder()
    let clock = TestClock()
    let store = Store(initialState: 0) { Self.feature(recorder, clock: clock) }
    store.send(.startTimer)
    #expect(store._runningEffects.map(\.cause.cancelIDs) == [[AnyHashable(CancelID.timer)]])
    store._cancelEffects(id: AnyHashable(CancelID.timer))
    #expect(store._runningEffects.isEmpty)
    await clock.advance(by: .seconds(10))
    #expect(store.state == 0)
  }

  @Test func theStillRunningReportIsFollowedByTheEffectsItIsAbout() async {
    let recorder = Recorder()
    await expectIssue(ExpectedMessage.effectStillRunning) {
      let store = self.store(recorder)
      store.exhaustivity = .on
      store._onUnfinishedEffects = { effects in recorder.unfinished += effects.map(\.cause) }
      await store.send(.startTimer)
    }
    #expect(recorder.unfinished.map(\.location?.line) == [recorder.lines[.startTimer]![0]])
    #expect(recorder.unfinished.first?.origin == recorder.reductions[.startTimer])
  }

  @Test func finishTimingOutIsFollowedByTheEffectsStillRunning() async {
    let recorder = Recorder()
    let store = self.store(recorder)
    store._onUnfinishedEffects = { effects in recorder.unfinished += effects.map(\.cause) }
    await store.send(.startTimer)
    // A non-exhaustive store's `finish()` skips the assertion, as TCA's does.
    store.exhaustivity = .on
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(10))
    }
    #expect(recorder.unfinished.map(\.cancelIDs) == [[AnyHashable(CancelID.timer)]])
    await store.skipInFlightEffects(strict: false)
  }
}
