import Foundation
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

@MainActor
@Suite struct TestExportTests {
  /// The session whose export is checked in as Generated/ReplaysDemoForEachSession.swift, which
  /// compiles and runs as part of this test target: the proof that exported tests compile and
  /// pass.
  func exportedSource() async throws -> String {
    let session = Session(catalog: testCatalog)
    session.printer.mode = .off
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    await session.run("store.send(.addItem)")
    await session.run("store.send(.addItem)")
    await session.run("store.send(.child(id: 1, action: .toggle))")
    await session.run("store.send(.didLoad)")
    await self.letEffectsFinish(in: session)
    await session.run("store.send(.child(id: 2, action: .remove))")
    return try session.testExportSource(
      module: "", reducer: "DemoForEach(environment: { .mock })", testName: "replaysDemoForEachSession"
    )
  }

  /// Waits (up to 5 seconds) until the current store has no effect in flight. `didLoad`'s effect
  /// runs on the global executor in this test process, and on a loaded machine it sometimes
  /// delivered its action after the next statement, which the export then recorded in the other
  /// order. (tcaplay runs effects on the main serial executor, where the send's own settling
  /// lets it deliver.)
  func letEffectsFinish(in session: Session) async {
    let deadline = ContinuousClock.now + .seconds(5)
    while let store = session.environment.currentStore, store.driver.inFlightEffectCount > 0,
      ContinuousClock.now < deadline
    {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  @Test func exportMatchesTheCheckedInGeneratedTest() async throws {
    let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Generated/ReplaysDemoForEachSession.swift")
    let source = try await self.exportedSource()
    let checkedIn = try String(contentsOf: generated, encoding: .utf8)
    #expect(source == checkedIn)
  }

  /// A legacy feature of the catalog exports with its reducer and the store's environment, and
  /// each assertion assigns the smallest changed paths.
  @Test func aLegacyFeatureExportsWithoutBeingToldItsReducer() async throws {
    let session = Session(catalog: testCatalog)
    session.printer.mode = .off
    await session.run("let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    await session.run("store.send(.addItem) { $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: \"Data 1\", isActive: true)) }")
    await session.run("store.send(.child(id: 1, action: .toggle)) { $0.stackData[id: 1]?.isActive = false }")
    let source = try session.testExportSource(module: "")
    #expect(source.contains("""
        let store = TestStore(initialState: DemoForEachState(stackData: [], lastId: 0)) {
          Reduce(demoForEachReducer, environment: .mock)
        }
      """))
    #expect(source.contains("""
        await store.send(.child(id: 1, action: .toggle)) {
          $0.stackData[id: 1]?.isActive = false
        }
      """))
  }

  @Test func editsCannotBeExported() async {
    let session = Session(catalog: testCatalog)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    await session.run("store.state.lastId = 3")
    #expect(throws: ScriptError.self) { try session.testExportSource(module: "", reducer: "DemoForEach(environment: { .mock })") }
  }
}
