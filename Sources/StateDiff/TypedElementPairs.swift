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
  private lazy var prefixLength: Int = self.computePrefixLength()
  private lazy var suffixLength: Int = self.computeSuffixLength()

  init(lhs: [Element], rhs: [Element]) {
    self.lhs = lhs
    self.rhs = rhs
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
    return self.lhs.withUnsafeBufferPointer { l in
      self.rhs.withUnsafeBufferPointer { r in
        var length = 0
        while length < limit, l[lhs + length] == r[rhs + length] {
          length += 1
        }
        return length
      }
    }
  }

  func knownValueEquality(lhs: Int, rhs: Int) -> Bool? { nil }

  var keyLabels: (lhs: [String?], rhs: [String?])? { nil }

  func editScript() -> EditScript {
    let prefixLength = self.prefixLength
    let suffixLength = self.suffixLength
    let lhsCount = self.lhs.count
    let rhsCount = self.rhs.count
    /// Pairs in the common prefix or suffix are equal, hence equivalent.
    func isKnownEqual(_ i: Int, _ j: Int) -> Bool {
      (i == j && i < prefixLength) || (lhsCount - i == rhsCount - j && lhsCount - i <= suffixLength)
    }
    return self.lhs.withUnsafeBufferPointer { l in
      self.rhs.withUnsafeBufferPointer { r in
        let areEqual = AdaptiveMatcher(
          lhsCount: l.count, rhsCount: r.count,
          direct: { l[$0] == r[$1] },
          makeCodes: hashCodesMaker(l, r)
        )
        guard let identity = self.identity else {
          return EditScript(oldCount: lhsCount, newCount: rhsCount) {
            isKnownEqual($0, $1) || areEqual($0, $1)
          }
        }
        return identity.withSameID(lhs: UnsafeRawBufferPointer(l), rhs: UnsafeRawBufferPointer(r)) {
          sameID in
          EditScript(oldCount: lhsCount, newCount: rhsCount) {
            isKnownEqual($0, $1) || sameID($0, $1) || areEqual($0, $1)
          }
        }
      }
    }
  }

  private func computePrefixLength() -> Int {
    self.equalRunLengthUnchecked(lhs: 0, rhs: 0, limit: min(self.lhs.count, self.rhs.count))
  }

  private func computeSuffixLength() -> Int {
    let limit = min(self.lhs.count, self.rhs.count) - self.prefixLength
    return self.lhs.withUnsafeBufferPointer { l in
      self.rhs.withUnsafeBufferPointer { r in
        var length = 0
        while length < limit, l[l.count - 1 - length] == r[r.count - 1 - length] {
          length += 1
        }
        return length
      }
    }
  }

  private func equalRunLengthUnchecked(lhs: Int, rhs: Int, limit: Int) -> Int {
    self.lhs.withUnsafeBufferPointer { l in
      self.rhs.withUnsafeBufferPointer { r in
        var length = 0
        while length < limit, l[lhs + length] == r[rhs + length] {
          length += 1
        }
        return length
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
  /// Calls `body` with a function telling whether the elements at two offsets of the buffers
  /// have the same id.
  func withSameID<R>(
    lhs: UnsafeRawBufferPointer, rhs: UnsafeRawBufferPointer, _ body: (AdaptiveMatcher) -> R
  ) -> R
}

private struct IdentifiableIdentity<Element: Identifiable>: ElementIdentity {
  func withSameID<R>(
    lhs: UnsafeRawBufferPointer, rhs: UnsafeRawBufferPointer, _ body: (AdaptiveMatcher) -> R
  ) -> R {
    let l = lhs.bindingAsBuffer(of: Element.self)
    let r = rhs.bindingAsBuffer(of: Element.self)
    let matcher = AdaptiveMatcher(
      lhsCount: l.count, rhsCount: r.count,
      direct: { l[$0].id == r[$1].id },
      makeCodes: { equivalenceCodes(l.lazy.map(\.id), r.lazy.map(\.id)) }
    )
    return body(matcher)
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
