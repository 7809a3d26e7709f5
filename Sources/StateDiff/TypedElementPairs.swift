/// The elements of two arrays of one `Equatable` value type, compared with `==` and matched by
/// `Identifiable` id when the type has one: the same answers CustomDump's reflection gives for
/// such elements, computed without boxing.
///
/// Work is proportional to the changes: a common prefix and suffix are found with `==` once, and
/// pairs inside them are then known equal (and equivalent) without comparing again.
final class TypedElementPairs<Element: Equatable>: ChildPairs {
  private let lhs: [Element]
  private let rhs: [Element]
  private let identity: (any ElementIdentity)?
  private let memo: PrefixMemo
  private lazy var prefixLength: Int = self.computePrefixLength()
  private lazy var suffixLength: Int = self.computeSuffixLength()

  init(lhs: [Element], rhs: [Element], memo: PrefixMemo) {
    self.lhs = lhs
    self.rhs = rhs
    self.memo = memo
    self.identity = (Element.self as? any Identifiable.Type).map(makeElementIdentity)
  }

  var hasSingleValueContainer: Bool { false }

  func rawChildrenAreEqual() -> Bool {
    self.lhs.count == self.rhs.count && self.prefixLength == self.lhs.count
  }

  func prepare(with dumper: Dumper) {}

  var lhsCount: Int { self.lhs.count }
  var rhsCount: Int { self.rhs.count }

  func lhsChild(_ index: Int) -> Mirror.Child { (nil, self.lhs[index]) }
  func rhsChild(_ index: Int) -> Mirror.Child { (nil, self.rhs[index]) }

  func equalRunLength(lhs: Int, rhs: Int, limit: Int) -> Int {
    if lhs == rhs, lhs < self.prefixLength {
      return min(limit, self.prefixLength - lhs)
    }
    let remaining = self.lhs.count - lhs
    if remaining == self.rhs.count - rhs, remaining <= self.suffixLength {
      return min(limit, remaining)
    }
    return self.withBases { l, r in StateDiff.equalRunLength(l + lhs, r + rhs, limit: limit) }
  }

  func knownValueEquality(lhs: Int, rhs: Int) -> Bool? { nil }

  var keyLabels: (lhs: [String?], rhs: [String?])? { nil }

  func editScript() -> EditScript {
    let prefixLength = self.prefixLength
    let suffixLength = self.suffixLength
    let lhsCount = self.lhs.count
    let rhsCount = self.rhs.count
    let identity = self.identity
    /// Pairs in the common prefix or suffix are equal, hence equivalent.
    func isKnownEqual(_ i: Int, _ j: Int) -> Bool {
      (i == j && i < prefixLength) || (lhsCount - i == rhsCount - j && lhsCount - i <= suffixLength)
    }
    return self.withBases { l, r in
      // Trimming compares few pairs besides known ones: compare elements in place.
      let bounds = EditScript.untrimmedBounds(oldCount: lhsCount, newCount: rhsCount) { i, j in
        isKnownEqual(i, j) || identity?.haveSameID(l + i, r + j) == true || l[i] == r[j]
      }
      // Matching what is left may compare each element many times: read each element's id once
      // (reading an element copies it here), and move on to numbered equivalence classes when
      // comparisons pile up.
      let lhsMiddle = UnsafeBufferPointer(start: l + bounds.old.lowerBound, count: bounds.old.count)
      let rhsMiddle = UnsafeBufferPointer(start: r + bounds.new.lowerBound, count: bounds.new.count)
      let lhsStart = bounds.old.lowerBound
      let rhsStart = bounds.new.lowerBound
      let areEqual = AdaptiveMatcher(
        lhsCount: lhsMiddle.count, rhsCount: rhsMiddle.count,
        direct: { lhsMiddle[$0] == rhsMiddle[$1] },
        makeCodes: hashCodesMaker(lhsMiddle, rhsMiddle)
      )
      guard let identity else {
        return EditScript(matching: bounds) { i, j in
          isKnownEqual(i, j) || areEqual(i - lhsStart, j - rhsStart)
        }
      }
      return identity.withIDMatcher(lhsMiddle, rhsMiddle) { sameID in
        // Same ids is the usual answer here, so it is asked first.
        EditScript(matching: bounds) { i, j in
          sameID(i - lhsStart, j - rhsStart) || isKnownEqual(i, j)
            || areEqual(i - lhsStart, j - rhsStart)
        }
      }
    }
  }

  private func computePrefixLength() -> Int {
    self.memo.prefixLength(self.lhs, self.rhs)
  }

  private func computeSuffixLength() -> Int {
    let limit = min(self.lhs.count, self.rhs.count) - self.prefixLength
    let lhsCount = self.lhs.count
    let rhsCount = self.rhs.count
    return self.withBases { l, r in
      equalRunLengthBackwards(l + lhsCount, r + rhsCount, limit: limit)
    }
  }

  /// Calls `body` with the base addresses of both arrays (a dangling but unused address for an
  /// empty one).
  private func withBases<R>(
    _ body: (UnsafePointer<Element>, UnsafePointer<Element>) -> R
  ) -> R {
    self.lhs.withUnsafeBufferPointer { l in
      self.rhs.withUnsafeBufferPointer { r in
        let placeholder = UnsafePointer<Element>(bitPattern: MemoryLayout<Element>.alignment)!
        return body(l.baseAddress ?? placeholder, r.baseAddress ?? placeholder)
      }
    }
  }
}

/// Answers "are these two elements equivalent?" directly while few questions were asked, then,
/// when matching turns out to need many comparisons (large reorderings), switches to comparing
/// precomputed equivalence-class numbers, when it can compute them.
final class AdaptiveMatcher {
  private let direct: (Int, Int) -> Bool
  private var makeCodes: (() -> (lhs: [Int], rhs: [Int]))?
  private var codes: (lhs: [Int], rhs: [Int])?
  private var remainingDirectCalls: Int

  init(
    lhsCount: Int,
    rhsCount: Int,
    direct: @escaping (Int, Int) -> Bool,
    makeCodes: (() -> (lhs: [Int], rhs: [Int]))?
  ) {
    self.direct = direct
    self.makeCodes = makeCodes
    self.remainingDirectCalls = 4 * (lhsCount + rhsCount) + 64
  }

  func callAsFunction(_ lhs: Int, _ rhs: Int) -> Bool {
    if let codes = self.codes {
      return codes.lhs[lhs] == codes.rhs[rhs]
    }
    if self.remainingDirectCalls > 0 {
      self.remainingDirectCalls -= 1
    } else if let makeCodes = self.makeCodes {
      self.makeCodes = nil
      let codes = makeCodes()
      self.codes = codes
      return codes.lhs[lhs] == codes.rhs[rhs]
    }
    return self.direct(lhs, rhs)
  }
}

/// Numbers the distinct values of two buffers, so that equal values get equal numbers.
func equivalenceCodes<Value: Hashable>(
  _ lhs: some Sequence<Value>, _ rhs: some Sequence<Value>
) -> (lhs: [Int], rhs: [Int]) {
  var numbers: [Value: Int] = [:]
  func code(_ value: Value) -> Int {
    if let number = numbers[value] { return number }
    let number = numbers.count
    numbers[value] = number
    return number
  }
  return (lhs.map(code), rhs.map(code))
}

/// A maker of equivalence codes for `Hashable` elements (which `==` and hashing classify alike,
/// per `Hashable`'s contract), or `nil`.
private func hashCodesMaker<Element>(
  _ lhs: UnsafeBufferPointer<Element>, _ rhs: UnsafeBufferPointer<Element>
) -> (() -> (lhs: [Int], rhs: [Int]))? {
  guard let hashable = Element.self as? any Hashable.Type else { return nil }
  return openHashable(hashable, UnsafeRawBufferPointer(lhs), UnsafeRawBufferPointer(rhs))
}

private func openHashable<H: Hashable>(
  _: H.Type, _ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer
) -> () -> (lhs: [Int], rhs: [Int]) {
  {
    equivalenceCodes(
      lhs.bindingAsBuffer(of: H.self), rhs.bindingAsBuffer(of: H.self)
    )
  }
}

/// Matches elements by `Identifiable` id.
protocol ElementIdentity {
  /// Whether the elements at two addresses have the same id.
  func haveSameID<Element>(_ lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>) -> Bool

  /// Calls `body` with a function telling whether elements at two offsets of the buffers have
  /// the same id, which reads each element's id once.
  func withIDMatcher<Element, R>(
    _ lhs: UnsafeBufferPointer<Element>,
    _ rhs: UnsafeBufferPointer<Element>,
    _ body: ((Int, Int) -> Bool) -> R
  ) -> R
}

private struct IdentifiableIdentity<Identified: Identifiable>: ElementIdentity {
  func haveSameID<Element>(_ lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>) -> Bool {
    UnsafeRawPointer(lhs).assumingMemoryBound(to: Identified.self).pointee.id
      == UnsafeRawPointer(rhs).assumingMemoryBound(to: Identified.self).pointee.id
  }

  func withIDMatcher<Element, R>(
    _ lhs: UnsafeBufferPointer<Element>,
    _ rhs: UnsafeBufferPointer<Element>,
    _ body: ((Int, Int) -> Bool) -> R
  ) -> R {
    let lhsIDs = Self.ids(of: lhs)
    let rhsIDs = Self.ids(of: rhs)
    defer {
      lhsIDs.deinitialize()
      lhsIDs.deallocate()
      rhsIDs.deinitialize()
      rhsIDs.deallocate()
    }
    if Identified.ID.self == Int.self {
      // The most common id type, compared without going through its conformance.
      let l = UnsafeRawBufferPointer(lhsIDs).bindingAsBuffer(of: Int.self)
      let r = UnsafeRawBufferPointer(rhsIDs).bindingAsBuffer(of: Int.self)
      return body { l[$0] == r[$1] }
    }
    let l = UnsafeBufferPointer(lhsIDs)
    let r = UnsafeBufferPointer(rhsIDs)
    let matcher = AdaptiveMatcher(
      lhsCount: l.count, rhsCount: r.count,
      direct: { l[$0] == r[$1] },
      makeCodes: { equivalenceCodes(l, r) }
    )
    return body { matcher($0, $1) }
  }

  /// The ids of the elements, in a buffer the caller deinitializes and deallocates.
  private static func ids<Element>(
    of elements: UnsafeBufferPointer<Element>
  ) -> UnsafeMutableBufferPointer<Identified.ID> {
    let ids = UnsafeMutableBufferPointer<Identified.ID>.allocate(capacity: elements.count)
    guard let base = elements.baseAddress else { return ids }
    let identified = UnsafeRawPointer(base).assumingMemoryBound(to: Identified.self)
    for offset in 0..<elements.count {
      (ids.baseAddress! + offset).initialize(to: identified[offset].id)
    }
    return ids
  }
}

private func makeElementIdentity(_ type: any Identifiable.Type) -> any ElementIdentity {
  func open<I: Identifiable>(_: I.Type) -> any ElementIdentity { IdentifiableIdentity<I>() }
  return open(type)
}

extension UnsafeRawBufferPointer {
  /// The buffer's memory seen as values of `type`, which it must already hold.
  fileprivate func bindingAsBuffer<T>(of type: T.Type) -> UnsafeBufferPointer<T> {
    UnsafeBufferPointer(
      start: self.baseAddress?.assumingMemoryBound(to: T.self),
      count: self.count / Swift.max(MemoryLayout<T>.stride, 1)
    )
  }
}
