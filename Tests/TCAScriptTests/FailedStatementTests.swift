import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// No cascades: a name whose defining statement failed is reported as such where it is used,
/// with the failed statement's first line, instead of "cannot find … in scope" or whatever the
/// later statement would have complained about.
@MainActor
@Suite struct FailedStatementTests {
  func texts(_ script: String, firstLine: Int = 1, in session: Session? = nil) async -> [String] {
    let session = session ?? Session(catalog: testCatalog)
    return await session.run(script, firstLine: firstLine).filter { $0.kind == .error }.map(\.text)
  }

  @Test func aStoreWhoseLetFailedIsReportedAtItsUses() async {
    let errors = await self.texts("""
      let a = 1
      let store = TestStore(
        initialState: DemoForEachState(), reducer: demoForEachReducr, environment: .mock
      )
      store.send(.addItem) { $0.lastId = 1 }
      store.exhaustivity = .off
      let count = store.state.lastId
      #expect(count == 1)
      """)
    #expect(errors.count == 5)
    #expect(errors[0].hasPrefix("3:46: error: cannot find reducer 'demoForEachReducr' in the catalog"))
    #expect(Array(errors.dropFirst()) == [
      "5:1: error: 'store' isn't defined: line 2 failed\n  store.send(.addItem) { $0.lastId = 1 }\n  ^~~~~",
      "6:1: error: 'store' isn't defined: line 2 failed\n  store.exhaustivity = .off\n  ^~~~~",
      "7:13: error: 'store' isn't defined: line 2 failed\n  let count = store.state.lastId\n              ^~~~~",
      "8:9: error: 'count' isn't defined: line 7 failed\n  #expect(count == 1)\n          ^~~~~",
    ])
  }

  @Test func theLineNumbersAreTheSessions() async {
    let session = Session(catalog: testCatalog)
    #expect(await self.texts("let x = missing", firstLine: 10, in: session).first?.hasPrefix("10:9: error: cannot find 'missing' in scope") == true)
    #expect(await self.texts("x + 1", firstLine: 12, in: session) == ["12:1: error: 'x' isn't defined: line 10 failed\n  x + 1\n  ^"])
  }

  @Test func definingTheNameAgainEndsTheStory() async {
    let session = Session(catalog: testCatalog)
    _ = await session.run("let x = missing")
    #expect(await session.run("let x = 2").map(\.text) == [])
    #expect(await session.run("x + 1").map(\.text) == ["3"])
    // A later failure of the same `let` keeps the value that is bound.
    _ = await session.run("let x = missing")
    #expect(await session.run("x + 1").map(\.text) == ["3"])
  }

  @Test func closureParametersAndOtherErrorsAreLeftAlone() async {
    let session = Session(catalog: testCatalog)
    _ = await session.run("let item = missing")
    // An error that has nothing to do with the failed name is reported as it is.
    #expect(await self.texts("1 + \"a\"", in: session).first?.hasPrefix("1:1: error: binary operator '+'") == true)
    // So is a statement's own error that comes before its use of the failed name.
    #expect(await self.texts("1 + \"a\" + item", in: session).first?.hasPrefix("1:1: error: binary operator '+'") == true)
    #expect(await self.texts("item + 1", in: session) == ["1:1: error: 'item' isn't defined: line 1 failed\n  item + 1\n  ^~~~"])
    // A name that was never defined is still "cannot find".
    #expect(await self.texts("other", in: session).first?.hasPrefix("1:1: error: cannot find 'other' in scope") == true)
  }

  @Test func namesAndReferencesOfStatements() throws {
    let statements = try Parser.parse("""
      guard let a = b else { return }
      for x in xs where x > limit { print(x, y) }
      let z = items.filter { item in item.id == wanted }
      """)
    #expect(statements.map(\.definedNames) == [["a"], [], ["z"]])
    #expect(statements.map { $0.references.map(\.0) } == [["b"], ["xs", "limit", "print", "y"], ["items", "wanted"]])
  }
}
