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
  private lazy var bits: IdenticalBits? = self.memo.identicalBits(Element.self)

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
    let bits = self.bits
    return self.withBases { l, r in
      StateDiff.equalRunLength(l + lhs, r + rhs, limit: limit, bits: bits)
    }
  }

  func knownValueEquality(lhs: Int, rhs: Int) -> Bool? { nil }

  var keyLabels: (lhs: [String?], rhs: [String?])? { nil }

  /// Structs whose bytes qualify (see ``IdenticalBits``) print the same text for the same bytes,
  /// and, strings aside (multi-line ones indent by whether they are labelled), the same text
  /// after any label.
  private lazy var dumpsByBytes: Bool =
    self.bits != nil && isStructType(Element.self)
    && !(Element.self is any StringProtocol.Type)

  func dumpKey(_ index: Int, isLHS: Bool) -> ElementDumpKey? {
    guard self.dumpsByBytes, let bits = self.bits else { return nil }
    let words = (isLHS ? self.lhs : self.rhs).withUnsafeBufferPointer {
      bits.storedWords(at: $0.baseAddress! + index)
    }
    return ElementDumpKey(type: ObjectIdentifier(Element.self), words: words)
  }

  func editScript() -> EditScript {
    let prefixLength = self.prefixLength
    let suffixLength = self.suffixLength
    let lhsCount = self.lhs.count
    let rhsCount = self.rhs.count
    let identity = self.identity
    let bits = self.bits
    /// Whether two elements are the same entity or equal, as CustomDump decides, reading their
    /// bytes first where that settles it.
    func match(_ l: UnsafePointer<Element>, _ r: UnsafePointer<Element>) -> Bool {
      if let bits, bits.haveIdenticalIDs(l, r) == true || bits.areIdentical(l, r) {
        return true
      }
      return identity?.haveSameID(l, r) == true || l.pointee == r.pointee
    }
    /// Pairs in the common prefix or suffix are equal, hence equivalent.
    func isKnownEqual(_ i: Int, _ j: Int) -> Bool {
      (i == j && i < prefixLength) || (lhsCount - i == rhsCount - j && lhsCount - i <= suffixLength)
    }
    return self.withBases { l, r in
      // Trimming compares few pairs besides known ones: compare elements in place.
      let bounds = EditScript.untrimmedBounds(
        oldCount: lhsCount, newCount: rhsCount, knownPrefix: prefixLength, knownSuffix: suffixLength
      ) { i, j in
        isKnownEqual(i, j) || match(l + i, r + j)
      }
      let lhsMiddle = UnsafeBufferPointer(start: l + bounds.old.lowerBound, count: bounds.old.count)
      let rhsMiddle = UnsafeBufferPointer(start: r + bounds.new.lowerBound, count: bounds.new.count)
      // Matching what is left asks about O(N·D) pairs. While few are asked (small edits), they
      // are answered exactly as CustomDump would: same id, or equal.
      let direct = ClosureMatching { i, j in
        match(lhsMiddle.baseAddress! + i, rhsMiddle.baseAddress! + j)
      }
      let limit = 4 * (bounds.old.count + bounds.new.count) + 64
      if let bits, !lhsMiddle.isEmpty, !rhsMiddle.isEmpty {
        let bytesFirst = IdenticalBytesMatching(
          bits: bits, lhs: lhsMiddle.baseAddress!, rhs: rhsMiddle.baseAddress!,
          stride: MemoryLayout<Element>.stride,
          fallback: { i, j in
            identity?.haveSameID(lhsMiddle.baseAddress! + i, rhsMiddle.baseAddress! + j) == true
              || lhsMiddle[i] == rhsMiddle[j]
          }
        )
        if let script = EditScript(matching: bounds, comparisonLimit: limit, by: bytesFirst) {
          return script
        }
      } else if let script = EditScript(matching: bounds, comparisonLimit: limit, by: direct) {
        return script
      }
      // Then (large reorderings) by numbered classes of ids and of equal elements.
      let idClasses = identity?.classes(of: lhsMiddle, rhsMiddle)
      let elementClasses = hashClasses(lhsMiddle, rhsMiddle)
      switch (idClasses, elementClasses) {
      case (let ids?, let elements?) where !elements.determine(ids):
        return ids.withMatching { ids in
          elements.withMatching { elements in
            EditScript(matching: bounds, by: EitherClassMatching(first: ids, second: elements))!
          }
        }
      case (let ids?, _):
        // Equal elements have equal ids (checked above for `Hashable` elements; otherwise
        // assumed, see `fastDiff`), so same id is the whole question.
        return ids.withMatching { EditScript(matching: bounds, by: $0)! }
      case (nil, let elements?):
        return elements.withMatching { EditScript(matching: bounds, by: $0)! }
      case (nil, nil):
        return EditScript(matching: bounds, by: direct)!
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
      equalRunLengthBackwards(l + lhsCount, r + rhsCount, limit: limit, bits: self.bits)
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

/// Numbers the distinct values of two buffers, so that equal values get equal numbers.
func equivalenceCodes<Value: Hashable>(
  _ lhs: some Sequence<Value>, _ rhs: some Sequence<Value>
) -> EquivalenceClasses {
  var numbers: [Value: Int] = [:]
  numbers.reserveCapacity(lhs.underestimatedCount + rhs.underestimatedCount)
  func code(_ value: Value) -> Int {
    // One hash for an element seen before and for a new one (a lookup, then an insertion, hashed
    // a new element twice: a tenth of a 2,000-row reversal of `Hashable` rows).
    let next = numbers.count
    return current(&numbers[value, default: next])
  }
  return EquivalenceClasses(lhs: lhs.map(code), rhs: rhs.map(code))
}

/// The value of an entry accessed in place (so that a dictionary's `default:` subscript inserts it).
private func current(_ number: inout Int) -> Int {
  number
}

/// Numbers for the elements of two sequences, equal for equivalent elements.
struct EquivalenceClasses {
  var lhs: [Int]
  var rhs: [Int]

  /// Whether elements in one class here always share a class in `other`.
  func determine(_ other: EquivalenceClasses) -> Bool {
    var otherClass = [Int](repeating: -1, count: self.lhs.count + self.rhs.count)
    func agree(_ mine: [Int], _ theirs: [Int]) -> Bool {
      for (mine, theirs) in zip(mine, theirs) {
        if otherClass[mine] == -1 {
          otherClass[mine] = theirs
        } else if otherClass[mine] != theirs {
          return false
        }
      }
      return true
    }
    return agree(self.lhs, other.lhs) && agree(self.rhs, other.rhs)
  }

  func withMatching<R>(_ body: (ClassMatching) -> R) -> R {
    self.lhs.withUnsafeBufferPointer { lhs in
      self.rhs.withUnsafeBufferPointer { rhs in body(ClassMatching(old: lhs, new: rhs)) }
    }
  }
}

/// The classes of equal `Hashable` elements (which `==` and hashing classify alike, per
/// `Hashable`'s contract), or `nil` for other elements.
private func hashClasses<Element>(
  _ lhs: UnsafeBufferPointer<Element>, _ rhs: UnsafeBufferPointer<Element>
) -> EquivalenceClasses? {
  guard let hashable = Element.self as? any Hashable.Type else { return nil }
  return openHashable(hashable, UnsafeRawBufferPointer(lhs), UnsafeRawBufferPointer(rhs))
}

private func openHashable<H: Hashable>(
  _: H.Type, _ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer
) -> EquivalenceClasses {
  equivalenceCodes(lhs.bindingAsBuffer(of: H.self), rhs.bindingAsBuffer(of: H.self))
}

/// Matches elements by `Identifiable` id.
protocol ElementIdentity {
  /// Whether the elements at two addresses have the same id.
  func haveSameID<Element>(_ lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>) -> Bool

  /// Numbers the ids of the elements of both buffers: equal ids, equal numbers.
  func classes<Element>(
    of lhs: UnsafeBufferPointer<Element>, _ rhs: UnsafeBufferPointer<Element>
  ) -> EquivalenceClasses
}

private struct IdentifiableIdentity<Identified: Identifiable>: ElementIdentity {
  func haveSameID<Element>(_ lhs: UnsafePointer<Element>, _ rhs: UnsafePointer<Element>) -> Bool {
    UnsafeRawPointer(lhs).assumingMemoryBound(to: Identified.self).pointee.id
      == UnsafeRawPointer(rhs).assumingMemoryBound(to: Identified.self).pointee.id
  }

  func classes<Element>(
    of lhs: UnsafeBufferPointer<Element>, _ rhs: UnsafeBufferPointer<Element>
  ) -> EquivalenceClasses {
    let lhsIDs = Self.ids(of: lhs)
    let rhsIDs = Self.ids(of: rhs)
    defer {
      lhsIDs.deinitialize()
      lhsIDs.deallocate()
      rhsIDs.deinitialize()
      rhsIDs.deallocate()
    }
    return equivalenceCodes(UnsafeBufferPointer(lhsIDs), UnsafeBufferPointer(rhsIDs))
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
