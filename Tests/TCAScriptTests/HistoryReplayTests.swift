import CustomDump
import FeatureCatalog
import Foundation
import TestSupport
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// The history keeps every step, and keeps few states: the others are recomputed by replaying
/// actions from the nearest state kept. Each test notes the store's state after every input as a
/// history keeping every state would, and checks that the history gives back exactly those.
@MainActor
// One test at a time: each runs thousands of inputs and replays on the main actor, which every
// test shares.
@Suite(.serialized) struct HistoryReplayTests {
  /// Checkpoints after every step, none at all, and wherever the replays' measured time puts
  /// them: the states come out the same.
  nonisolated static let budgets: [Duration] = [.zero, .microseconds(300), .seconds(3_600)]

  /// A session with a live store of `feature` as `store`, printing off, checkpointing by
  /// `budget`, checking every step's replay unless told otherwise (the default samples them by
  /// time, which a test can't predict).
  func session(
    _ catalog: Catalog, _ feature: String, budget: Duration, verification: StoreHistory.Verification = .everyStep
  ) throws -> Session {
    // `forTests`: a `.wait`'s effect must be sleeping on the clock before an advance, however
    // busy the machine (a step went missing when it wasn't, after the default 100 ms).
    let session = Session.forTests(catalog: catalog)
    session.printer.mode = .off
    _ = try session.load(featureNamed: feature)
    let store = try #require(session.environment.currentStore)
    store.history.replayBudget = budget
    store.history.verification = verification
    return session
  }

  /// The states a history holds: the start's, and those of the steps that hold one.
  func heldStates(_ history: StoreHistory) -> (kept: Int, transient: Int) {
    var kept = 0
    var transient = 0
    for step in history.steps where step.state != nil {
      if step.keepsState { kept += 1 } else { transient += 1 }
    }
    return (kept, transient)
  }

  /// States noted while a session runs, as a history keeping every state would: the store's
  /// state after each input, by the number of the step it ends at.
  @MainActor
  struct Recorded {
    var states: [Int: Any] = [:]

    /// Runs `input` (which must not fail) and notes the state after it.
    mutating func run(_ input: String, in session: Session) async {
      let outputs = await session.run(input)
      #expect(!outputs.contains { $0.kind == .error || $0.kind == .failure }, "\(input): \(outputs.map(\.text))")
      let store = session.environment.currentStore!
      self.states[store.history.steps.count] = store.driver.state
    }
  }

  /// Checks every noted state against the history's, replayed from the start in one pass, and a
  /// few against `:jump` (the store's state after it).
  func expectHistoryHolds(_ recorded: Recorded, in session: Session, jumpingTo jumps: [Int] = []) async throws {
    let store = try #require(session.environment.currentStore)
    let history = store.history
    let replayer = store.driver.replayer
    func expectSame(_ state: Any, _ number: Int) {
      guard let expected = recorded.states[number] else { return }
      #expect(
        replayer.isSameState(state, expected),
        "step \(number): \(String(customDumping: state)) is not \(String(customDumping: expected))"
      )
    }
    // The states in one pass from the start, as `forEachState` goes, a hundred steps at a time:
    // the main actor is every test's, and thousands of replays at once held it for seconds
    // (other tests' TCA `receive`s time out after one).
    var checked = 0
    var state = history.initialState
    for index in 0..<history.steps.count {
      history.advance(&state, past: index)
      if recorded.states[index + 1] != nil { checked += 1 }
      expectSame(state, index + 1)
      if index % 100 == 99 { await Task.yield() }
    }
    #expect(checked == recorded.states.keys.filter { $0 > 0 && $0 <= history.steps.count }.count)
    for number in jumps {
      await Task.yield()
      _ = try session.perform(.jump(number))
      expectSame(store.driver.state, number)
    }
  }

  /// 5,200 steps (past the 1,000 the history used to keep), edits among them, reached from the
  /// start and from checkpoints after every step or none.
  @Test(arguments: [Duration.zero, .seconds(3_600)])
  func keepsEveryStepOfALongSession(budget: Duration) async throws {
    let session = try self.session(testCatalog, "DemoForEach", budget: budget)
    var recorded = Recorded()
    for round in 0..<5_200 {
      // Two rows added and one removed every 13 rounds (so that the state stays small), the
      // other toggled, the rows reversed.
      let block = round / 13
      let input: String
      switch round % 13 {
      case _ where round % 1_000 == 999: input = "store.state.stackData[id: \(block * 2 + 2)]?.text = \"edited\""
      case 0, 1: input = "store.send(.addItem)"
      case 7: input = "store.send(.shuffle)"
      case 11: input = "store.send(.child(id: \(block * 2 + 1), action: .remove))"
      default: input = "store.send(.child(id: \(block * 2 + 2), action: .toggle))"
      }
      await recorded.run(input, in: session)
    }
    let storage = try #require(session.historyStorage())
    #expect(storage.stepCount == 5_200)
    #expect(storage.recordedCount == 5_200)
    let listing = HistoryText.text(try session.perform(.history())).split(separator: "\n")
    #expect(listing.count == 5_201)
    #expect(listing.first == "     0  start  DemoForEachState")
    #expect(listing[1] == "     1  send   DemoForEachAction.addItem")
    #expect(listing.last == "* 5200  send   DemoForEachAction.child(id:, action: .toggle)")
    // The edits keep their states; every action replays to the state recorded.
    #expect(storage.pinned == [1_000, 2_000, 3_000, 4_000, 5_000])
    if budget == .zero { #expect(storage.checkpoints.count == 5_200 - 5 - 1) }
    if budget == .seconds(3_600) { #expect(storage.checkpoints.isEmpty) }
    try await self.expectHistoryHolds(recorded, in: session, jumpingTo: [5_000, 1, 4_321, 4_999, 2_600])
  }

  @Test(arguments: budgets)
  func replaysIdsRandomNumbersTimesAndStackIdsAsRecorded(budget: Duration) async throws {
    let session = try self.session(ledgerCatalog, "Ledger", budget: budget)
    var recorded = Recorded()
    for _ in 0..<40 {
      await recorded.run("store.send(.add)", in: session)
      await recorded.run("store.send(.wait)", in: session)
      // The effect takes an id between the two steps: `tick` gets the one after.
      await recorded.run("store.advance(by: .seconds(1))", in: session)
      await recorded.run("store.send(.push)", in: session)
      await recorded.run("store.send(.add)", in: session)
    }
    let storage = try #require(session.historyStorage())
    #expect(storage.stepCount == 200)
    #expect(storage.pinned.isEmpty)
    try await self.expectHistoryHolds(recorded, in: session, jumpingTo: [199, 3, 100])
    let ticked = String(customDumping: try #require(recorded.states[3]))
    #expect(ticked.contains("id: UUID(00000000-0000-0000-0000-000000000002)"))
    #expect(ticked.contains(#"time: "Instant(offset: 1.0 seconds)""#))
  }

  /// Unchecked (sampled verification with no time to spend), every step still replays to the
  /// state recorded; the history holds the states it keeps and at most the last two others.
  @Test(arguments: budgets)
  func uncheckedStepsReplayAsRecordedAndHoldNoStates(budget: Duration) async throws {
    let session = try self.session(ledgerCatalog, "Ledger", budget: budget, verification: .sampled(share: 0))
    var recorded = Recorded()
    for round in 0..<300 {
      let input = ["store.send(.add)", "store.send(.wait)", "store.advance(by: .seconds(1))", "store.send(.push)"][round % 4]
      await recorded.run(input, in: session)
      let history = try #require(session.environment.currentStore).history
      let held = self.heldStates(history)
      #expect(held.transient <= 2, "after \(history.steps.count) steps")
      #expect(held.kept == history.steps.filter(\.keepsState).count)
    }
    let history = try #require(session.environment.currentStore).history
    #expect(history.steps.count == 300)
    #expect(history.steps.allSatisfy { $0.retention != .pinned(.differsOnReplay) })
    if budget == .seconds(3_600) {
      // One state per step at most: none kept but the last two.
      #expect(self.heldStates(history).kept == 0)
    }
    try await self.expectHistoryHolds(recorded, in: session, jumpingTo: [299, 3, 150])
  }

  @Test func aReducerWhoseReplayDiffersKeepsItsState() async throws {
    let session = try self.session(ledgerCatalog, "Ledger", budget: .seconds(3_600))
    var recorded = Recorded()
    for input in [".add", ".draw", ".add", ".draw", ".draw", ".push", ".add"] {
      await recorded.run("store.send(\(input))", in: session)
    }
    let history = try #require(session.environment.currentStore).history
    #expect(try #require(session.historyStorage()).pinned == [2, 4, 5])
    #expect((0..<6).map { history.steps[$0].retention } == [
      .replayed, .pinned(.differsOnReplay), .replayed, .pinned(.differsOnReplay), .pinned(.differsOnReplay), .replayed,
    ])
    // The states are the ones the reducer gave when the actions were sent, not a replay's.
    try await self.expectHistoryHolds(recorded, in: session, jumpingTo: [4, 6, 2])
  }

  @Test func aGeneratorThePlaygroundDoesntOwnIsNeverCalledByReplays() async throws {
    let session = Session(catalog: stampCatalog)
    session.printer.mode = .off
    var recorded = Recorded()
    await recorded.run("let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { $0.uuid = .incrementing }", in: session)
    let stamp = "$0.stamps.append(Date(timeIntervalSince1970: 1_700_000_000))"
    for (id, name) in ["Blob", "Blob Jr", "Blob Sr"].enumerated() {
      await recorded.run("store.send(.stamp) { $0.ids.append(UUID(\(id))); \(stamp) }", in: session)
      await recorded.run("store.send(.greet(\"\(name)\")) { $0.greeting = \"Hello, \(name)\" }", in: session)
    }
    // The test's generator handed out 0, 1, 2: checking the steps' replays took none of its ids.
    #expect(await session.run("store.state.ids.count").map(\.text) == ["3"])
    let storage = try #require(session.historyStorage())
    #expect(storage.pinned == [1, 3, 5])
    let history = try #require(session.environment.currentStore).history
    #expect(history.steps[0].retention == .pinned(.usedUncontrolledGenerator))
    try await self.expectHistoryHolds(recorded, in: session)
  }

  @Test(arguments: budgets)
  func skipAcrossCheckpointsIsAsIfTheStepNeverHappened(budget: Duration) async throws {
    let inputs = (0..<300).map { round in
      round % 3 == 2 ? "store.send(.child(id: \(round / 2), action: .toggle))" : "store.send(.addItem)"
    }
    let session = try self.session(testCatalog, "DemoForEach", budget: budget)
    var recorded = Recorded()
    for input in inputs { await recorded.run(input, in: session) }
    // The same inputs without the tenth.
    let without = try self.session(testCatalog, "DemoForEach", budget: budget)
    var expected = Recorded()
    for (index, input) in inputs.enumerated() where index != 9 { await expected.run(input, in: without) }

    _ = try session.perform(.skip(10))
    let store = try #require(session.environment.currentStore)
    #expect(store.driver.replayer.isSameState(store.driver.state, try #require(expected.states[299])))
    var shifted = Recorded()
    for (number, state) in expected.states { shifted.states[number < 10 ? number : number + 1] = state }
    shifted.states[10] = expected.states[9]
    try await self.expectHistoryHolds(shifted, in: session, jumpingTo: [300, 150])
    _ = try session.perform(.jump(300))
    _ = try session.perform(.unskip(10))
    try await self.expectHistoryHolds(recorded, in: session, jumpingTo: [300, 11])
  }

  @Test(arguments: budgets)
  func branchesShareTheirStepsBeforeTheFork(budget: Duration) async throws {
    let session = try self.session(testCatalog, "DemoForEach", budget: budget)
    var main = Recorded()
    for round in 0..<2_500 {
      await main.run(round % 4 == 0 ? "store.send(.addItem)" : "store.send(.child(id: \(round / 4 + 1), action: .toggle))", in: session)
    }
    _ = try session.perform(.jump(1_200))
    var branch = Recorded()
    branch.states = main.states.filter { $0.key <= 1_200 }
    for round in 0..<300 {
      await branch.run(round % 2 == 0 ? "store.send(.shuffle)" : "store.send(.child(id: \(round), action: .remove))", in: session)
    }
    #expect(HistoryText.text(try session.perform(.branches())) == """
      * branch-1  1500 steps (current)  last: DemoForEachAction.child(id:, action: .remove)
        main      2500 steps, forked after step 1200  last: DemoForEachAction.child(id:, action: .toggle)
      """)
    try await self.expectHistoryHolds(branch, in: session, jumpingTo: [1_500, 1_201, 1_199])
    _ = try session.perform(.switchBranch("main"))
    try await self.expectHistoryHolds(main, in: session, jumpingTo: [2_500, 1_201])
    #expect(try #require(session.historyStorage()).recordedCount == 2_800)
  }
}

/// The list the history's timelines are kept in.
@Suite struct ChunkedListTests {
  @Test func copiesShareChunksAndChangeIndependently() {
    var list = ChunkedList<Int>()
    for value in 0..<3_000 { list.append(value) }
    #expect(list.count == 3_000)
    #expect(Array(list) == Array(0..<3_000))
    var copy = list
    copy.removeSuffix(from: 1_500)
    copy.append(-1)
    copy[10] = -10
    #expect(copy.count == 1_501)
    #expect(copy[1_500] == -1)
    #expect(copy[10] == -10)
    #expect(Array(list) == Array(0..<3_000))
    copy.removeSuffix(from: 1_024)
    #expect(Array(copy) == [Int](0..<10) + [-10] + [Int](11..<1_024))
    copy.removeSuffix(from: 0)
    #expect(copy.isEmpty)
    copy.append(7)
    #expect(Array(copy) == [7])
  }
}
