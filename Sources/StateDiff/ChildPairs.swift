import CustomDump

/// The children of two values being diffed, as CustomDump's diff sees them: the raw children
/// (compared to detect "no difference"), then the prepared ones (filtered and, for unordered
/// collections, sorted) that are matched and printed.
///
/// Implementations answer the questions the diff asks in whatever way is fastest for them;
/// every answer must equal the one CustomDump's own reflection-based code would compute.
protocol ChildPairs: AnyObject {
  /// Whether either side's mirror prints its only child inline (CustomDump then prints both
  /// values whole instead of diffing children).
  var hasSingleValueContainer: Bool { get }

  /// Whether the raw children are pairwise equal (labels and values).
  func rawChildrenAreEqual() -> Bool

  /// Filters and orders the children. Called once, after the raw checks, because ordering an
  /// unordered collection dumps its elements (which can number objects).
  func prepare(with dumper: Dumper)

  var lhsCount: Int { get }
  var rhsCount: Int { get }

  /// The prepared child at `index` on the left, before relabelling.
  func lhsChild(_ index: Int) -> Mirror.Child

  /// The prepared child at `index` on the right, before relabelling.
  func rhsChild(_ index: Int) -> Mirror.Child

  /// How many aligned pairs `(lhs + t, rhs + t)`, for t from 0, are equal children, up to
  /// `limit`.
  func equalRunLength(lhs: Int, rhs: Int, limit: Int) -> Int

  /// Whether the *values* of the prepared children `lhs` and `rhs` are known to be equal, when
  /// that was already computed.
  func knownValueEquality(lhs: Int, rhs: Int) -> Bool?

  /// The removals and insertions matching the prepared children.
  func editScript() -> EditScript

  /// The dumps of the prepared children's dictionary keys (`nil` for a child that is not a
  /// key-value pair), when they were computed while sorting and no object was involved (so they
  /// equal the dumps relabelling would make, and skipping those dumps changes nothing).
  var keyLabels: (lhs: [String?], rhs: [String?])? { get }

  /// A key for the dump of the prepared child at `index` (left side when `isLHS`): children
  /// with equal keys print the same text wherever they print it without consulting objects.
  func dumpKey(_ index: Int, isLHS: Bool) -> ElementDumpKey?
}

extension ChildPairs {
  func dumpKey(_ index: Int, isLHS: Bool) -> ElementDumpKey? { nil }
}

/// The type and stored bytes of an element (see ``IdenticalBits``), which determine its dump.
struct ElementDumpKey: Hashable {
  let type: ObjectIdentifier
  let words: [UInt64]
}

/// An element's dump at one indentation (one dictionary of them, not one per element: a
/// reordering's diff made a dictionary for each element it dumped).
struct IndentedDumpKey: Hashable {
  let element: ElementDumpKey
  let indent: Int
}

/// How CustomDump decides that two children are "the same" child when matching them.
enum ChildEquivalence {
  /// Same label (fields of a struct, a tuple, an enum payload, an object).
  case label
  /// Same identity (diff object, or `Identifiable` id) or equal (collection and set elements).
  case identityOrEqual
  /// Equal keys (dictionary entries).
  case dictionaryKey

  func callAsFunction(_ lhs: Mirror.Child, _ rhs: Mirror.Child) -> Bool {
    switch self {
    case .label:
      return lhs.label == rhs.label
    case .identityOrEqual:
      return ValueEquality.isIdentityEqual(lhs.value, rhs.value)
        || ValueEquality.isEqual(lhs.value, rhs.value)
    case .dictionaryKey:
      guard
        let lhsPair = lhs.value as? (key: AnyHashable, value: Any),
        let rhsPair = rhs.value as? (key: AnyHashable, value: Any)
      else { return ValueEquality.isEqual(lhs.value, rhs.value) }
      return lhsPair.key == rhsPair.key
    }
  }
}

/// How an unordered collection's children are sorted before matching: by the dump of their key
/// (dictionaries) or of themselves (sets).
enum ChildOrdering {
  case byKey
  case byElement
}

/// Children read through mirrors: works for every value, at the cost of boxing each child.
final class ReflectedChildPairs: ChildPairs {
  private let lhsMirror: Mirror
  private let rhsMirror: Mirror
  private let rawLHS: [Mirror.Child]
  private let rawRHS: [Mirror.Child]
  private let filter: ((Mirror.Child) -> Bool)?
  private let equivalence: ChildEquivalence
  private let ordering: ChildOrdering?
  private let cachesValueEquality: Bool
  private let memo: PrefixMemo?

  private var lhs: [Mirror.Child] = []
  private var rhs: [Mirror.Child] = []
  private var lhsRawIndex: [Int] = []
  private var rhsRawIndex: [Int] = []
  private var valueEquality: [Int: Bool] = [:]
  private(set) var keyLabels: (lhs: [String?], rhs: [String?])?

  /// - Parameter cachesValueEquality: Whether to compute every raw pair's equality up front and
  ///   reuse it while printing (worth it for fields, which are all printed; not for collection
  ///   elements, which are matched first).
  init(
    _ lhsMirror: Mirror,
    _ rhsMirror: Mirror,
    filter: ((Mirror.Child) -> Bool)? = nil,
    equivalence: ChildEquivalence,
    ordering: ChildOrdering? = nil,
    cachesValueEquality: Bool,
    memo: PrefixMemo? = nil
  ) {
    self.memo = memo
    self.lhsMirror = lhsMirror
    self.rhsMirror = rhsMirror
    self.rawLHS = Array(lhsMirror.children)
    self.rawRHS = Array(rhsMirror.children)
    self.filter = filter
    self.equivalence = equivalence
    self.ordering = ordering
    self.cachesValueEquality = cachesValueEquality
  }

  var hasSingleValueContainer: Bool {
    self.lhsMirror.isSingleValueContainer || self.rhsMirror.isSingleValueContainer
  }

  func rawChildrenAreEqual() -> Bool {
    guard self.rawLHS.count == self.rawRHS.count else { return false }
    guard self.cachesValueEquality else {
      return ValueEquality.areEqual(self.rawLHS, self.rawRHS)
    }
    var allEqual = true
    for (index, (lhs, rhs)) in zip(self.rawLHS, self.rawRHS).enumerated()
    where lhs.label == rhs.label {
      let isEqual = ValueEquality.isEqual(lhs.value, rhs.value, memo: self.memo)
      self.valueEquality[index] = isEqual
      allEqual = allEqual && isEqual
    }
    return allEqual && zip(self.rawLHS, self.rawRHS).allSatisfy { $0.label == $1.label }
  }

  func prepare(with dumper: Dumper) {
    var lhsIndices = Array(self.rawLHS.indices)
    var rhsIndices = Array(self.rawRHS.indices)
    if let filter {
      lhsIndices.removeAll { !filter(self.rawLHS[$0]) }
      rhsIndices.removeAll { !filter(self.rawRHS[$0]) }
    }
    if let ordering {
      let lhsSorted = dumper.sort(lhsIndices, of: self.rawLHS, by: ordering.diffSortKey)
      let rhsSorted = dumper.sort(rhsIndices, of: self.rawRHS, by: ordering.diffSortKey)
      lhsIndices = lhsSorted.indices
      rhsIndices = rhsSorted.indices
      if ordering == .byKey, let lhsKeys = lhsSorted.keyDumps, let rhsKeys = rhsSorted.keyDumps {
        func pairKeys(_ keys: [String?], _ children: [Mirror.Child], _ indices: [Int]) -> [String?] {
          indices.map { children[$0].value is (key: AnyHashable, value: Any) ? keys[$0] : nil }
        }
        self.keyLabels = (
          pairKeys(lhsKeys, self.rawLHS, lhsIndices), pairKeys(rhsKeys, self.rawRHS, rhsIndices)
        )
      }
    }
    self.lhsRawIndex = lhsIndices
    self.rhsRawIndex = rhsIndices
    self.lhs = lhsIndices.map { self.rawLHS[$0] }
    self.rhs = rhsIndices.map { self.rawRHS[$0] }
  }

  var lhsCount: Int { self.lhs.count }
  var rhsCount: Int { self.rhs.count }

  func lhsChild(_ index: Int) -> Mirror.Child { self.lhs[index] }
  func rhsChild(_ index: Int) -> Mirror.Child { self.rhs[index] }

  func equalRunLength(lhs: Int, rhs: Int, limit: Int) -> Int {
    var length = 0
    while length < limit, ValueEquality.isEqual(self.lhs[lhs + length], self.rhs[rhs + length]) {
      length += 1
    }
    return length
  }

  func knownValueEquality(lhs: Int, rhs: Int) -> Bool? {
    let rawIndex = self.lhsRawIndex[lhs]
    guard rawIndex == self.rhsRawIndex[rhs] else { return nil }
    return self.valueEquality[rawIndex]
  }

  func editScript() -> EditScript {
    let equivalence = self.equivalence
    return EditScript(oldCount: self.lhs.count, newCount: self.rhs.count) {
      equivalence(self.lhs[$0], self.rhs[$1])
    }
  }
}

extension ChildOrdering {
  /// The value whose dump orders a child in CustomDump's diff: a dictionary entry's key (or the
  /// entry itself when it is not a key-value pair), or a set element.
  func diffSortKey(_ child: Mirror.Child) -> Any? {
    switch self {
    case .byKey:
      return (child.value as? (key: AnyHashable, value: Any))?.key.base ?? child.value
    case .byElement:
      return child.value
    }
  }

  /// The value whose dump orders a child in CustomDump's dump: a dictionary entry's key (`nil`,
  /// which compares as unordered, when it is not a key-value pair), or a set element.
  func dumpSortKey(_ child: Mirror.Child) -> Any? {
    switch self {
    case .byKey:
      return (child.value as? (key: AnyHashable, value: Any))?.key.base
    case .byElement:
      return child.value
    }
  }
}
