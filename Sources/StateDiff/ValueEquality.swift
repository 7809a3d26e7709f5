import CustomDump

/// The equality CustomDump's diff uses to decide that two values print the same: `==` for
/// `Equatable` values, identity for the same object, and otherwise a walk of both mirrors that
/// compares labels and children (and, for childless values, their descriptions).
///
/// Pairs of objects already being compared count as equal, so cyclic object graphs terminate.
enum ValueEquality {
  ///
  /// - Parameter memo: Where to record the common prefixes of arrays compared here.
  static func isEqual(_ lhs: Any, _ rhs: Any, memo: PrefixMemo? = nil) -> Bool {
    if let isEqual = typedCollectionEquality(lhs, rhs, memo: memo) {
      return isEqual
    }
    var visitedPairs: Set<ObjectPair> = []
    return self.isEqual(lhs, rhs, visitedPairs: &visitedPairs)
  }

  private struct ObjectPair: Hashable {
    let lhs: ObjectIdentifier
    let rhs: ObjectIdentifier
  }

  private static func objectIdentifier(of value: Any) -> ObjectIdentifier? {
    if let value = value as? any _CustomDiffObject {
      return value._objectIdentifier
    }
    guard type(of: value) is AnyClass else { return nil }
    return ObjectIdentifier(value as AnyObject)
  }

  private static func isEqual(
    _ lhs: Any, _ rhs: Any, visitedPairs: inout Set<ObjectPair>
  ) -> Bool {
    if let lhsIdentifier = self.objectIdentifier(of: lhs),
      let rhsIdentifier = self.objectIdentifier(of: rhs)
    {
      let pair = ObjectPair(lhs: lhsIdentifier, rhs: rhsIdentifier)
      if visitedPairs.contains(pair) { return true }
      visitedPairs.insert(pair)
    }
    if let isEqual = typedCollectionEquality(lhs, rhs, memo: nil) {
      return isEqual
    }
    if let lhs = lhs as? any Equatable {
      return self.isEqual(lhs, rhs)
    }
    let lhsType = type(of: lhs)
    if lhsType is AnyClass, lhsType == type(of: rhs), lhs as AnyObject === rhs as AnyObject {
      return true
    }
    let lhsMirror = Mirror(dumpReflecting: lhs)
    let rhsMirror = Mirror(dumpReflecting: rhs)
    guard
      lhsMirror.subjectType == rhsMirror.subjectType,
      lhsMirror.children.count == rhsMirror.children.count
    else { return false }
    guard !lhsMirror.children.isEmpty, !rhsMirror.children.isEmpty else {
      return String(describing: lhs) == String(describing: rhs)
    }
    for (lhsChild, rhsChild) in zip(lhsMirror.children, rhsMirror.children) {
      guard
        lhsChild.label == rhsChild.label,
        self.isEqual(lhsChild.value, rhsChild.value, visitedPairs: &visitedPairs)
      else { return false }
    }
    return true
  }

  private static func isEqual<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
  }

  /// Whether two mirror children are equal: same label and equal values.
  static func isEqual(_ lhs: Mirror.Child, _ rhs: Mirror.Child) -> Bool {
    lhs.label == rhs.label && self.isEqual(lhs.value, rhs.value)
  }

  /// Whether two sequences of children are equal, pair by pair.
  static func areEqual(_ lhs: [Mirror.Child], _ rhs: [Mirror.Child]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { self.isEqual($0, $1) }
  }

  /// Whether two values are the same entity: the same diff object, or `Identifiable` values of
  /// one type with equal ids. Collections match elements with this before comparing contents.
  static func isIdentityEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let lhs = lhs as? any _CustomDiffObject, let rhs = rhs as? any _CustomDiffObject {
      return lhs._objectIdentifier == rhs._objectIdentifier
    }
    guard let lhs = lhs as? any Identifiable else { return false }
    return self.hasSameID(lhs, rhs)
  }

  private static func hasSameID<LHS: Identifiable>(_ lhs: LHS, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? LHS else { return false }
    return lhs.id == rhs.id
  }
}
