import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

@MainActor
@Suite struct HistoryTests {
  func session() async -> Session {
    let session = Session(catalog: testCatalog)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    session.printer.mode = .off
    return session
  }

  @Test func whyNamesTheLastAppliedStepThatChangedTheValue() async throws {
    let session = await self.session()
    await session.run("store.send(.addItem)")
    await session.run("store.state.lastId = 10")
    await session.run("store.send(.addItem)")
    #expect(try session.why(StatePath(parsing: "\\.lastId")).get().lines == ["step 3  DemoForEachAction.addItem  set \\.lastId = 11  typed"])
    // Undone steps don't count; an edit is a cause of its own.
    _ = try session.perform(.undo())
    #expect(try session.why(StatePath(parsing: "lastId")).get().lines == ["step 2  store.state.lastId = 10  set \\.lastId = 10  edited by hand"])
    #expect(try session.why(StatePath(parsing: ".stackData")).get().lines.first?.hasPrefix("step 1  DemoForEachAction.addItem  set \\.stackData = [") == true)
    // A value no step changed.
    await session.run("let other = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    #expect(try session.why(StatePath(parsing: "\\.lastId")).get().lines == ["\\.lastId hasn't changed since the start: it is 0"])
  }

  @Test func recordsUndoesRedoesAndJumps() async throws {
    let session = await self.session()
    for _ in 0..<3 { await session.run("store.send(.addItem)") }
    await session.run("store.send(.child(id: 2, action: .toggle))")
    await session.run("store.state.lastId = 10")
    #expect(
      HistoryText.text(try session.perform(.history())) == """
          0  start  DemoForEachState
          1  send   DemoForEachAction.addItem
          2  send   DemoForEachAction.addItem
          3  send   DemoForEachAction.addItem
          4  send   DemoForEachAction.child(id:, action: .toggle)
        * 5  edit   store.state.lastId = 10
        """
    )
    let undo = HistoryText.text(try session.perform(.undo()))
    #expect(undo == "At step 4 of 5.\n  DemoForEachState(\n    stackData: […],\n-   lastId: 10\n+   lastId: 3\n  )")
    _ = try session.perform(.undo())
    #expect(await session.run("store.state.stackData[id: 2]?.isActive").map(\.text) == ["true"])
    _ = try session.perform(.redo())
    #expect(await session.run("store.state.stackData[id: 2]?.isActive").map(\.text) == ["false"])
    _ = try session.perform(.jump(1))
    #expect(await session.run("store.state.stackData.count").map(\.text) == ["1"])
    #expect(HistoryText.text(try session.perform(.history(filter: "toggle"))) == "  4  send   DemoForEachAction.child(id:, action: .toggle)  (undone)")
    // A new action after going back leaves the undone steps out of the timeline (they are kept
    // as a branch: BranchTests).
    await session.run("store.send(.shuffle)")
    #expect(HistoryText.text(try session.perform(.history())).split(separator: "\n").count == 3)
  }

  @Test func diffBetweenSteps() async throws {
    let session = await self.session()
    await session.run("store.send(.addItem)")
    await session.run("store.send(.addItem)")
    #expect(
      HistoryText.text(try session.perform(.diff(from: 1, to: 2))) == """
          DemoForEachState(
            stackData: [
              [0]: DemoItemState(…),
        +     [1]: DemoItemState(
        +       id: 2,
        +       text: "Data 2",
        +       isActive: true
        +     )
            ],
        -   lastId: 1
        +   lastId: 2
          )
        """
    )
    #expect(throws: ScriptError("no step 9", at: nil)) { try session.perform(.diff(from: 1, to: 9)) }
  }

  @Test func skipRecomputesLaterStatesWithoutTheStep() async throws {
    let session = await self.session()
    await session.run("store.send(.addItem)")
    await session.run("store.send(.addItem)")
    await session.run("store.send(.child(id: 1, action: .remove))")
    let skipped = HistoryText.text(try session.perform(.skip(1)))
    #expect(skipped.hasPrefix("Skipped step 1; the current state changes:"))
    // Without the first addItem, the second one creates item 1, which step 3 then removes.
    #expect(await session.run("store.state").map(\.text) == ["DemoForEachState(\n  stackData: [],\n  lastId: 1\n)"])
    _ = try session.perform(.unskip(1))
    #expect(await session.run("store.state.stackData.count").map(\.text) == ["1"])
    #expect(throws: ScriptError("no step 7 (steps 1…3)", at: nil)) { try session.perform(.skip(7)) }
  }

  @Test func aSessionRecordingNoHistoryStillDrivesItsStores() async throws {
    let session = Session(catalog: testCatalog)
    session.recordsHistory = false
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    let changes = await session.run("store.send(.addItem)")
    #expect(changes.map(\.kind) == [.changes])
    #expect(HistoryText.text(try session.perform(.history())) == "* 0  start  DemoForEachState")
    #expect(await session.run("store.state.stackData.count").map(\.text) == ["1"])
    // Labels are made when read: a listing names the action as it was sent.
    session.recordsHistory = true
    await session.run("let other = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    await session.run("other.send(.child(id: 7, action: .toggle))")
    #expect(HistoryText.text(try session.perform(.history(store: "other"))).hasSuffix("1  send   DemoForEachAction.child(id:, action: .toggle)"))
  }

  /// The recording hook holds the store's driver unowned: the store's handle removes it as it
  /// goes, so a driver something else keeps sends without recording (or reaching a freed one).
  @Test func aStoreThatGoesTakesItsRecordingHookWithIt() async throws {
    let session = await self.session()
    await session.run("store.send(.addItem)")
    // (The handle itself isn't kept.)
    let recorder = try #require(session.environment.storesByName["store"]).historyRecorder
    let driver = try #require(session.environment.storesByName["store"]).driver
    #expect(driver.onReduce != nil)
    #expect(recorder.history.lastNumber == 1)
    session.reset()
    #expect(driver.onReduce == nil)
    _ = try driver.sendNow(DemoForEachAction.addItem, assert: nil)
    #expect(recorder.history.lastNumber == 1)
  }
}
