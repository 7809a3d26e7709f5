import CustomDump
import StateDiff
import Testing

/// Both diffs of a pair in one format, for reporting.
struct DiffMismatch: CustomStringConvertible {
  let label: String
  let expected: String?
  let actual: String?

  var description: String {
    """
    \(self.label)
    --- CustomDump.diff ---
    \(self.expected ?? "nil")
    --- fastDiff ---
    \(self.actual ?? "nil")
    """
  }
}

/// Compares `fastDiff` with CustomDump's `diff`, byte for byte, in the given formats.
func mismatches<T>(
  _ lhs: T,
  _ rhs: T,
  label: String,
  formats: [(name: String, format: DiffFormat)] = [("default", .default), ("proportional", .proportional)]
) -> [DiffMismatch] {
  formats.compactMap { name, format in
    let expected = CustomDump.diff(lhs, rhs, format: format)
    let actual = fastDiff(lhs, rhs, format: format)
    guard expected.map({ Array($0.utf8) }) != actual.map({ Array($0.utf8) }) else { return nil }
    return DiffMismatch(label: "\(label) [\(name)]", expected: expected, actual: actual)
  }
}

/// Expects `fastDiff` to print exactly what CustomDump prints for the pair, in both formats, and
/// expects there to be a difference (so the assertion cannot pass vacuously).
func expectSameDiff<T>(
  _ lhs: T,
  _ rhs: T,
  expectsDifference: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    (CustomDump.diff(lhs, rhs) != nil) == expectsDifference,
    "CustomDump.diff unexpectedly \(expectsDifference ? "found no" : "found a") difference",
    sourceLocation: sourceLocation
  )
  for mismatch in mismatches(lhs, rhs, label: "\(T.self)") {
    Issue.record("\(mismatch)", sourceLocation: sourceLocation)
  }
}
