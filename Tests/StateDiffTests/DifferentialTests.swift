import CustomDump
import StateDiff
import TestSupport
import Testing

/// Generated pairs of states, diffed by `fastDiff` and by CustomDump, compared byte for byte.
@Suite(.ownThreads) struct DifferentialTests {
  @Test func editedDocumentsDiffExactlyAsCustomDump() {
    self.check(cases: 1_200, seed: 0x5EED_0001) { rng in
      let document = rng.document()
      return (document, rng.mutated(document))
    }
  }

  @Test func unrelatedDocumentsDiffExactlyAsCustomDump() {
    self.check(cases: 100, seed: 0x5EED_0002) { rng in
      (rng.document(), rng.document())
    }
  }

  @Test func identicalDocumentsHaveNoDiff() {
    var rng = SeededGenerator(seed: 0x5EED_0003)
    for _ in 0..<200 {
      let document = rng.document()
      #expect(fastDiff(document, document) == nil)
    }
  }

  @Test func reflectedValuesDiffExactlyAsCustomDump() {
    self.check(cases: 500, seed: 0x5EED_0004) { rng in
      let loose = rng.loose()
      return (loose, rng.chance(0.8) ? rng.mutated(loose) : rng.loose())
    }
  }

  @Test func nestedCollectionsDiffExactlyAsCustomDump() {
    self.check(cases: 120, seed: 0x5EED_0005) { rng in
      let documents = (0..<rng.int(0...4)).map { _ in rng.document() }
      var edited = documents
      rng.edit(&edited) { $0.document() }
      if !edited.isEmpty, rng.chance(0.7) {
        let index = rng.int(0...(edited.count - 1))
        edited[index] = rng.mutated(edited[index])
      }
      return (documents, edited)
    }
  }

  @Test func dictionariesAndSetsDiffExactlyAsCustomDump() {
    self.check(cases: 120, seed: 0x5EED_0006) { rng in
      var dictionary: [String: Detail] = [:]
      for key in 0..<rng.int(0...20) { dictionary["key \(key)"] = rng.detail() }
      var set = Set((0..<rng.int(0...20)).map { "element \($0)" })
      var edited = dictionary
      var editedSet = set
      for _ in 0..<rng.int(1...4) {
        let key = "key \(rng.int(0...35))"
        switch rng.int(0...2) {
        case 0: edited[key] = nil
        case 1: edited[key] = rng.detail()
        default: edited[key]?.values.append(rng.int(0...9))
        }
        if rng.chance(0.5) {
          let element = "element \(rng.int(0...35))"
          if editedSet.remove(element) == nil { editedSet.insert(element) }
        }
      }
      if rng.chance(0.1) { set = [] }
      return (Keyed(entries: dictionary, members: set), Keyed(entries: edited, members: editedSet))
    }
  }

  struct Keyed: Equatable {
    var entries: [String: Detail]
    var members: Set<String>
  }

  /// Generates `cases` pairs from `seed`, compares both diffs of each in the default format (and
  /// of every fourth in the proportional format too), and records the first few mismatches.
  private func check<T>(
    cases: Int,
    seed: UInt64,
    sourceLocation: SourceLocation = #_sourceLocation,
    makePair: (inout SeededGenerator) -> (T, T)
  ) {
    var rng = SeededGenerator(seed: seed)
    var failures: [DiffMismatch] = []
    var differing = 0
    for index in 0..<cases {
      let (lhs, rhs) = makePair(&rng)
      let expected = CustomDump.diff(lhs, rhs)
      if expected != nil { differing += 1 }
      if expected.map({ Array($0.utf8) }) != fastDiff(lhs, rhs).map({ Array($0.utf8) }) {
        failures.append(
          DiffMismatch(
            label: "case \(index) of seed \(seed) [default]", expected: expected,
            actual: fastDiff(lhs, rhs)
          )
        )
      }
      if index.isMultiple(of: 4) {
        failures += mismatches(
          lhs, rhs, label: "case \(index) of seed \(seed)",
          formats: [("proportional", .proportional)]
        )
      }
      if failures.count >= 3 { break }
    }
    for failure in failures {
      Issue.record("\(failure)", sourceLocation: sourceLocation)
    }
    // Guard against a generator that stopped producing differences.
    #expect(failures.count > 0 || differing > cases / 2, sourceLocation: sourceLocation)
  }
}
