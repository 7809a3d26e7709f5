import Foundation
import Testing
@testable import TCAScript

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
    await session.run("store.send(.child(id: 2, action: .remove))")
    return try session.testExportSource(
      module: "", reducer: "DemoForEach(environment: { .mock })", testName: "replaysDemoForEachSession"
    )
  }

  @Test func exportMatchesTheCheckedInGeneratedTest() async throws {
    let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Generated/ReplaysDemoForEachSession.swift")
    let source = try await self.exportedSource()
    let checkedIn = try String(contentsOf: generated, encoding: .utf8)
    #expect(source == checkedIn)
  }

  @Test func editsCannotBeExported() async {
    let session = Session(catalog: testCatalog)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    await session.run("store.state.lastId = 3")
    #expect(throws: ScriptError.self) { try session.testExportSource(module: "", reducer: "DemoForEach(environment: { .mock })") }
  }
}
