import IdentifiedCollections

// The state shapes the differential test generates: nested structs, enums with payloads,
// optionals, arrays, dictionaries, sets, identified arrays, and multi-line strings.

struct Document: Equatable {
  var title: String
  var count: Int
  var isPinned: Bool?
  var status: Status
  var tags: [String]
  var items: IdentifiedArrayOf<Item>
  var counts: [String: Int]
  var flags: Set<Int>
  var notes: String
  var detail: Detail?
  var history: [Status]
  var labels: [Label]
}

enum Status: Equatable {
  case idle
  case loading(progress: Int)
  case failed(String, code: Int)
  case nested(Detail)
  case list([Int])
}

struct Item: Equatable, Identifiable {
  let id: Int
  var name: String
  var isDone: Bool
  var scores: [Int]
  var detail: Detail?
}

struct Detail: Equatable {
  var name: String
  var values: [Int]
}

/// `Hashable` and `Identifiable`, so large reorderings exercise matching by hashed codes.
struct Label: Hashable, Identifiable {
  var id: Int
  var text: String
}

/// Not `Equatable`: compared by reflection, as CustomDump compares such values.
struct Loose {
  var number: Int
  var pair: (Int, String)
  var entries: [LooseEntry]
  var maybe: LooseEntry?
  var mixed: [Any]
}

struct LooseEntry: Identifiable {
  var id: Int
  var text: String
  var values: [Int]?
}

extension SeededGenerator {
  mutating func document() -> Document {
    Document(
      title: self.text(),
      count: self.int(-3...1_000),
      isPinned: self.pick([nil, true, false]),
      status: self.status(),
      tags: (0..<self.int(0...4)).map { _ in self.text(allowNewlines: false) },
      items: IdentifiedArray(
        uniqueElements: (0..<self.int(0...8)).map { self.item(id: $0) }
      ),
      counts: Dictionary(
        (0..<self.int(0...4)).map { ("k\($0)", self.int(0...9)) }, uniquingKeysWith: { $1 }
      ),
      flags: Set((0..<self.int(0...4)).map { _ in self.int(0...20) }),
      notes: self.multilineText(),
      detail: self.chance(0.6) ? self.detail() : nil,
      history: (0..<self.int(0...3)).map { _ in self.status() },
      labels: (0..<self.int(0...6)).map { Label(id: $0, text: self.text(allowNewlines: false)) }
    )
  }

  mutating func status() -> Status {
    switch self.int(0...4) {
    case 0: return .idle
    case 1: return .loading(progress: self.int(0...100))
    case 2: return .failed(self.text(), code: self.int(400...404))
    case 3: return .nested(self.detail())
    default: return .list((0..<self.int(0...4)).map { _ in self.int(0...9) })
    }
  }

  mutating func item(id: Int) -> Item {
    Item(
      id: id,
      name: self.text(),
      isDone: self.chance(0.5),
      scores: (0..<self.int(0...3)).map { _ in self.int(0...5) },
      detail: self.chance(0.3) ? self.detail() : nil
    )
  }

  mutating func detail() -> Detail {
    Detail(name: self.text(), values: (0..<self.int(0...3)).map { _ in self.int(0...9) })
  }

  mutating func loose() -> Loose {
    Loose(
      number: self.int(0...9),
      pair: (self.int(0...3), self.text()),
      entries: (0..<self.int(0...5)).map { self.looseEntry(id: $0) },
      maybe: self.chance(0.5) ? self.looseEntry(id: 99) : nil,
      mixed: (0..<self.int(0...4)).map { _ in
        self.pick([1, "one", 2.5, Detail(name: "d", values: [1]), [1, 2], true] as [Any])
      }
    )
  }

  mutating func looseEntry(id: Int) -> LooseEntry {
    LooseEntry(
      id: id, text: self.text(),
      values: self.chance(0.5) ? (0..<self.int(0...3)).map { _ in self.int(0...9) } : nil
    )
  }
}
