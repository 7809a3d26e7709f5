import CustomDump

/// Detects differences between two given values and returns a formatted string describing them,
/// or `nil` when there is none: the same text as CustomDump's `diff(_:_:format:)`, byte for byte,
/// computed in time proportional to what changed.
///
/// CustomDump's `diff` re-reflects, re-compares and re-dumps values at every level of nesting,
/// matches collection elements with a boxed comparison for every pair it considers, and looks
/// up each removal and insertion by scanning all of them. On a state holding an
/// `IdentifiedArray` of 10,000 rows with one row changed, that takes about 100 milliseconds in a
/// release build; `fastDiff` takes under one:
///
/// ```swift
/// var state = AppState(rows: rows)
/// var newState = state
/// newState.rows[id: 42]?.title = "Renamed"
///
/// fastDiff(state, newState)
/// // AppState(
/// //   rows: [
/// //     … (41 unchanged),
/// //     [41]: Row(
/// //       id: 42,
/// // -     title: "Untitled"
/// // +     title: "Renamed"
/// //     ),
/// //     … (9958 unchanged)
/// //   ]
/// // )
/// ```
///
/// It makes the same decisions as CustomDump in the same order: the same equality (`==` for
/// `Equatable` values, reflection otherwise), the same matching of collection elements (by
/// `Identifiable` id, or equality, with the same edit script as the standard library's
/// `difference(from:by:)`), the same folding of unchanged runs, the same `#N` numbering of
/// objects, and the same treatment of `CustomDumpStringConvertible`, `CustomDumpRepresentable`,
/// `CustomDumpReflectable` and `_CustomDiffObject` values. What it skips is repeated work:
///
/// - Equal subtrees are recognised with one `==` and printed at depth zero, never reflected.
/// - `Array`, `ContiguousArray` and `IdentifiedArray` of `Equatable` value types are compared
///   in place with their elements' `==` and matched by their ids: the common prefix and suffix
///   are trimmed (the standard library's first step), and the rest is matched by a
///   reimplementation of the standard library's `difference(from:by:)` that takes the same steps
///   (so finds the same edit script) on precomputed answers. Runs of unchanged elements fold
///   without being boxed or printed.
/// - Elements of float-free value types whose stored bytes are identical are equal without
///   calling `==` (see `IdenticalBits`); other pairs fall back to `==`.
/// - Type names, and which of CustomDump's protocols a type conforms to, are computed once per
///   type; plain structs and arrays are dumped without building mirrors; text is indented as it
///   is written.
///
/// Two assumptions beyond CustomDump's, both only when matching a large reordering (once the
/// matching has asked about more than a few times as many pairs as there are elements):
/// `Hashable` elements and ids are grouped by hashing, which presumes hashing consistent with
/// `==`, as `Hashable` requires; and `Identifiable` elements that are not `Hashable` are matched
/// by id alone, which presumes that `==` elements have equal ids (Equatable's substitutability:
/// `==` values are interchangeable, so their ids agree). For `Hashable` elements the second is
/// checked, not assumed.
///
/// - Parameters:
///   - lhs: An expression of type `T`.
///   - rhs: A second expression of type `T`.
///   - format: A format to use for the diff. By default it uses ASCII characters typically
///     associated with the "diff" format: "-" for removals, "+" for additions, and " " for
///     unchanged lines.
/// - Returns: A string describing any difference detected between values, or `nil` if no
///   difference is detected. ``fastDiffLines(_:_:format:)`` returns the same text as lines that
///   each know whether they are context, removed or added.
public func fastDiff<T>(_ lhs: T, _ rhs: T, format: DiffFormat = .default) -> String? {
  guard !ValueEquality.isEqual(lhs, rhs) else { return nil }
  var diff = DiffText(format: format, recordsRuns: false)
  DiffEngine(format: format).diff(
    lhs, rhs, lhsName: nil, rhsName: nil, separator: "", indent: 0, isRoot: true,
    knownEquality: false, into: &diff
  )
  if diff.text.last == "\n" { diff.text.removeLast() }
  return diff.text
}
