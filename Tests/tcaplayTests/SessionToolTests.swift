import Foundation
import Testing
import TestSupport

/// The session tools as a user drives them: time travel commands, and resuming after a crash.
@Suite struct SessionToolTests {
  @Test func historyUndoSkipThroughThePipe() async throws {
    let script = """
      :load DemoForEach
      :print off
      store.send(.addItem)
      store.send(.addItem)
      store.send(.child(id: 1, action: .remove))
      :history
      :undo
      store.state.stackData.count
      :redo
      :skip 1
      store.state.lastId
      :diff 0 2
      """
    let result = try await Binary.run([], input: script)
    #expect(result.status == 0)
    #expect(result.output.contains("""
        0  start  DemoForEachState
        1  send   DemoForEachAction.addItem
        2  send   DemoForEachAction.addItem
      * 3  send   DemoForEachAction.child(id:, action: .remove)
      """))
    #expect(result.output.contains("At step 2 of 3."))
    #expect(result.output.contains("Skipped step 1; the current state changes:"))
  }

  @Test func aCrashedSessionResumesFromItsJournal() async throws {
    let journal = TestScratch.path("journal.tca").path
    var environment = Binary.environment(history: nil)
    environment["TCAPLAY_JOURNAL"] = journal
    // The lesson's cart keeps the lesson's arithmetic: a huge quantity overflows Int and traps,
    // ending the process the way a buggy reducer would.
    let crash = try await Binary.run([], input: """
      :load CartPage loaded
      store.send(.product(id: 1, action: .didTapPlus))
      store.send(.product(id: 1, action: .didTapPlus))
      store.send(.product(id: 1, action: .textDidChange("9999999999999999")))
      store.state.totalPrice
      """, environment: environment)
    #expect(crash.status != 0)
    let resumed = try await Binary.run(["--resume"], input: """
      :print off
      :history
      """, environment: environment)
    #expect(resumed.output.contains("Replayed 4 statements from"))
    #expect(resumed.output.contains("1  send   CartPageAction.product(id:, action: .didTapPlus)"))
    #expect(resumed.output.contains("2  send   CartPageAction.product(id:, action: .didTapPlus)"))
  }

  @Test func aJournalCutMidLineResumesToItsLastCompleteStatement() async throws {
    let journal = TestScratch.path("journal.tca")
    // The process died while writing the third statement.
    try "// tcaplay journal\n:load DemoForEach\nstore.send(.addItem)\nstore.send(.addI"
      .write(to: journal, atomically: true, encoding: .utf8)
    var environment = Binary.environment(history: nil)
    environment["TCAPLAY_JOURNAL"] = journal.path
    let resumed = try await Binary.run(["--resume"], input: "store.state.lastId\n", environment: environment)
    #expect(resumed.status == 0, "\(resumed.output)\(resumed.error)")
    #expect(resumed.output.contains("Replayed 2 statements from"))
    #expect(resumed.output.hasSuffix("\n1\n"))
  }

  @Test func twoSessionsAtOnceNeverShareAJournal() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let journal = folder.url.appendingPathComponent("journal.tca")
    var environment = Binary.environment(history: nil)
    environment["TCAPLAY_JOURNAL"] = journal.path
    let first = try PseudoTerminal(executable: Binary.tcaplay, arguments: [], environment: environment)
    try await first.expect("tca> ")
    first.type(":load DemoForEach\r")
    try await first.expect("tca> ")
    // While the first session runs, a second one journals beside it.
    let second = try await Binary.run([], input: ":load DemoForEach\nstore.send(.shuffle)\n", environment: environment)
    #expect(second.output.hasPrefix(
      "Another tcaplay is journaling to \(journal.path); this session journals to \(folder.path)/journal-2.tca.\n"
    ))
    first.type("store.send(.addItem)\r")
    try await first.expect("tca> ")
    first.type(PseudoTerminal.ctrlD)
    #expect(try await first.waitForExit() == 0)
    #expect(try String(contentsOf: journal, encoding: .utf8) == "// tcaplay journal\n:load DemoForEach\nstore.send(.addItem)\n")
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("journal-2.tca"), encoding: .utf8)
        == "// tcaplay journal\n:load DemoForEach\nstore.send(.shuffle)\n"
    )
  }
}

/// Branches through the real binary, piped: the old future kept, listed, switched to, compared,
/// and a saved session that replays to the same timelines.
@Suite struct BranchBinaryTests {
  @Test func aSendAfterJumpingBackKeepsTheOldFutureAsABranch() async throws {
    let saved = Binary.temporaryPath("branches.tca")
    defer { try? FileManager.default.removeItem(atPath: saved) }
    let input = """
      :load DemoForEach
      store.send(.addItem)
      store.send(.addItem)
      :jump 1
      store.send(.child(id: 1, action: .toggle))
      :branches
      :switch main
      :diff branch-1
      :switch mian
      :save \(saved)
      """
    let run = try await Binary.run([], input: input + "\n")
    #expect(run.status == 1, "the mistyped branch is an error")
    #expect(run.output.contains("""
      * branch-1  2 steps (current)  last: DemoForEachAction.child(id:, action: .toggle)
        main      2 steps, forked after step 1  last: DemoForEachAction.addItem
      """))
    #expect(run.output.contains("On branch main, at step 2.\n"))
    #expect(run.output.contains("error: no branch named 'mian'; did you mean 'main'?; ':branches' lists them\n"))
    #expect(run.output.contains("Saved 6 statements to \(saved).\n"))
    // The saved session records the travel, so opening it rebuilds both timelines.
    let replay = try await Binary.run([], input: ":open \(saved)\n:branches\nstore.state.stackData.count\n")
    #expect(replay.output.contains("""
      * main      2 steps (current)  last: DemoForEachAction.addItem
        branch-1  2 steps, forked after step 1  last: DemoForEachAction.child(id:, action: .toggle)
      """), "\(replay.output)")
    #expect(replay.output.hasSuffix("\n2\n"))
    // Saved ending on the other branch, it opens there.
    let onBranch = Binary.temporaryPath("branch-1.tca")
    defer { try? FileManager.default.removeItem(atPath: onBranch) }
    let saving = try await Binary.run([], input: ":open \(saved)\n:save \(onBranch) --branch branch-1\n:save \(onBranch)x --branch nope\n")
    #expect(saving.output.contains("Saved 7 statements to \(onBranch).\n"), "\(saving.output)")
    #expect(saving.output.contains("error: no branch named 'nope' in the current store; ':branches' lists them\n"))
    let reopened = try await Binary.run([], input: ":open \(onBranch)\n:branches\nstore.state.stackData.count\n")
    #expect(reopened.output.contains("* branch-1  2 steps (current)"), "\(reopened.output)")
    #expect(reopened.output.hasSuffix("\n1\n"))
  }
}
