import Foundation
import Testing
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
}
