import CustomDump
import IdentifiedCollections
import StateDiff
import TestSupport
import Testing

@testable import StateDiff

// Row shapes for the byte-comparison fast path: padding between fields, NaN, shared objects
// (numbered `#N` when printed twice), strings with and without shared storage, nested
// identified arrays, trivial enums.

struct PaddedRow: Equatable, Identifiable {
  let id: Int
  var flag: Bool
  var title: String
  var small: UInt8
  var mode: Mode
  var leaves: IdentifiedArrayOf<Leaf>
}

enum Mode: Equatable { case on, off }

struct Leaf: Equatable, Identifiable {
  let id: Int
  var name: String
}

struct MeasuredRow: Equatable, Identifiable {
  let id: Int
  var value: Double
  var name: String
}

final class Counter: Equatable {
  var count: Int
  init(count: Int) { self.count = count }
  static func == (lhs: Counter, rhs: Counter) -> Bool { lhs.count == rhs.count }
}

struct ObjectRow: Equatable, Identifiable {
  let id: Int
  var counter: Counter
}

struct HashedRow: Hashable, Identifiable {
  let id: Int
  var name: String
}

/// A row of plain bytes with padding after `flag` (so it can be copied with `copyMemory`).
struct TrivialRow: Equatable {
  let id: Int
  var flag: Bool
  var small: UInt32
}

/// A row whose `id` is computed, so ids are never read from bytes.
struct ComputedIDRow: Equatable, Identifiable {
  var key: Int
  var name: String
  var id: Int { self.key / 2 }
}

@Suite(.ownThreads) struct IdenticalBitsTests {
  @Test func qualifyingTypes() throws {
    #expect(IdenticalBits(of: PaddedRow.self) != nil)
    #expect(IdenticalBits(of: Leaf.self) != nil)
    #expect(IdenticalBits(of: HashedRow.self) != nil)
    #expect(IdenticalBits(of: [String?].self) != nil)
    // Floating point anywhere, objects, payload enums: `==` might not hold on identical bytes.
    #expect(IdenticalBits(of: MeasuredRow.self) == nil)
    #expect(IdenticalBits(of: [Double].self) == nil)
    #expect(IdenticalBits(of: ObjectRow.self) == nil)
    #expect(IdenticalBits(of: Status.self) == nil)
    #expect(IdenticalBits(of: Document.self) == nil)
    // A stride that is not a whole number of words.
    #expect(IdenticalBits(of: (UInt8, UInt8).self) == nil)
  }

  @Test func paddingIsIgnoredAndFieldsAreNot() throws {
    let bits = try #require(IdenticalBits(of: PaddedRow.self))
    let row = PaddedRow(id: 1, flag: true, title: "t", small: 2, mode: .on, leaves: [])
    let stride = MemoryLayout<PaddedRow>.stride
    let lhs = UnsafeMutableRawPointer.allocate(byteCount: stride, alignment: 8)
    let rhs = UnsafeMutableRawPointer.allocate(byteCount: stride, alignment: 8)
    defer {
      lhs.assumingMemoryBound(to: PaddedRow.self).deinitialize(count: 1)
      rhs.assumingMemoryBound(to: PaddedRow.self).deinitialize(count: 1)
      lhs.deallocate()
      rhs.deallocate()
    }
    lhs.initializeMemory(as: UInt8.self, repeating: 0x00, count: stride)
    rhs.initializeMemory(as: UInt8.self, repeating: 0xA5, count: stride)
    lhs.initializeMemory(as: PaddedRow.self, to: row)
    rhs.initializeMemory(as: PaddedRow.self, to: row)
    #expect(bits.areIdentical(lhs, rhs))
    #expect(bits.haveIdenticalIDs(lhs, rhs) == true)
    rhs.assumingMemoryBound(to: PaddedRow.self).pointee.small = 3
    #expect(!bits.areIdentical(lhs, rhs))
    #expect(bits.haveIdenticalIDs(lhs, rhs) == true)
  }

  @Test func idsAreReadFromBytesOnlyWhenStored() throws {
    let stored = try #require(IdenticalBits(of: HashedRow.self))
    let row = HashedRow(id: 1, name: "a")
    #expect(bytes(of: row, HashedRow(id: 1, name: "b"), stored.haveIdenticalIDs) == true)
    #expect(bytes(of: row, HashedRow(id: 2, name: "a"), stored.haveIdenticalIDs) == false)
    let computed = try #require(IdenticalBits(of: ComputedIDRow.self))
    let other = ComputedIDRow(key: 2, name: "a")
    #expect(bytes(of: other, other, computed.haveIdenticalIDs) == nil)
    #expect(bytes(of: other, other, computed.areIdentical))
  }

  /// Runs are counted in chunks of identical bytes, then word by word where a chunk differs:
  /// a difference anywhere in a long run is found, going forward and back, and padding that
  /// differs (which breaks a chunk's `memcmp`) is still ignored after it.
  @Test func runsFindEveryDifferenceAcrossChunks() throws {
    let bits = try #require(IdenticalBits(of: TrivialRow.self))
    let stride = MemoryLayout<TrivialRow>.stride
    let count = 200
    let lhs = UnsafeMutablePointer<TrivialRow>.allocate(capacity: count)
    let rhs = UnsafeMutablePointer<TrivialRow>.allocate(capacity: count)
    defer {
      lhs.deallocate()
      rhs.deallocate()
    }
    UnsafeMutableRawPointer(lhs).initializeMemory(as: UInt8.self, repeating: 0, count: stride * count)
    for index in 0..<count {
      lhs[index] = TrivialRow(id: index, flag: index.isMultiple(of: 3), small: UInt32(index % 7))
    }
    UnsafeMutableRawPointer(rhs).copyMemory(from: lhs, byteCount: stride * count)
    // Padding after `flag` differs in a few rows: bytes differ, stored fields don't.
    for index in [5, 40, 41, 130, 199] {
      (UnsafeMutableRawPointer(rhs) + index * stride + MemoryLayout<TrivialRow>.offset(of: \.flag)! + 1)
        .storeBytes(of: 0xFF, as: UInt8.self)
    }
    let rowBytes = { (row: UnsafeMutablePointer<TrivialRow>) in UnsafeRawBufferPointer(start: row, count: stride) }
    #expect(!rowBytes(lhs + 5).elementsEqual(rowBytes(rhs + 5)))
    #expect(bits.areIdentical(lhs + 5, rhs + 5))
    #expect(bits.identicalRunLength(lhs, rhs, stride: stride, limit: count) == count)
    #expect(bits.identicalRunLength(lhs + count - 1, rhs + count - 1, stride: -stride, limit: count) == count)
    for changed in 0..<count {
      rhs[changed].small += 1
      defer { rhs[changed].small -= 1 }
      #expect(bits.identicalRunLength(lhs, rhs, stride: stride, limit: count) == changed)
      #expect(
        bits.identicalRunLength(lhs + count - 1, rhs + count - 1, stride: -stride, limit: count)
          == count - 1 - changed
      )
      // A limit short of the difference stops the run there.
      #expect(bits.identicalRunLength(lhs, rhs, stride: stride, limit: changed / 2) == changed / 2)
    }
  }

  @Test func paddedRowsDiffExactlyAsCustomDump() {
    self.check(seed: 0x5EED_0201) { rng, id in
      PaddedRow(
        id: id, flag: rng.chance(0.5), title: rng.sharedOrFreshText(), small: UInt8(rng.int(0...3)),
        mode: rng.pick([.on, .off]),
        leaves: IdentifiedArray(
          uniqueElements: (0..<rng.int(0...3)).map { Leaf(id: $0, name: rng.sharedOrFreshText()) }
        )
      )
    } change: { rng, row in
      switch rng.int(0...3) {
      case 0: row.flag.toggle()
      case 1: row.title = rng.sharedOrFreshText()
      case 2: row.leaves.reverse()
      default: row.title = String(row.title.utf8.map { Character(UnicodeScalar($0)) })
      }
    }
  }

  @Test func rowsWithNaNDiffExactlyAsCustomDump() {
    self.check(seed: 0x5EED_0202) { rng, id in
      MeasuredRow(id: id, value: rng.pick([0, -0.0, 1.5, .nan]), name: rng.sharedOrFreshText())
    } change: { rng, row in
      row.value = rng.pick([0, -0.0, 1.5, .nan])
    }
  }

  @Test func sharedObjectsDiffExactlyAsCustomDump() {
    let counters = (0..<3).map { Counter(count: $0) }
    self.check(seed: 0x5EED_0203) { rng, id in
      ObjectRow(id: id, counter: rng.pick(counters))
    } change: { rng, row in
      row.counter = rng.pick(counters)
    }
  }

  @Test func hashableRowsDiffExactlyAsCustomDump() {
    self.check(seed: 0x5EED_0204) { rng, id in
      HashedRow(id: id % 7, name: rng.pick(["a", "b", rng.sharedOrFreshText()]))
    } change: { rng, row in
      row.name = rng.pick(["a", "b"])
    }
  }

  /// Lists of rows, edited (changed, inserted, removed, moved, reversed, shuffled, or rebuilt
  /// with equal but separately stored strings), as arrays and identified arrays, diffed by both.
  private func check<Row: Equatable & Identifiable>(
    seed: UInt64,
    sourceLocation: SourceLocation = #_sourceLocation,
    makeRow: (inout SeededGenerator, Int) -> Row,
    change: (inout SeededGenerator, inout Row) -> Void
  ) {
    var rng = SeededGenerator(seed: seed)
    var failures: [DiffMismatch] = []
    for index in 0..<150 {
      let rows = (0..<rng.int(0...(index.isMultiple(of: 5) ? 70 : 12))).map { makeRow(&rng, $0) }
      var edited = rows
      for _ in 0..<rng.int(1...3) {
        switch rng.int(0...6) {
        case 0 where !edited.isEmpty:
          change(&rng, &edited[rng.int(0...(edited.count - 1))])
        case 1: edited.insert(makeRow(&rng, 1_000 + index), at: rng.int(0...edited.count))
        case 2 where !edited.isEmpty: edited.remove(at: rng.int(0...(edited.count - 1)))
        case 3 where !edited.isEmpty:
          let row = edited.remove(at: rng.int(0...(edited.count - 1)))
          edited.insert(row, at: rng.int(0...edited.count))
        case 4: edited.reverse()
        case 5: edited.shuffle(using: &rng)
        default: edited = edited.map { $0 }
        }
      }
      failures += mismatches(rows, edited, label: "array case \(index) of seed \(seed)")
      let identified = IdentifiedArray(rows, id: \.id, uniquingIDsWith: { first, _ in first })
      let editedIdentified = IdentifiedArray(
        edited, id: \.id, uniquingIDsWith: { first, _ in first }
      )
      failures += mismatches(
        identified, editedIdentified, label: "identified case \(index) of seed \(seed)"
      )
      if failures.count >= 3 { break }
    }
    for failure in failures {
      Issue.record("\(failure)", sourceLocation: sourceLocation)
    }
  }
}

/// `body` applied to the addresses of copies of `lhs` and `rhs`.
private func bytes<Value, Result>(
  of lhs: Value, _ rhs: Value, _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Result
) -> Result {
  withUnsafePointer(to: lhs) { lhs in withUnsafePointer(to: rhs) { rhs in body(lhs, rhs) } }
}

extension SeededGenerator {
  /// Text of more than 15 UTF-8 bytes (so stored out of line), sometimes built afresh (equal
  /// contents in separate storage), sometimes one of a few shared strings.
  mutating func sharedOrFreshText() -> String {
    let shared = ["a shared title, stored once", "another shared title, stored once"]
    guard self.chance(0.5) else { return self.pick(shared) }
    return String(repeating: "fresh ", count: self.int(3...4)) + "\(self.int(0...2))"
  }
}

@propertyWrapper struct Clamped: Equatable {
  var value: Int
  var wrappedValue: Int {
    get { self.value }
    set { self.value = min(newValue, 10) }
  }
  init(wrappedValue: Int) { self.value = min(wrappedValue, 10) }
}

/// Fields of every storage shape a struct dump reads directly or leaves to `Mirror`.
struct StorageShapes: Equatable, Identifiable {
  let id: Int
  weak var weakCounter: Counter?
  unowned var unownedCounter: Counter
  var strongCounter: Counter
  @Clamped var clamped: Int
  var _$registrar: Int
  var pair: (Int, String)
  var mode: Mode?
  var status: Status
  var leaf: Leaf?
  var values: [Double]
  var action: (() -> Void)?
  var any: Any

  static func == (lhs: StorageShapes, rhs: StorageShapes) -> Bool {
    lhs.id == rhs.id && lhs.clamped == rhs.clamped && lhs.pair == rhs.pair
  }
}

/// Cells whose payloads reach the dump as mirror children boxed in `Any` twice.
enum Cell: Equatable, Identifiable {
  case promo(PromoCell)
  case ad(name: String, rank: Int)
  var id: String {
    switch self {
    case .promo(let promo): return promo.id
    case .ad(let name, _): return name
    }
  }
}

struct PromoCell: Equatable {
  var id: String
  var title: String
  var amount: Int
  var isSelected: Bool
}

@Suite(.ownThreads) struct StoredFieldDumpTests {
  @Test func enumPayloadsPrintExactlyAsCustomDump() {
    let cells = (0..<6).map {
      $0.isMultiple(of: 2)
        ? Cell.promo(PromoCell(id: "\($0)", title: "Discount \($0)", amount: $0, isSelected: false))
        : .ad(name: "Ad \($0)", rank: $0)
    }
    expectSameDiff(IdentifiedArrayOf<Cell>(), IdentifiedArray(uniqueElements: cells))
    expectSameDiff(cells, cells.reversed())
  }

  @Test func insertedStructsPrintExactlyAsCustomDump() {
    let counters = (0..<2).map { Counter(count: $0) }
    var rng = SeededGenerator(seed: 0x5EED_0301)
    func shapes(_ id: Int) -> StorageShapes {
      StorageShapes(
        id: id, weakCounter: rng.pick([nil, counters[0]]), unownedCounter: counters[1],
        strongCounter: rng.pick(counters), clamped: rng.int(0...20), _$registrar: 1,
        pair: (id, rng.text()), mode: rng.pick([nil, .on]), status: rng.status(),
        leaf: rng.chance(0.5) ? Leaf(id: 1, name: rng.text()) : nil, values: [1.5, .nan],
        action: rng.chance(0.5) ? {} : nil, any: rng.pick([1, "s", Leaf(id: 2, name: "x")] as [Any])
      )
    }
    for index in 0..<40 {
      let rows = (0..<rng.int(0...4)).map(shapes)
      var edited = rows
      edited.insert(shapes(100 + index), at: rng.int(0...edited.count))
      if !edited.isEmpty, rng.chance(0.5) { edited.remove(at: 0) }
      for mismatch in mismatches(rows, edited, label: "case \(index)") {
        Issue.record("\(mismatch)")
      }
    }
  }
}
