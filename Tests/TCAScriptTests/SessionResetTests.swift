import Foundation
import Testing
import PlaygroundHost
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// `Session.reset()` starts over in place: a reset session runs a script as a new one does, and
/// the stores it had are gone (so are their effects).
@MainActor
@Suite struct SessionResetTests {
  static let script = """
    let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
    store.send(.addItem)
    store.state.lastId
    let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
    t.send(.addItem) { $0.lastId = 2 }
    """

  @Test func aResetSessionRunsAScriptAsANewOneDoes() async {
    let fresh = await Session(catalog: testCatalog).run(Self.script)
    let session = Session(catalog: testCatalog)
    await session.run("let extra = 41")
    await session.run(Self.script)
    await session.run("store.send(.addItem)")
    session.reset()
    let again = await session.run(Self.script)
    #expect(again == fresh)
    #expect(again.contains { $0.kind == .failure })  // The TestStore's expectation is wrong in both.
    // Names from before the reset are unknown, as in a new session.
    let unknown = await session.run("extra")
    let newUnknown = await Session(catalog: testCatalog).run("extra")
    #expect(unknown == newUnknown)
    #expect(unknown.first?.kind == .error)
    #expect(session.storeNames == ["store", "t"])
  }

  @Test func aResetDropsTheStoresItHad() async throws {
    let session = Session(catalog: testCatalog)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    weak var driver: (any StoreDriver)?
    driver = try #require(session.environment.storesByName["store"]).driver
    #expect(driver != nil)
    session.reset()
    #expect(driver == nil)
    #expect(session.storeNames == [])
    #expect(session.currentStoreName == nil)
  }
}
