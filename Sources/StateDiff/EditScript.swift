/// The offsets a collection difference removes from the old sequence and inserts into the new
/// one, each in increasing order.
struct EditScript: Equatable {
  var removals: [Int] = []
  var insertions: [Int] = []

  /// Matches two sequences by offset as the standard library's `difference(from:by:)` (the
  /// function CustomDump matches children with) would, with ``MiddleSnakeDifference``, which
  /// takes the same steps and so finds the same edit script.
  ///
  /// The comparison receives offsets, so it can use precomputed facts about the elements instead
  /// of boxing and reflecting them for every pair the algorithm considers.
  ///
  /// - Parameters:
  ///   - oldCount: The number of elements in the old sequence.
  ///   - newCount: The number of elements in the new sequence.
  ///   - areEquivalent: Whether old element `i` and new element `j` are equivalent; must answer
  ///     exactly as CustomDump's comparison of those elements would.
  init(
    oldCount: Int,
    newCount: Int,
    areEquivalent: (_ old: Int, _ new: Int) -> Bool
  ) {
    self = withoutActuallyEscaping(areEquivalent) { areEquivalent in
      MiddleSnakeDifference.editScript(
        oldCount: oldCount, newCount: newCount, matching: ClosureMatching(body: areEquivalent)
      )
    }
  }

  /// The part of two sequences left after trimming their common prefix, then their common suffix,
  /// of equivalent elements (the first step of the standard library's algorithm).
  ///
  /// - Parameters:
  ///   - knownPrefix: How many leading pairs are already known to be equivalent.
  ///   - knownSuffix: How many trailing pairs are already known to be equivalent.
  static func untrimmedBounds(
    oldCount: Int,
    newCount: Int,
    knownPrefix: Int = 0,
    knownSuffix: Int = 0,
    areEquivalent: (_ old: Int, _ new: Int) -> Bool
  ) -> (old: Range<Int>, new: Range<Int>) {
    var start = min(knownPrefix, oldCount, newCount)
    while start < oldCount, start < newCount, areEquivalent(start, start) {
      start += 1
    }
    let skipped = min(knownSuffix, oldCount - start, newCount - start)
    var oldEnd = oldCount - skipped
    var newEnd = newCount - skipped
    while oldEnd > start, newEnd > start, areEquivalent(oldEnd - 1, newEnd - 1) {
      oldEnd -= 1
      newEnd -= 1
    }
    return (start..<oldEnd, start..<newEnd)
  }

  /// Matches the part of two sequences left by ``untrimmedBounds(oldCount:newCount:areEquivalent:)``
  /// (the library would find nothing more to trim there, so its script on this part, shifted by
  /// the prefix, is its script on the whole), with `matching` asked about offsets into the part.
  ///
  /// - Parameter comparisonLimit: When given, gives up (returning `nil`) once the matching was
  ///   asked this many times.
  init?<Matching: OffsetMatching>(
    matching bounds: (old: Range<Int>, new: Range<Int>),
    comparisonLimit: Int? = nil,
    by matching: Matching
  ) {
    guard !bounds.old.isEmpty || !bounds.new.isEmpty else { return }
    guard
      let script = MiddleSnakeDifference.editScript(
        oldCount: bounds.old.count, newCount: bounds.new.count, matching: matching,
        comparisonLimit: comparisonLimit
      )
    else { return nil }
    self.removals = script.removals.map { $0 + bounds.old.lowerBound }
    self.insertions = script.insertions.map { $0 + bounds.new.lowerBound }
  }

  init() {}
}
