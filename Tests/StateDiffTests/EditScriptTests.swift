import Testing

@testable import StateDiff

/// `EditScript` trims common ends itself and hands only the rest to the standard library; its
/// result must still be the standard library's on the whole sequences.
@Suite struct EditScriptTests {
  @Test func matchesTheStandardLibrary() {
    var rng = SeededGenerator(seed: 0x5EED_0100)
    for _ in 0..<3_000 {
      let alphabet = rng.int(1...4)
      let old = (0..<rng.int(0...12)).map { _ in rng.int(0...alphabet) }
      let new = (0..<rng.int(0...12)).map { _ in rng.int(0...alphabet) }
      let expected = new.difference(from: old)
      let script = EditScript(oldCount: old.count, newCount: new.count) { old[$0] == new[$1] }
      #expect(
        script.removals == expected.removals.map(\.offset),
        "removals for \(old) → \(new)"
      )
      #expect(
        script.insertions == expected.insertions.map(\.offset),
        "insertions for \(old) → \(new)"
      )
    }
  }

  @Test func identicalSequencesNeedNoEdits() {
    #expect(EditScript(oldCount: 5, newCount: 5) { $0 == $1 } == EditScript())
    #expect(EditScript(oldCount: 0, newCount: 0) { _, _ in false } == EditScript())
  }
}

extension CollectionDifference.Change {
  fileprivate var offset: Int {
    switch self {
    case .insert(let offset, _, _), .remove(let offset, _, _):
      return offset
    }
  }
}
