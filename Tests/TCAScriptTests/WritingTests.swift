import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

@MainActor
@Suite struct WritingTests {
  @Test func nilIsWritableToOptionalFields() async {
    let session = Session(catalog: cellCatalog)
    await session.run("var list = CellList.two")
    #expect(await session.run("list.note = nil").isEmpty)
    #expect(await session.run("list.note").map(\.text) == ["nil"])
    #expect(await session.run(#"CellList(cells: [], note: nil)"#).map(\.text) == ["CellList(\n  cells: [],\n  note: nil\n)"])
  }

  @Test func identifiedWritesFindEnumElementsByID() async {
    let session = Session(catalog: cellCatalog)
    await session.run("var list = CellList.two")
    await session.run(#"list.cells[id: "A"] = .ad("A")"#)
    await session.run(#"list.cells[id: "1"] = .ad("1")"#)
    #expect(await session.run("list.cells").map(\.text) == [#"[\#n  [0]: .ad("1"),\#n  [1]: .ad("A")\#n]"#])
    await session.run(#"list.cells[id: "missing"] = .ad("z")"#)
    #expect(await session.run("list.cells.count").map(\.text) == ["2"])
  }
}
