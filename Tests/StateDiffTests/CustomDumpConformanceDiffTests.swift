import CustomDump
import IdentifiedCollections
import TestSupport
import Testing

/// Values that customise how CustomDump prints them.
@Suite(.ownThreads) struct CustomDumpConformanceDiffTests {
  struct Money: CustomDumpStringConvertible, Equatable {
    var cents: Int
    var customDumpDescription: String { "$\(self.cents / 100).\(self.cents % 100)" }
  }

  struct Receipt: CustomDumpStringConvertible, Equatable {
    var lines: [String]
    var customDumpDescription: String { self.lines.joined(separator: "\n") }
  }

  struct Celsius: CustomDumpRepresentable, Equatable {
    var degrees: Double
    var customDumpValue: Any { ["degrees": self.degrees, "unit": 1.0] }
  }

  struct Wrapped: CustomDumpRepresentable, Equatable {
    var inner: Int
    var customDumpValue: Any { self.inner }
  }

  /// Leaves out `nil` fields, so the two sides can have different children.
  struct Sparse: CustomDumpReflectable, Equatable {
    var name: String?
    var age: Int?
    var tags: [String]
    var customDumpMirror: Mirror {
      var children: [(String?, Any)] = []
      if let name { children.append(("name", name)) }
      if let age { children.append(("age", age)) }
      children.append(("tags", self.tags))
      return Mirror(self, children: children.map { (label: $0.0, value: $0.1) }, displayStyle: .struct)
    }
  }

  /// A collection-styled custom mirror over an ordinary struct.
  struct Playlist: CustomDumpReflectable, Equatable {
    var songs: [String]
    var customDumpMirror: Mirror {
      Mirror(self, unlabeledChildren: self.songs, displayStyle: .collection)
    }
  }

  struct Bill: Equatable {
    var total: Money
    var receipt: Receipt
    var temperature: Celsius
    var wrapped: Wrapped
    var sparse: Sparse
    var playlist: Playlist
  }

  static let bill = Bill(
    total: Money(cents: 1250), receipt: Receipt(lines: ["a", "b"]),
    temperature: Celsius(degrees: 21.5), wrapped: Wrapped(inner: 1),
    sparse: Sparse(name: "x", age: nil, tags: []), playlist: Playlist(songs: ["one", "two"])
  )

  @Test func customDescriptions() {
    var other = Self.bill
    other.total.cents = 99
    other.receipt.lines.append("c")
    expectSameDiff(Self.bill, other)
    expectSameDiff(Money(cents: 1), Money(cents: 2))
    expectSameDiff(Receipt(lines: ["a"]), Receipt(lines: ["a", "b"]))
  }

  @Test func representableValues() {
    var other = Self.bill
    other.temperature.degrees = 30
    other.wrapped.inner = 2
    expectSameDiff(Self.bill, other)
    expectSameDiff([Wrapped(inner: 1)], [Wrapped(inner: 1), Wrapped(inner: 2)])
  }

  @Test func reflectableValues() {
    var other = Self.bill
    other.sparse = Sparse(name: nil, age: 4, tags: ["t"])
    other.playlist.songs.insert("zero", at: 0)
    expectSameDiff(Self.bill, other)
    expectSameDiff(Sparse(name: "a", age: 1, tags: []), Sparse(name: "a", age: nil, tags: []))
  }

  @Test func foundationValues() {
    let date = Date(timeIntervalSince1970: 0)
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    expectSameDiff(
      [date, date.addingTimeInterval(60)], [date.addingTimeInterval(60), date]
    )
    expectSameDiff(["id": id], ["id": UUID(uuidString: "00000000-0000-0000-0000-000000000000")!])
    expectSameDiff(URL(string: "https://example.com/a")!, URL(string: "https://example.com/b")!)
  }

  @Test func typesAndKeyPaths() {
    expectSameDiff([Int.self, String.self] as [Any.Type], [Int.self] as [Any.Type])
    expectSameDiff(\Bill.total, \Bill.receipt as PartialKeyPath<Bill>)
  }
}

import Foundation
