@_spi(Reflection) import Swift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Recognises, from their bytes, values that `==` would find equal without calling `==`, for the
/// element types where that is sound.
///
/// Two values with identical stored bytes are the same value (strings and arrays share storage;
/// everything else is inline), and `==` is reflexive (Equatable's contract) — except for
/// floating point, where NaN is not equal to itself. So, identical bytes imply `==` for value
/// types none of whose contents can hold a floating-point number; then CustomDump's comparison
/// (`==`) answers `true`, and printing is unaffected because the printed text is decided by that
/// answer, never by the bytes. A type qualifies when it is (recursively): an integer, `Bool`,
/// `String`, `Substring` or `Character`; a struct or tuple of qualifying fields; an `Optional`,
/// `Array`, `ContiguousArray`, `IdentifiedArray`, `Set` or `Dictionary` of qualifying contents; or
/// a trivial enum of at most one byte (too small to hold a float). Classes, existentials, other
/// enums, functions and anything unknown disqualify, so a float cannot hide behind them.
///
/// Only the bytes of stored fields are compared, never padding (which copies need not preserve);
/// bytes that differ fall back to `==`, so differing padding or storage only costs time.
struct IdenticalBits {
  /// Masked 8-byte words to compare: offset in bytes, and which bytes of the word matter.
  fileprivate let words: [(offset: Int, mask: UInt64)]
  /// The same for the element's `id`, when it is a stored field of a qualifying type.
  fileprivate let idWords: [(offset: Int, mask: UInt64)]?

  /// The analysis of `Element`, or `nil` when it does not qualify (or its stride is not a whole
  /// number of words).
  init?<Element>(of _: Element.Type) {
    let stride = MemoryLayout<Element>.stride
    guard stride > 0, stride % 8 == 0 else { return nil }
    var analysis = LayoutWalk()
    var ranges: [Range<Int>] = []
    guard
      _forEachField(of: Wrapper<Element>.self, body: { _, _, type, kind in
        analysis.append(type, kind: kind, at: 0, into: &ranges)
      })
    else { return nil }
    self.words = Self.words(covering: ranges, stride: stride)
    self.idWords = (Element.self as? any Identifiable.Type).flatMap {
      Self.idWords(of: $0, in: Element.self, stride: stride)
    }
  }

  /// Whether the stored fields of the values at `lhs` and `rhs` hold identical bytes.
  func areIdentical(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    Self.agree(self.words, lhs, rhs)
  }

  /// Whether the ids of the values at `lhs` and `rhs` hold identical bytes (so are equal);
  /// `nil` when ids are not read from bytes.
  func haveIdenticalIDs(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool? {
    self.idWords.map { Self.agree($0, lhs, rhs) }
  }

  /// How many consecutive pairs, from `lhs` and `rhs` on, moving `stride` bytes each step (back
  /// when negative), hold identical stored bytes, up to `limit`.
  ///
  /// Not generic, so that it runs as a tight loop where the element type is only known at run
  /// time.
  func identicalRunLength(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, stride: Int, limit: Int
  ) -> Int {
    Self.runLength(of: self.words, lhs, rhs, stride: stride, limit: limit)
  }

  /// The same for the ids' bytes (identical ids: the same entity); `nil` when ids are not read
  /// from bytes.
  func identicalIDRunLength(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, stride: Int, limit: Int
  ) -> Int? {
    self.idWords.map { Self.runLength(of: $0, lhs, rhs, stride: stride, limit: limit) }
  }

  /// How many elements a run compares at once with `memcmp` before comparing them word by word.
  private static let chunkLength = 32

  private static func runLength(
    of words: [(offset: Int, mask: UInt64)], _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
    stride: Int, limit: Int
  ) -> Int {
    words.withUnsafeBufferPointer { words in
      var length = 0
      var lhs = lhs
      var rhs = rhs
      // A chunk of elements whose bytes are all identical, padding included, holds identical
      // stored bytes. One `memcmp` reads a chunk faster than the masked words below, and long
      // runs are most of a large array's diff (its common prefix and suffix): 100k-row diffs
      // took a quarter to two fifths less time. A chunk that differs anywhere, padding too, is
      // compared word by word.
      let chunkBytes = Self.chunkLength * Swift.abs(stride)
      // Backwards (negative stride), a chunk's bytes end where the current element's do.
      let chunkStart = stride > 0 ? 0 : stride * (Self.chunkLength - 1)
      while length < limit {
        if limit - length >= Self.chunkLength, memcmp(lhs + chunkStart, rhs + chunkStart, chunkBytes) == 0 {
          length += Self.chunkLength
          lhs += stride * Self.chunkLength
          rhs += stride * Self.chunkLength
          continue
        }
        let chunkEnd = min(limit, length + Self.chunkLength)
        while length < chunkEnd {
          for (offset, mask) in words {
            let difference =
              lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
              ^ rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if difference & mask != 0 { return length }
          }
          length += 1
          lhs += stride
          rhs += stride
        }
      }
      return length
    }
  }

  fileprivate static func agree(
    _ words: [(offset: Int, mask: UInt64)], _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer
  ) -> Bool {
    words.withUnsafeBufferPointer { words in
      for (offset, mask) in words {
        let difference =
          lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          ^ rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if difference & mask != 0 { return false }
      }
      return true
    }
  }

  /// The stored bytes of the value at `pointer`, padding zeroed: equal for identical values.
  func storedWords(at pointer: UnsafeRawPointer) -> [UInt64] {
    self.words.map { pointer.loadUnaligned(fromByteOffset: $0.offset, as: UInt64.self) & $0.mask }
  }

  private static func words(
    covering ranges: [Range<Int>], stride: Int
  ) -> [(offset: Int, mask: UInt64)] {
    var masks = [UInt64](repeating: 0, count: stride / 8)
    for range in ranges {
      for byte in range {
        masks[byte / 8] |= 0xFF << (8 * UInt64(byte % 8))
      }
    }
    return masks.enumerated().compactMap { $1 == 0 ? nil : ($0 * 8, $1) }
  }

  /// The words of a stored property named `id` whose type is the `Identifiable` id type (the
  /// property that then is the `id` requirement's witness), when that type qualifies.
  private static func idWords<Element>(
    of identifiable: any Identifiable.Type, in _: Element.Type, stride: Int
  ) -> [(offset: Int, mask: UInt64)]? {
    func idType<I: Identifiable>(_: I.Type) -> Any.Type { I.ID.self }
    let id = idType(identifiable)
    var ranges: [Range<Int>]?
    _forEachField(of: Element.self) { name, offset, type, kind in
      guard String(cString: name) == "id" else { return true }
      guard type == id else { return false }
      var walk = LayoutWalk()
      var idRanges: [Range<Int>] = []
      if walk.append(type, kind: kind, at: offset, into: &idRanges) {
        ranges = idRanges
      }
      return false
    }
    return ranges.map { self.words(covering: $0, stride: stride) }
  }
}

/// Elements of two buffers matched by identical id bytes or identical bytes, else by `fallback`
/// (the same answer `==` and ids give, read from the bytes where that settles it).
///
/// Not generic over the element type, so that the difference running on it is specialized even
/// where the element type is only known at run time.
struct IdenticalBytesMatching: OffsetMatching {
  let bits: IdenticalBits
  let lhs: UnsafeRawPointer
  let rhs: UnsafeRawPointer
  let stride: Int
  let fallback: (Int, Int) -> Bool

  func matches(_ old: Int, _ new: Int) -> Bool {
    let lhs = self.lhs + old * self.stride
    let rhs = self.rhs + new * self.stride
    if let idWords = self.bits.idWords, IdenticalBits.agree(idWords, lhs, rhs) { return true }
    return IdenticalBits.agree(self.bits.words, lhs, rhs) || self.fallback(old, new)
  }

  static var comparesRuns: Bool { true }

  // After a pair that matches, the run of identical ids (or, without ids read from bytes, of
  // identical bytes) that follows is counted word by word: a moved row's snake is every element
  // between its two places. The pair that ends a run is asked as ``matches(_:_:)`` asks it; so
  // is the first, since most snakes of a large reordering are empty.
  func matchingRun(_ old: Int, _ new: Int, limit: Int) -> Int {
    var length = 0
    while length < limit, self.matches(old + length, new + length) {
      length += 1
      length += self.identicalRun(
        self.lhs + (old + length) * self.stride, self.rhs + (new + length) * self.stride,
        stride: self.stride, limit: limit - length)
    }
    return length
  }

  func matchingRunBackward(_ oldEnd: Int, _ newEnd: Int, limit: Int) -> Int {
    var length = 0
    while length < limit, self.matches(oldEnd - 1 - length, newEnd - 1 - length) {
      length += 1
      length += self.identicalRun(
        self.lhs + (oldEnd - 1 - length) * self.stride, self.rhs + (newEnd - 1 - length) * self.stride,
        stride: -self.stride, limit: limit - length)
    }
    return length
  }

  private func identicalRun(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, stride: Int, limit: Int) -> Int {
    self.bits.identicalIDRunLength(lhs, rhs, stride: stride, limit: limit)
      ?? self.bits.identicalRunLength(lhs, rhs, stride: stride, limit: limit)
  }
}

/// A struct with one field, whose field list reports the kind of `Value`'s metadata.
private struct Wrapper<Value> {
  var value: Value
}

/// `Optional`, with its wrapped type.
protocol OptionalContents { static var wrappedType: Any.Type { get } }
extension Optional: OptionalContents { static var wrappedType: Any.Type { Wrapped.self } }

private protocol ArrayContents { static var elementType: Any.Type { get } }
extension Array: ArrayContents { static var elementType: Any.Type { Element.self } }
extension ContiguousArray: ArrayContents { static var elementType: Any.Type { Element.self } }
extension Set: ArrayContents { static var elementType: Any.Type { Element.self } }

private protocol DictionaryContents { static var contentTypes: [Any.Type] { get } }
extension Dictionary: DictionaryContents {
  static var contentTypes: [Any.Type] { [Key.self, Value.self] }
}

/// Checks types against ``IdenticalBits``'s rules, collecting the byte ranges of stored fields.
private struct LayoutWalk {
  /// Types whose contents are being checked (a type reached again through an array inside
  /// itself adds nothing new).
  private var inProgress: Set<ObjectIdentifier> = []

  private static let leaves: Set<ObjectIdentifier> = [
    ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
    ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self),
    ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
    ObjectIdentifier(UInt64.self), ObjectIdentifier(Bool.self), ObjectIdentifier(String.self),
    ObjectIdentifier(Substring.self), ObjectIdentifier(Character.self),
  ]

  /// Appends the ranges of `type`'s stored bytes at `base`; `false` when it does not qualify.
  mutating func append(
    _ type: Any.Type, kind: _MetadataKind, at base: Int, into ranges: inout [Range<Int>]
  ) -> Bool {
    let whole = base..<(base + size(of: type))
    // Foundation's `Decimal` is made of integers but has a NaN.
    guard String(reflecting: type) != "Foundation.Decimal" else { return false }
    if Self.leaves.contains(ObjectIdentifier(type)) {
      ranges.append(whole)
      return true
    }
    var contents: [Any.Type]?
    if let optional = type as? any OptionalContents.Type {
      contents = [optional.wrappedType]
    } else if let array = type as? any ArrayContents.Type {
      contents = [array.elementType]
    } else if let dictionary = type as? any DictionaryContents.Type {
      contents = dictionary.contentTypes
    } else if let identified = type as? any ElementArrayReflecting.Type {
      contents = [elementType(of: identified)]
    }
    if let contents {
      guard contents.allSatisfy({ self.qualifies($0) }) else { return false }
      ranges.append(whole)
      return true
    }
    switch kind {
    case .struct, .tuple:
      var fieldRanges: [Range<Int>] = []
      guard
        _forEachField(of: type, body: { _, offset, fieldType, fieldKind in
          self.append(fieldType, kind: fieldKind, at: base + offset, into: &fieldRanges)
        })
      else { return false }
      ranges.append(contentsOf: fieldRanges)
      return true
    case .enum:
      guard isTrivial(type), size(of: type) <= 1 else { return false }
      ranges.append(whole)
      return true
    default:
      return false
    }
  }

  /// Whether values of `type`, held in storage, qualify.
  private mutating func qualifies(_ type: Any.Type) -> Bool {
    let id = ObjectIdentifier(type)
    guard !self.inProgress.contains(id) else { return true }
    self.inProgress.insert(id)
    defer { self.inProgress.remove(id) }
    var ranges: [Range<Int>] = []
    var kind: _MetadataKind?
    func open<T>(_: T.Type) {
      _forEachField(of: Wrapper<T>.self) { _, _, _, fieldKind in
        kind = fieldKind
        return true
      }
    }
    open(type)
    guard let kind else { return false }
    return self.append(type, kind: kind, at: 0, into: &ranges)
  }
}

private func size(of type: Any.Type) -> Int {
  func open<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
  return open(type)
}

private func isTrivial(_ type: Any.Type) -> Bool {
  func open<T>(_: T.Type) -> Bool { _isPOD(T.self) }
  return open(type)
}

private func elementType(of type: any ElementArrayReflecting.Type) -> Any.Type {
  func open<C: ElementArrayReflecting>(_: C.Type) -> Any.Type { C.Element.self }
  return open(type)
}
