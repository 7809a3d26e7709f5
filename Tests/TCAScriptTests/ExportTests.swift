import Foundation
import Testing
import TestSupport
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

@MainActor
@Suite struct ExportTests {
  func temporaryURL(_ name: String) -> URL {
    TestScratch.path(name)
  }

  @Test func saveAndOpenReplaysTheSession() async throws {
    let session = Session(catalog: testCatalog)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    await session.run("store.send(.addItem)")
    await session.run("store.state.stackData")
    await session.run("store.send(.child(id: 1, action: .toggle))")
    await session.run("store.state.lastId = 7")
    #expect(session.transcript == [
      "let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)",
      "store.send(.addItem)",
      "store.send(.child(id: 1, action: .toggle))",
      "store.state.lastId = 7",
    ])
    let url = self.temporaryURL("session.tca")
    #expect(HistoryText.text(try session.save(to: url)) == "Saved 4 statements to \(url.path).")
    #expect(throws: ScriptError("\(url.path) exists; add '!' (:save! FILE) to overwrite it", at: nil)) {
      try session.save(to: url)
    }

    let fresh = Session(catalog: testCatalog)
    fresh.printer.mode = .off
    let outputs = try await fresh.open(url)
    #expect(outputs.last == Session.Output(.info, "Replayed 4 statements from \(url.lastPathComponent)."))
    #expect(await fresh.run("store.state").map(\.text) == ["DemoForEachState(\n  stackData: [\n    [0]: DemoItemState(\n      id: 1,\n      text: \"Data 1\",\n      isActive: false\n    )\n  ],\n  lastId: 7\n)"])
  }

  @Test func openListsStatementsThatNoLongerApply() async throws {
    let url = self.temporaryURL("old.tca")
    try Data("""
      // an export from an older version of the feature
      let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
      store.send(.addItem)
      store.send(.archiveItem(id: 1))
      store.send(.addItem)
      """.utf8).write(to: url)
    let session = Session(catalog: testCatalog)
    session.printer.mode = .off
    let outputs = try await session.open(url)
    #expect(outputs.last == Session.Output(.error, """
      Replayed 3 of 4 statements from \(url.lastPathComponent); these no longer apply:
        \(url.lastPathComponent):4:13: error: 'archiveItem' is not a case of DemoForEachAction
      """))
    #expect(await session.run("store.state.lastId").map(\.text) == ["2"])
  }

  @Test func journalRecordsAsItGoesAndResumes() async throws {
    let url = self.temporaryURL("journal.tca")
    let session = Session(catalog: testCatalog)
    session.journal = try Journal(url: url)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    await session.run("store.send(.addItem)")
    await session.run("store.state.lastId")
    let journal = try String(contentsOf: url, encoding: .utf8)
    #expect(journal == "// tcaplay journal\nlet store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)\nstore.send(.addItem)\n")
    let resumed = Session(catalog: testCatalog)
    resumed.printer.mode = .off
    _ = try await resumed.resume(from: url)
    #expect(await resumed.run("store.state.lastId").map(\.text) == ["1"])
  }

  @Test func openingAMissingFileIsAnError() async {
    let session = Session(catalog: testCatalog)
    await #expect(throws: ScriptError.self) { try await session.open(URL(fileURLWithPath: "/nonexistent/x.tca")) }
  }
}
