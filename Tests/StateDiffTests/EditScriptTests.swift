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

  /// A matching that compares runs at once (bytes, word by word) finds the snakes that asking
  /// pair by pair finds, and a limited one counts the same comparisons either way.
  @Test func runsAgreeWithAskingPairByPair() throws {
    var rng = SeededGenerator(seed: 0x5EED_0103)
    let bits = try #require(IdenticalBits(of: HashedRow.self))
    for _ in 0..<200 {
      let pool = (0..<rng.int(1...4)).map { id in
        HashedRow(id: id, name: rng.chance(0.5) ? "short \(id)" : String(repeating: "long ", count: 4 + id))
      }
      let old = (0..<rng.int(1...30)).map { _ in rng.pick(pool) }
      let new = (0..<rng.int(1...30)).map { _ in
        var row = rng.pick(pool)
        // Equal but in storage of its own: `==` settles it, not the bytes.
        if rng.chance(0.3) { row.name = String(row.name.utf8.map { Character(UnicodeScalar($0)) }) }
        if rng.chance(0.2) { row = HashedRow(id: row.id, name: "renamed") }
        return row
      }
      old.withUnsafeBufferPointer { l in
        new.withUnsafeBufferPointer { r in
          let bytes = IdenticalBytesMatching(
            bits: bits, lhs: UnsafeRawPointer(l.baseAddress!), rhs: UnsafeRawPointer(r.baseAddress!),
            stride: MemoryLayout<HashedRow>.stride, fallback: { old[$0] == new[$1] }
          )
          let pairByPair = ClosureMatching { bytes.matches($0, $1) }
          for i in 0...old.count {
            for j in 0...new.count {
              let forward = min(old.count - i, new.count - j)
              #expect(bytes.matchingRun(i, j, limit: forward) == pairByPair.matchingRun(i, j, limit: forward))
              let backward = min(i, j)
              #expect(bytes.matchingRunBackward(i, j, limit: backward) == pairByPair.matchingRunBackward(i, j, limit: backward))
            }
          }
          // Limited: runs give up where asking each pair (as the difference did) gives up.
          let budget = rng.int(0...40)
          let limitedRuns = LimitedMatching(bytes, limit: budget)
          let limitedPairs = LimitedMatching(pairByPair, limit: budget)
          for _ in 0..<6 {
            let (i, j) = (rng.int(0...old.count), rng.int(0...new.count))
            let forward = min(old.count - i, new.count - j)
            var asked = 0
            while asked < forward, limitedPairs.matches(i + asked, j + asked) { asked += 1 }
            #expect(limitedRuns.matchingRun(i, j, limit: forward) == asked)
            var askedBack = 0
            while askedBack < min(i, j), limitedPairs.matches(i - 1 - askedBack, j - 1 - askedBack) { askedBack += 1 }
            #expect(limitedRuns.matchingRunBackward(i, j, limit: min(i, j)) == askedBack)
            #expect(limitedRuns.isExhausted == limitedPairs.isExhausted)
          }
        }
      }
    }
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
