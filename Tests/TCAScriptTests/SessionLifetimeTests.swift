import Foundation
import Testing
import FeatureCatalog
import PlaygroundHost
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// A session and its stores are freed when the last reference goes: one process can make
/// session after session (the fuzzer does, a notebook suite does) without growing.
@MainActor
@Suite struct SessionLifetimeTests {
  @Test func aSessionWithStoresIsFreed() async {
    weak var released: Session?
    do {
      let session = Session(catalog: testCatalog)
      await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
      await session.run("store.send(.addItem)")
      await session.run("let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
      await session.run("t.send(.addItem) { $0.lastId = 1 }")
      released = session
    }
    #expect(released == nil)
  }

  /// A playground store's reducer reaches back to it (for its environment and printer): weakly,
  /// or every store a session makes would stay alive. Found by the evaluator fuzzer, whose memory
  /// grew by ~6 KB an input.
  @Test(arguments: [false, true])
  func aPlaygroundStoreIsFreed(isTestStore: Bool) throws {
    let feature = try #require(testCatalog.features.first { $0.name == "DemoForEach" })
    weak var released: (any StoreDriver)?
    do {
      let driver = try feature.makeStore(
        StoreConfiguration(initialState: DemoForEachState(), isTestStore: isTestStore, printer: ChangePrinter())
      )
      released = driver
      #expect(released != nil)
    }
    #expect(released == nil)
  }
}
