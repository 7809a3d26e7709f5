import TestSupport
import Testing

@testable import StateDiff

/// `EditScript` matches sequences with `MiddleSnakeDifference`, a reimplementation of the
/// standard library's `difference(from:by:)`: its scripts must be the library's, for every way of
/// asking about pairs (closures, numbered classes, two numberings, a limited budget).
@Suite(.ownThreads) struct EditScriptTests {
  /// The library's removals and insertions, by offset.
  private func libraryScript(_ old: [Int], _ new: [Int]) -> EditScript {
    let difference = new.difference(from: old)
    var script = EditScript()
    script.removals = difference.removals.map(\.offset)
    script.insertions = difference.insertions.map(\.offset)
    return script
  }

  @Test func matchesTheStandardLibraryOnShortSequences() {
    var rng = SeededGenerator(seed: 0x5EED_0100)
    for _ in 0..<3_000 {
      let alphabet = rng.int(1...4)
      let old = (0..<rng.int(0...12)).map { _ in rng.int(0...alphabet) }
      let new = (0..<rng.int(0...12)).map { _ in rng.int(0...alphabet) }
      let script = EditScript(oldCount: old.count, newCount: new.count) { old[$0] == new[$1] }
      #expect(script == self.libraryScript(old, new), "\(old) → \(new)")
    }
  }

  @Test func matchesTheStandardLibraryOnLongerSequencesAndReorderings() {
    var rng = SeededGenerator(seed: 0x5EED_0101)
    for round in 0..<600 {
      let alphabet = rng.int(1...40)
      var old = (0..<rng.int(0...80)).map { _ in rng.int(0...alphabet) }
      var new: [Int]
      switch round % 4 {
      case 0:
        new = (0..<rng.int(0...80)).map { _ in rng.int(0...alphabet) }
      case 1:
        old = Array(0..<rng.int(0...80))
        new = old.shuffled(using: &rng)
      case 2:
        new = old.reversed()
      default:
        new = old
        for _ in 0..<rng.int(1...4) where !new.isEmpty {
          let element = new.remove(at: rng.int(0...(new.count - 1)))
          new.insert(element, at: rng.int(0...new.count))
        }
        if rng.chance(0.5) { new.insert(alphabet + 1, at: rng.int(0...new.count)) }
      }
      let expected = self.libraryScript(old, new)
      let codes = equivalenceCodes(old, new)
      let byClasses = codes.withMatching {
        MiddleSnakeDifference.editScript(oldCount: old.count, newCount: new.count, matching: $0)
      }
      #expect(byClasses == expected, "\(old) → \(new)")
      // Two numberings, either of which may match: here, equal values or both even.
      let parity = EquivalenceClasses(
        lhs: old.map { $0 % 2 == 0 ? -1 : -2 - $0 }, rhs: new.map { $0 % 2 == 0 ? -1 : -3 - $0 }
      )
      let either = codes.withMatching { values in
        parity.withMatching { parity in
          MiddleSnakeDifference.editScript(
            oldCount: old.count, newCount: new.count,
            matching: EitherClassMatching(first: values, second: parity)
          )
        }
      }
      let eitherExpected = new.difference(from: old) { $0 == $1 || ($0 % 2 == 0 && $1 % 2 == 0) }
      #expect(either.removals == eitherExpected.removals.map(\.offset), "\(old) → \(new)")
      #expect(either.insertions == eitherExpected.insertions.map(\.offset), "\(old) → \(new)")
    }
  }

  @Test func aLimitedMatchingGivesUpOrAgrees() {
    var rng = SeededGenerator(seed: 0x5EED_0102)
    var gaveUp = 0
    for _ in 0..<500 {
      let old = (0..<rng.int(0...40)).map { _ in rng.int(0...6) }
      let new = (0..<rng.int(0...40)).map { _ in rng.int(0...6) }
      let limited = MiddleSnakeDifference.editScript(
        oldCount: old.count, newCount: new.count,
        matching: ClosureMatching { old[$0] == new[$1] }, comparisonLimit: 60
      )
      if let limited {
        #expect(limited == self.libraryScript(old, new), "\(old) → \(new)")
      } else {
        gaveUp += 1
      }
    }
    #expect(gaveUp > 0 && gaveUp < 500)
  }

  @Test func equivalenceClassesTellWhetherTheyDetermineOthers() {
    let values = equivalenceCodes([1, 2, 1], [2, 3])
    let ids = equivalenceCodes(["a", "b", "a"], ["b", "c"])
    #expect(values.determine(ids))
    let coarser = equivalenceCodes(["a", "a", "a"], ["a", "c"])
    #expect(values.determine(coarser))
    #expect(!coarser.determine(values))
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
