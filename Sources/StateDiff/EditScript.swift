/// The offsets a collection difference removes from the old sequence and inserts into the new
/// one, each in increasing order.
struct EditScript: Equatable {
  var removals: [Int] = []
  var insertions: [Int] = []

  /// Matches two sequences by offset with the standard library's `difference(from:by:)`, the
  /// function CustomDump matches children with.
  ///
  /// Calling the standard library (rather than reimplementing its algorithm) keeps the edit
  /// script identical to CustomDump's whatever the toolchain's algorithm is (Swift 6.3 moved to a
  /// linear-space Myers variant whose choices differ from earlier releases'). Only the
  /// comparison is replaced: it receives offsets, so it can use precomputed facts about the
  /// elements instead of boxing and reflecting them for every pair the algorithm considers.
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
    let difference = (0..<newCount).difference(from: 0..<oldCount, by: areEquivalent)
    self.removals = difference.removals.map(\.offset)
    self.insertions = difference.insertions.map(\.offset)
  }

  init() {}
}

extension CollectionDifference.Change {
  fileprivate var offset: Int {
    switch self {
    case .insert(let offset, _, _), .remove(let offset, _, _):
      return offset
    }
  }
}
