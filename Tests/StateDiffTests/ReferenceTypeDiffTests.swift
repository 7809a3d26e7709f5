import CustomDump
import TestSupport
import Testing

/// Objects: numbering (`#1`), repeats and cycles (`Type(↩︎)`), inheritance, and diff objects,
/// all of which depend on the order in which CustomDump's diff visits values.
@Suite(.ownThreads) struct ReferenceTypeDiffTests {
  final class Box {
    var value: Int
    var label: String
    init(_ value: Int, _ label: String = "box") {
      self.value = value
      self.label = label
    }
  }

  class Animal {
    var name: String
    init(name: String) { self.name = name }
  }

  final class Dog: Animal {
    var tricks: [String]
    init(name: String, tricks: [String]) {
      self.tricks = tricks
      super.init(name: name)
    }
  }

  final class Node {
    var name: String
    var next: Node?
    init(_ name: String, next: Node? = nil) {
      self.name = name
      self.next = next
    }
  }

  struct Holder {
    var first: Box
    var second: Box
    var count: Int
  }

  @Test func differentInstancesAreNumbered() {
    expectSameDiff(Holder(first: Box(1), second: Box(2), count: 0), Holder(first: Box(1), second: Box(3), count: 1))
    let shared = Box(5)
    expectSameDiff(Holder(first: shared, second: shared, count: 0), Holder(first: Box(5), second: Box(5), count: 1))
  }

  @Test func sameInstanceInDifferentPositions() {
    let a = Box(1, "a")
    let b = Box(2, "b")
    expectSameDiff([a, b], [b, a])
    expectSameDiff([a, b, a], [b, a])
    expectSameDiff([Box(1), a], [a, a, Box(2)])
  }

  @Test func inheritedFieldsAreDumped() {
    expectSameDiff(
      [Animal(name: "cat")] as [Animal], [Dog(name: "rex", tricks: ["sit"]), Animal(name: "cat")]
    )
    expectSameDiff(Holder?.none, Holder(first: Box(1), second: Box(1), count: 2))
  }

  @Test func cyclesPrintAsRevisits() {
    let ring = Node("a")
    ring.next = Node("b", next: ring)
    let other = Node("a")
    other.next = Node("c", next: other)
    expectSameDiff(ring, other)
    expectSameDiff([ring, ring.next!], [ring.next!, ring])
    let line = Node("a", next: Node("b"))
    expectSameDiff(["x": ring], ["x": line])
  }

  @Test func setsAndDictionariesOfObjects() {
    let a = Box(1, "a")
    let b = Box(2, "b")
    expectSameDiff(["k1": a, "k2": b], ["k1": b, "k2": a, "k3": Box(3)])
    expectSameDiff([1: [a, b]], [1: [b], 2: [a]])
  }

  final class Key: Hashable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Key, rhs: Key) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(self.name) }
    var description: String { self.name }
  }

  @Test func objectKeysAreSortedWithTheSharedTracker() {
    let a = Key("a")
    let b = Key("b")
    let c = Key("c")
    expectSameDiff([a: 1, b: 2, c: 3], [a: 1, b: 5, Key("d"): 4])
    expectSameDiff(Set([a, b, c]), Set([b, Key("e")]))
    expectSameDiff([[a: Box(1)]], [[a: Box(2), b: Box(1)]])
  }

  final class Counter: _CustomDiffObject {
    var before: Int
    var after: Int
    var other: Int
    init(before: Int, after: Int, other: Int = 0) {
      self.before = before
      self.after = after
      self.other = other
    }
    var _customDiffValues: (Any, Any) {
      (Snapshot(count: self.before, other: self.other), Snapshot(count: self.after, other: self.other))
    }
    struct Snapshot {
      var count: Int
      var other: Int
    }
  }

  final class TypedCounter: _CustomDiffObject {
    var value: Int
    init(_ value: Int) { self.value = value }
    var _customDiffValues: (Any, Any) { (self.value, self.value + 1) }
    var _customDiffType: Any.Type? { TypedCounter.self }
  }

  struct Model {
    var counter: Counter
    var again: Counter
    var title: String
  }

  @Test func diffObjectsReportTheirOwnChange() {
    let counter = Counter(before: 1, after: 2)
    expectSameDiff(
      Model(counter: counter, again: counter, title: "a"),
      Model(counter: counter, again: counter, title: "b")
    )
    expectSameDiff(
      Model(counter: counter, again: Counter(before: 3, after: 3), title: "a"),
      Model(counter: Counter(before: 1, after: 1), again: counter, title: "a")
    )
    let typed = TypedCounter(1)
    expectSameDiff([typed, TypedCounter(2)], [TypedCounter(2), typed])
    expectSameDiff(["a": typed], ["a": typed, "b": TypedCounter(4)])
  }
}
