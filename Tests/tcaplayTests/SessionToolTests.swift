import Foundation
import Testing

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
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-journal-\(UUID().uuidString).tca").path
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
}
