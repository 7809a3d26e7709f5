import Testing
@testable import ScriptEvaluation
@testable import TCAScript
import TCAScriptSyntax

/// A compiled send finds its store again without a lookup by name only in the environment it
/// was compiled in: two sessions in one process share no bindings version.
@MainActor
@Suite struct CompiledSendEnvironmentTests {
  func session() async -> Session {
    let session = Session(catalog: testCatalog)
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    session.printer.mode = .off
    return session
  }

  func lastId(_ session: Session) -> Int? {
    (session.state(ofStore: "store") as? DemoForEachState)?.lastId
  }

  @Test func aCompiledSendRunInAnotherEnvironmentSendsToThatEnvironmentsStore() async throws {
    let first = await self.session()
    let second = await self.session()
    // A send is compiled after it ran once through the interpreter (which recorded its plan).
    await first.run("store.send(.addItem)")
    await second.run("store.send(.addItem)")
    // Both environments bound the same names the same number of times.
    #expect(first.environment.bindingsVersion == second.environment.bindingsVersion)
    let statement = try #require(try Parser.parse("store.send(.addItem)").first)
    let send = try #require(CompiledSend(statement, environment: first.environment, evaluator: first.evaluator))
    // Run once where it was compiled: the store found is cached there.
    _ = try send.run(environment: first.environment, evaluator: first.evaluator, hooks: first.history.hooks)
    #expect(self.lastId(first) == 2)
    // The same version in the other environment is no reason to trust the cached store.
    _ = try send.run(environment: second.environment, evaluator: second.evaluator, hooks: second.history.hooks)
    #expect(self.lastId(first) == 2)
    #expect(self.lastId(second) == 2)
  }
}
