import CustomDump
import ScriptEvaluation
import StateDiff

/// Values carried from one build of a feature to the next. A reloaded feature's types are new
/// types (`UserFeature_2.Counter.State` is not `UserFeature_1.Counter.State`), so states and
/// actions cross over through their shape (fields and cases by name), and are compared by it.
enum CrossVersionValues {
  /// How a state crossed over.
  enum Migration: Equatable {
    /// Decoded as it was.
    case carried
    /// The type changed shape: what still fits was kept, the rest took the new defaults.
    case merged
    /// Nothing fit: the new feature's initial state was used.
    case reset
  }

  /// A value's fields and cases by name.
  static func shape(of value: Any) -> DataValue? {
    ValueReader().read(value)
  }

  /// The value decoded as `type` from another type's value, or `nil` when its shape does not fit.
  static func convert(_ value: Any, to type: Any.Type) -> Any? {
    if Swift.type(of: value) == type { return value }
    guard let shape = Self.shape(of: value) else { return nil }
    return try? ValueMaker().make(type, from: shape)
  }

  /// A state of another version as `type`: decoded as it was if it fits, or else laid over
  /// `fallback` (a value of `type`) field by field, or else `fallback` itself.
  static func migrate(_ state: Any, to type: Any.Type, fallback: Any) -> (state: Any, migration: Migration) {
    if let converted = Self.convert(state, to: type) { return (converted, .carried) }
    if let old = Self.shape(of: state), let base = Self.shape(of: fallback),
      let merged = try? ValueMaker().make(type, from: Self.overlay(old, on: base))
    {
      return (merged, .merged)
    }
    return (fallback, .reset)
  }

  /// `base` with the values `top` also has replaced by `top`'s, recursively: fields only `base`
  /// has keep their values, fields only `top` has are dropped. Array elements are laid over the
  /// element at the same index, or over the last one.
  static func overlay(_ top: DataValue, on base: DataValue) -> DataValue {
    switch (top, base) {
    case (let .object(topObject), var .object(baseObject)):
      // An enum (one key, the case) whose case changed is taken whole.
      if topObject.count == 1, baseObject.count == 1, topObject.keys != baseObject.keys { return top }
      for key in baseObject.keys {
        if let value = topObject[key] { baseObject[key] = Self.overlay(value, on: baseObject[key]!) }
      }
      return .object(baseObject)
    case let (.array(topElements), .array(baseElements)) where !baseElements.isEmpty:
      return .array(
        topElements.enumerated().map { index, element in
          Self.overlay(element, on: index < baseElements.count ? baseElements[index] : baseElements[baseElements.count - 1])
        }
      )
    default:
      return top
    }
  }

  /// Whether an earlier version's value holds the same values as `new` in the fields both
  /// versions have (fields added or removed since don't count: see ``fieldChanges(from:to:)``).
  static func same(_ old: Any, _ new: Any) -> Bool {
    guard let left = Self.shape(of: old), let right = Self.shape(of: new) else { return false }
    return left == right || Self.overlay(left, on: right) == right
  }

  /// How `old` (a value of an earlier version) differs from `new` in the fields both have, in
  /// CustomDump's diff format, or `nil` when it doesn't.
  static package func diff(_ old: Any, _ new: Any) -> String? {
    if let converted = Self.convert(old, to: Swift.type(of: new)) {
      return fastDiff(converted, new)
    }
    if let left = Self.shape(of: old), let right = Self.shape(of: new),
      let laid = try? ValueMaker().make(Swift.type(of: new), from: Self.overlay(left, on: right))
    {
      return fastDiff(laid, new)
    }
    return Self.lineDiff(String(customDumping: old), String(customDumping: new))
  }

  /// The fields (as dotted paths) one version of a state has and the other doesn't.
  static func fieldChanges(from old: Any, to new: Any) -> (added: [String], removed: [String]) {
    guard let left = Self.shape(of: old), let right = Self.shape(of: new) else { return ([], []) }
    var added: [String] = []
    var removed: [String] = []
    func visit(_ old: DataValue, _ new: DataValue, _ path: String) {
      guard case let .object(oldObject) = old, case let .object(newObject) = new else { return }
      // Enum payloads of different cases aren't fields.
      if oldObject.count == 1, newObject.count == 1, oldObject.keys != newObject.keys { return }
      for key in newObject.keys {
        let keyPath = path.isEmpty ? key : path + "." + key
        if let oldValue = oldObject[key] { visit(oldValue, newObject[key]!, keyPath) } else { added.append(keyPath) }
      }
      for key in oldObject.keys where newObject[key] == nil {
        removed.append(path.isEmpty ? key : path + "." + key)
      }
    }
    visit(left, right, "")
    return (added, removed)
  }

  /// A line-by-line diff of two dumps (for values that can't be compared field by field), with CustomDump's
  /// markers: `- ` removed, `+ ` added, `  ` unchanged.
  static func lineDiff(_ old: String, _ new: String) -> String? {
    let lhsLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let rhsLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    // Lines compare without their trailing commas (a field added after a line adds one to it).
    func key(_ line: Substring) -> Substring { line.hasSuffix(",") ? line.dropLast() : line }
    let lhs = lhsLines.map(key)
    let rhs = rhsLines.map(key)
    guard lhs != rhs else { return nil }
    // Longest common subsequence, by dynamic programming (dumps are short).
    var lengths = Array(repeating: Array(repeating: 0, count: rhs.count + 1), count: lhs.count + 1)
    for i in stride(from: lhs.count - 1, through: 0, by: -1) {
      for j in stride(from: rhs.count - 1, through: 0, by: -1) {
        lengths[i][j] = lhs[i] == rhs[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < lhs.count || j < rhs.count {
      if i < lhs.count, j < rhs.count, lhs[i] == rhs[j] {
        lines.append("  " + rhsLines[j])
        i += 1
        j += 1
      } else if i < lhs.count, j == rhs.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        lines.append("- " + lhsLines[i])
        i += 1
      } else {
        lines.append("+ " + rhsLines[j])
        j += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
