import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// The statements of an exported assertion: the smallest changed paths, where a statement there
/// means the same as assigning the whole value.
@MainActor
@Suite struct ChangedPathsTests {
  func statements<State>(_ old: State, _ new: State) -> [String] {
    ChangedPaths().statements(from: old, to: new, type: State.self)
  }

  let one = DemoItemState(id: 1, text: "Data 1", isActive: true)
  let two = DemoItemState(id: 2, text: "Data 2", isActive: true)
  let three = DemoItemState(id: 3, text: "Data 3", isActive: true)

  @Test func nothingChangedSaysNothing() {
    #expect(self.statements(DemoForEachState(stackData: [one], lastId: 1), DemoForEachState(stackData: [one], lastId: 1)) == [])
  }

  @Test func identifiedElementsChangeByIDRemoveAndAppend() {
    var toggled = self.one
    toggled.isActive = false
    #expect(self.statements(
      DemoForEachState(stackData: [one, two], lastId: 2), DemoForEachState(stackData: [toggled, three], lastId: 3)
    ) == [
      "$0.stackData.remove(id: 2)",
      "$0.stackData[id: 1]?.isActive = false",
      "$0.stackData.append(DemoItemState(id: 3, text: \"Data 3\", isActive: true))",
      "$0.lastId = 3",
    ])
  }

  @Test func aReorderingOrAnInsertionAssignsTheWholeCollection() {
    let reordered = self.statements(DemoForEachState(stackData: [one, two]), DemoForEachState(stackData: [two, one]))
    #expect(reordered.count == 1)
    #expect(reordered.first?.hasPrefix("$0.stackData = [") == true)
    let inserted = self.statements(DemoForEachState(stackData: [one]), DemoForEachState(stackData: [three, one]))
    #expect(inserted.first?.hasPrefix("$0.stackData = [") == true)
  }

  @Test func enumElementsAndOptionalsAreAssignedAtTheirPath() {
    #expect(self.statements(
      CellList(cells: [.promo("1"), .ad("A")], note: nil), CellList(cells: [.promo("1"), .ad("A")], note: "hi")
    ) == ["$0.note = \"hi\""])
    #expect(self.statements(
      PromoListState(selectedPromoId: "1"), PromoListState(selectedPromoId: nil)
    ) == ["$0.selectedPromoId = nil"])
  }

  @Test func aChangedElementOfAnOptionalStructIsReachedThroughIt() {
    struct Holder: Equatable { var item: DemoItemState? }
    // A type without a shape is assigned whole.
    #expect(self.statements(Holder(item: one), Holder(item: two)).first?.hasPrefix("$0 = ") == true)
    let before: DemoItemState? = self.one
    var after = before
    after?.text = "Renamed"
    #expect(ChangedPaths().statements(from: before as Any, to: after as Any, type: DemoItemState?.self, path: "$0.item")
      == ["$0.item?.text = \"Renamed\""])
    #expect(ChangedPaths().statements(from: before as Any, to: DemoItemState?.none as Any, type: DemoItemState?.self, path: "$0.item")
      == ["$0.item = nil"])
  }
}
