/// Counts how many elements, from the given positions on, are pairwise `==` (up to `limit`),
/// reading elements in place.
///
/// Written against pointers because this code runs unspecialized (the element type is only
/// known at run time), where subscripting an array or buffer copies each element (retaining
/// everything it holds) before comparing it.
///
/// - Parameter bits: When given, pairs with identical bytes count as equal without `==`.
func equalRunLength<Element: Equatable>(
  _ lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>, limit: Int,
  bits: IdenticalBits? = nil
) -> Int {
  equalRunLength(from: lhs, rhs, step: 1, limit: limit, bits: bits)
}

/// Counts how many elements, from the given positions backwards, are pairwise `==` (up to
/// `limit`).
func equalRunLengthBackwards<Element: Equatable>(
  _ lhsEnd: UnsafePointer<Element>, _ rhsEnd: UnsafePointer<Element>, limit: Int,
  bits: IdenticalBits? = nil
) -> Int {
  equalRunLength(from: lhsEnd - 1, rhsEnd - 1, step: -1, limit: limit, bits: bits)
}

/// The run of pairwise `==` elements from `lhs` and `rhs` on, reading one element `step` away
/// each time (`1` forwards, `-1` backwards).
private func equalRunLength<Element: Equatable>(
  from lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>, step: Int, limit: Int,
  bits: IdenticalBits?
) -> Int {
  var length = 0
  if let bits {
    let stride = MemoryLayout<Element>.stride * step
    while length < limit {
      length += bits.identicalRunLength(
        lhs + step * length, rhs + step * length, stride: stride, limit: limit - length
      )
      guard length < limit, lhs[step * length] == rhs[step * length] else { break }
      length += 1
    }
    return length
  }
  while length < limit, lhs[step * length] == rhs[step * length] {
    length += 1
  }
  return length
}

/// The common-prefix lengths of element arrays compared during one diff, so that an array
/// compared as a field is not compared again when its elements are matched.
///
/// Arrays are keyed by their storage, which the memo keeps alive for the whole diff (so an
/// address cannot be reused by other storage while the diff runs).
final class PrefixMemo {
  private struct Key: Hashable {
    let lhs: UnsafeRawPointer
    let rhs: UnsafeRawPointer
    let lhsCount: Int
    let rhsCount: Int
  }

  private var lengths: [Key: Int] = [:]
  private var retainedStorage: [Any] = []
  private var bitsByType: [ObjectIdentifier: IdenticalBits?] = [:]

  /// The ``IdenticalBits`` analysis of `Element`, made once per diff.
  func identicalBits<Element>(_: Element.Type) -> IdenticalBits? {
    if let bits = self.bitsByType[ObjectIdentifier(Element.self)] { return bits }
    let bits = IdenticalBits(of: Element.self)
    self.bitsByType[ObjectIdentifier(Element.self)] = bits
    return bits
  }

  /// The common-prefix length of two arrays of `==`-comparable elements, computed once.
  func prefixLength<Element: Equatable>(_ lhs: [Element], _ rhs: [Element]) -> Int {
    lhs.withUnsafeBufferPointer { l in
      rhs.withUnsafeBufferPointer { r in
        guard let lhsBase = l.baseAddress, let rhsBase = r.baseAddress else { return 0 }
        let key = Key(
          lhs: UnsafeRawPointer(lhsBase), rhs: UnsafeRawPointer(rhsBase), lhsCount: l.count,
          rhsCount: r.count
        )
        if let length = self.lengths[key] { return length }
        let length = equalRunLength(
          lhsBase, rhsBase, limit: min(l.count, r.count), bits: self.identicalBits(Element.self)
        )
        self.lengths[key] = length
        self.retainedStorage.append((lhs, rhs))
        return length
      }
    }
  }
}

/// `Array`'s `==`, element type known only at run time: equal counts, then the same storage or
/// pairwise equal elements.
func arraysAreEqual<Element: Equatable>(
  _ lhs: [Element], _ rhs: [Element], memo: PrefixMemo?
) -> Bool {
  guard lhs.count == rhs.count else { return false }
  return lhs.withUnsafeBufferPointer { l in
    rhs.withUnsafeBufferPointer { r in
      guard let lhsBase = l.baseAddress, let rhsBase = r.baseAddress, lhsBase != rhsBase else {
        return true
      }
      let prefixLength =
        memo?.prefixLength(lhs, rhs) ?? equalRunLength(lhsBase, rhsBase, limit: l.count)
      return prefixLength == l.count
    }
  }
}

/// The `==` of two collections the diff reads directly (`Array`, `ContiguousArray`,
/// `IdentifiedArray`, whose `==` is their elements' `Array` `==`) of `Equatable` elements, or
/// `nil` for other values.
func typedCollectionEquality(_ lhs: Any, _ rhs: Any, memo: PrefixMemo?) -> Bool? {
  // Metatype tests: value casts look through `Optional`.
  guard
    type(of: lhs) is any ElementArrayReflecting.Type,
    type(of: lhs) == type(of: rhs),
    let lhs = lhs as? any ElementArrayReflecting
  else { return nil }
  return openTypedCollectionEquality(lhs, rhs, memo: memo)
}

private func openTypedCollectionEquality<C: ElementArrayReflecting>(
  _ lhs: C, _ rhs: Any, memo: PrefixMemo?
) -> Bool? {
  guard let rhs = rhs as? C, let equatable = C.Element.self as? any Equatable.Type else {
    return nil
  }
  func open<E: Equatable>(_: E.Type) -> Bool {
    arraysAreEqual(
      unsafeBitCast(lhs.reflectedElements, to: [E].self),
      unsafeBitCast(rhs.reflectedElements, to: [E].self),
      memo: memo
    )
  }
  return open(equatable)
}
