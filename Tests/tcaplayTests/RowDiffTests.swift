import FeatureCatalog
import Testing
@testable import TCAPlayREPL

@Suite struct RowDiffTests {
  func rows(_ items: [(String, String)]) -> [FeatureView.Row] {
    items.map { FeatureView.Row(id: $0.0, text: $0.1) }
  }

  @Test func unchangedRowsProduceNoChanges() {
    let rows = self.rows([("1", "a"), ("2", "b")])
    #expect(RowDiff.changes(from: rows, to: rows) == [])
  }

  @Test func insertionsRemovalsAndUpdatesAreMatchedById() {
    let old = self.rows([("1", "✅ Data 1"), ("2", "✅ Data 2"), ("3", "✅ Data 3")])
    let new = self.rows([("1", "❌ Data 1"), ("3", "✅ Data 3"), ("4", "✅ Data 4")])
    #expect(
      RowDiff.changes(from: old, to: new) == [
        .removed(id: "2", from: 1, text: "✅ Data 2"),
        .updated(id: "1", at: 0, from: "✅ Data 1", to: "❌ Data 1"),
        .inserted(id: "4", at: 2, text: "✅ Data 4"),
      ]
    )
  }

  @Test func aRemovalShiftsLaterRowsWithoutMovingThem() {
    let old = self.rows([("1", "a"), ("2", "b"), ("3", "c")])
    let new = self.rows([("2", "b"), ("3", "c")])
    #expect(RowDiff.changes(from: old, to: new) == [.removed(id: "1", from: 0, text: "a")])
  }

  @Test func reversingThreeRowsMovesTwo() {
    let old = self.rows([("1", "a"), ("2", "b"), ("3", "c")])
    let new = self.rows([("3", "c"), ("2", "b"), ("1", "a")])
    let changes = RowDiff.changes(from: old, to: new)
    #expect(changes.count == 2)
    #expect(changes.allSatisfy { if case .moved = $0 { return true } else { return false } })
    // The middle row kept its place: the outer two swapped.
    #expect(changes == [.moved(id: "3", from: 2, to: 0), .moved(id: "1", from: 0, to: 2)])
  }

  @Test func movingOneRowToTheFrontMovesOnlyIt() {
    let old = self.rows([("1", "a"), ("2", "b"), ("3", "c"), ("4", "d")])
    let new = self.rows([("4", "d"), ("1", "a"), ("2", "b"), ("3", "c")])
    #expect(RowDiff.changes(from: old, to: new) == [.moved(id: "4", from: 3, to: 0)])
  }

  @Test func aMovedRowWhoseTextChangedIsMovedAndUpdated() {
    let old = self.rows([("1", "a"), ("2", "b"), ("3", "c")])
    let new = self.rows([("1", "a"), ("3", "c"), ("2", "B")])
    #expect(
      RowDiff.changes(from: old, to: new) == [
        .moved(id: "2", from: 1, to: 2),
        .updated(id: "2", at: 2, from: "b", to: "B"),
      ]
    )
  }

  @Test func longestIncreasingRun() {
    #expect(RowDiff.longestIncreasingRun([]) == [])
    #expect(RowDiff.longestIncreasingRun([3, 0, 1, 2]) == [1, 2, 3])
    #expect(RowDiff.longestIncreasingRun([2, 1, 0]).count == 1)
    #expect(RowDiff.longestIncreasingRun([0, 4, 1, 2, 5, 3]).map { [0, 4, 1, 2, 5, 3][$0] } == [0, 1, 2, 5])
    #expect(RowDiff.longestIncreasingRun([2, 1, 0]) { $0 == 1 } == [1])
  }

  @Test func changesAreDescribedWithTheUnchangedCount() {
    let text = ViewWatch.describe(
      [
        .removed(id: "2", from: 1, text: "✅ Data 2          [remove]"),
        .updated(id: "1", at: 0, from: "✅ Data 1          [remove]", to: "❌ Data 1          [remove]"),
        .moved(id: "3", from: 2, to: 1),
      ],
      rowCount: 3
    )
    #expect(
      text == """
        view: 1 removed, 1 updated, 1 moved, 1 unchanged
          removed  [1] id 2   ✅ Data 2          [remove]
          updated  [0] id 1   ❌ Data 1          [remove]
          moved    [2] → [1] id 3
        """
    )
  }
}
