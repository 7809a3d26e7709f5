import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

@MainActor
@Suite struct BindingTests {
  @Test func mutatingMethodsAndReassignmentOnBindings() async {
    let session = Session(catalog: testCatalog)
    await session.run("var list = DemoForEachState(stackData: [DemoItemState(id: 1, text: \"a\", isActive: true), DemoItemState(id: 2, text: \"b\", isActive: true)], lastId: 2)")
    #expect(await session.run("list.stackData.remove(id: 1)").isEmpty)
    #expect(await session.run("list.stackData.ids").map(\.text) == ["[\n  [0]: 2\n]"])
    #expect(await session.run("list.stackData[id: 2]?.isActive.toggle()").isEmpty)
    #expect(await session.run("list.stackData.first?.isActive").map(\.text) == ["false"])
    await session.run("var flag = true")
    await session.run("flag = !flag")
    #expect(await session.run("flag").map(\.text) == ["false"])
    #expect(await session.run("/DemoForEachAction.child").map(\.text) == ["AnyCasePath<DemoForEachAction, CasePayload>"])
    #expect(await session.run("list.stackData.isEmpty").map(\.text) == ["false"])
  }
}
