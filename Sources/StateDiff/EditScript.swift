/// The offsets a collection difference removes from the old sequence and inserts into the new
/// one, each in increasing order.
struct EditScript: Equatable {
  var removals: [Int] = []
  var insertions: [Int] = []

  /// Matches two sequences by offset with the standard library's `difference(from:by:)`, the
  /// function CustomDump matches children with.
  ///
  /// Calling the standard library (rather than reimplementing its algorithm) keeps the edit
  /// script identical to CustomDump's. Only two things differ, neither of which changes the
  /// result:
  /// - The comparison receives offsets, so it can use precomputed facts about the elements
  ///   instead of boxing and reflecting them for every pair the algorithm considers.
  /// - The common prefix, then the common suffix, of equivalent elements is trimmed here, and only
  ///   the rest is handed to the standard library. Its algorithm (since Swift 6.3, a
  ///   linear-space Myers variant) begins by trimming exactly these, with the same comparison and
  ///   in the same order, so it would find nothing more to trim, and its result on the rest,
  ///   shifted by the prefix length, is its result on the whole.
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
    let bounds = Self.untrimmedBounds(
      oldCount: oldCount, newCount: newCount, areEquivalent: areEquivalent
    )
    self.init(matching: bounds, areEquivalent: areEquivalent)
  }

  /// The part of two sequences left after trimming their common prefix, then their common suffix,
  /// of equivalent elements (the first step of the standard library's algorithm).
  static func untrimmedBounds(
    oldCount: Int,
    newCount: Int,
    areEquivalent: (_ old: Int, _ new: Int) -> Bool
  ) -> (old: Range<Int>, new: Range<Int>) {
    var start = 0
    while start < oldCount, start < newCount, areEquivalent(start, start) {
      start += 1
    }
    var oldEnd = oldCount
    var newEnd = newCount
    while oldEnd > start, newEnd > start, areEquivalent(oldEnd - 1, newEnd - 1) {
      oldEnd -= 1
      newEnd -= 1
    }
    return (start..<oldEnd, start..<newEnd)
  }

  /// Matches the part of two sequences left by ``untrimmedBounds(oldCount:newCount:areEquivalent:)``
  /// with the standard library.
  init(
    matching bounds: (old: Range<Int>, new: Range<Int>),
    areEquivalent: (_ old: Int, _ new: Int) -> Bool
  ) {
    guard !bounds.old.isEmpty || !bounds.new.isEmpty else { return }
    let start = bounds.old.lowerBound
    // Arrays of offsets, not ranges: the standard library copies a range element by element
    // through unspecialized code before diffing, and uses an array's storage directly.
    let difference = Array(bounds.new).difference(from: Array(bounds.old), by: areEquivalent)
    self.removals = difference.removals.map { $0.offset + start }
    self.insertions = difference.insertions.map { $0.offset + start }
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
