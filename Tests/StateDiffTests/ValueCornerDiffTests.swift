import CustomDump
import Foundation
import IdentifiedCollections
import TestSupport
import Testing

/// Value shapes whose printing has special cases in CustomDump.
@Suite(.ownThreads) struct ValueCornerDiffTests {
  indirect enum Mode: Hashable {
    case off
    case on(level: Int)
    case pair(Int, String)
    case labelled(first: Int, second: String?)
    case nested(Mode?)
  }

  enum Described: CustomStringConvertible, Equatable {
    case alpha, beta
    var description: String { self == .alpha ? "ALPHA" : "BETA" }
  }

  struct Wrapper: Equatable {
    var value: Int
  }

  struct Deep: Equatable {
    var wrapper: Wrapper
    var optional: Wrapper?
    var doubleOptional: Int??
    var mode: Mode
    var described: Described
  }

  @Test func enums() {
    expectSameDiff(Mode.off, Mode.on(level: 1))
    expectSameDiff(Mode.on(level: 1), Mode.on(level: 2))
    expectSameDiff(Mode.pair(1, "a"), Mode.pair(1, "b"))
    expectSameDiff(Mode.labelled(first: 1, second: nil), Mode.labelled(first: 2, second: "x"))
    expectSameDiff(Mode.nested(.nested(.off)), Mode.nested(.nested(.on(level: 3))))
    expectSameDiff([Mode.off, .on(level: 1)], [.on(level: 1), .off])
    expectSameDiff(Described.alpha, Described.beta)
  }

  @Test func singleValueContainersAndOptionals() {
    let deep = Deep(
      wrapper: Wrapper(value: 1), optional: nil, doubleOptional: .some(nil), mode: .off,
      described: .alpha
    )
    var other = deep
    other.wrapper.value = 2
    other.optional = Wrapper(value: 3)
    other.doubleOptional = 4
    other.mode = .nested(nil)
    other.described = .beta
    expectSameDiff(deep, other)
    expectSameDiff(Optional(deep), nil)
    expectSameDiff(Wrapper(value: 1), Wrapper(value: 2))
    expectSameDiff(Int??.some(nil), Int??.some(1))
  }

  @Test func tuples() {
    expectSameDiff((1, "a"), (1, "b"))
    expectSameDiff((x: 1, y: [1, 2]), (x: 2, y: [2]))
    expectSameDiff([(1, "a")], [(1, "a"), (2, "b")])
  }

  @Test func strings() {
    expectSameDiff("a", "b")
    expectSameDiff("line 1\nline 2", "line 1\nline 3\nline 4")
    expectSameDiff("", "one\ntwo")
    expectSameDiff("one\ntwo", "one")
    expectSameDiff(#"say "hi""#, ##"say "bye"#"##)
    expectSameDiff("a\"\"\"\nb", "a\"\"\"#\nb")
    expectSameDiff("crlf\r\nline", "crlf\r\nlines")
    expectSameDiff("mark\n\u{301}after", "mark\n\u{301}later")
    expectSameDiff(["key": "multi\nline"], ["key": "multi\nlines"])
    expectSameDiff(Substring("sub\nstring"), Substring("sub\nstrings"))
    expectSameDiff(Character("a"), Character("b"))
    expectSameDiff(["a\nb", "c"], ["c", "a\nb"])
  }

  /// Strings that `debugDescription` escapes, and ASCII that it doesn't, dumped whole inside moved
  /// rows as well as changed in place.
  @Test func escapedCharacters() {
    let texts = ["it's", "tab\there", "nul\u{0}", "bell\u{7}", "del\u{7F}", "~ !#$%&()*+,-./:;<=>?@[]^_`{|}", "é'"]
    for text in texts {
      expectSameDiff(text, text + "x")
      expectSameDiff([text], [])
    }
    let rows = IdentifiedArray(uniqueElements: texts.indices.map { Row(id: $0, title: texts[$0]) })
    expectSameDiff(rows, IdentifiedArray(uniqueElements: rows.reversed()))
  }

  struct Single: Equatable, Identifiable {
    var id: Int
  }

  struct MacroStorage: Equatable, Identifiable {
    var id: Int
    var _$observationRegistrar = 0
    var note = "n"
  }

  /// Moved structs of one field (inline when it prints on one line) or with macro storage
  /// (not printed), nested in rows.
  @Test func movedStructsOfEveryFieldCount() {
    let singles = (0..<5).map { Single(id: $0) }
    expectSameDiff(singles, singles.reversed())
    let stored = (0..<5).map { MacroStorage(id: $0) }
    expectSameDiff(stored, stored.reversed())
    let nested = (0..<5).map { [Row(id: $0, title: "t\($0)")] }
    expectSameDiff(nested, nested.reversed())
  }

  /// A line feed followed by a combining mark is not matched when CustomDump indents text, and
  /// unnamed values (optionals, set elements, tuple elements) can start right after one.
  @Test func combiningMarksAfterLineFeeds() {
    expectSameDiff(["k": Optional("\u{301}one\ntwo")], ["k": Optional("\u{301}one\nthree")])
    expectSameDiff(Set(["\u{301}a\nb", "c"]), Set(["\u{301}a\nb"]))
    expectSameDiff([(1, "\u{301}a\nb")], [(2, "\u{301}a\nb")])
    expectSameDiff([Optional("x\n\u{301}y")], [nil])
    expectSameDiff([Optional("\u{301}a\nb")], [])
    expectSameDiff(Set(["\u{301}a\nb"]), Set(["c"]))
    expectSameDiff([Mode.pair(1, "\u{301}a\nb")], [Mode.off])
  }

  /// Equal by `==` but different by reflection, and the reverse.
  struct Loosely: Equatable {
    var id: Int
    var note: String
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  }

  @Test func customEquality() {
    expectSameDiff(
      [Loosely(id: 1, note: "a"), Loosely(id: 2, note: "b")],
      [Loosely(id: 2, note: "c"), Loosely(id: 3, note: "d")]
    )
    expectSameDiff(
      [[Loosely(id: 1, note: "a")], []], [[], [Loosely(id: 1, note: "b")]]
    )
  }

  struct Row: Equatable, Identifiable {
    let id: Int
    var title: String
  }

  protocol Shape {}
  struct Circle: Shape, Equatable { var radius: Int }
  struct Square: Shape, Equatable { var side: Int }

  @Test func heterogeneousAndWrappedElements() {
    expectSameDiff([1, "a", 2.5] as [Any], ["a", 1, 3.5] as [Any])
    expectSameDiff([Row(id: 1, title: "a"), nil], [nil, Row(id: 1, title: "b")])
    expectSameDiff(
      [AnyHashable(1), AnyHashable("a")], [AnyHashable("a"), AnyHashable(2)]
    )
    expectSameDiff(
      [Circle(radius: 1), Square(side: 2)] as [any Shape],
      [Square(side: 2), Circle(radius: 3)] as [any Shape]
    )
    expectSameDiff(ContiguousArray([1, 2, 3]), ContiguousArray([1, 3]))
  }

  @Test func dictionariesAndSets() {
    expectSameDiff([Mode.off: 1, .on(level: 1): 2], [Mode.off: 1, .on(level: 2): 2])
    expectSameDiff([Int: String](), [1: "a"])
    expectSameDiff(["a": ["x": 1]], ["a": ["x": 2, "y": 3]])
    expectSameDiff(Set(["a", "b", "c"]), Set(["b", "d"]))
    expectSameDiff(Set([Wrapper(value: 1)].map(\.value)), Set([2]))
    expectSameDiff(["multi\nkey": 1], ["multi\nkey": 2])
  }

  @Test func identifiedArrays() {
    let rows = IdentifiedArray(uniqueElements: (0..<150).map { Row(id: $0, title: "\($0)") })
    var edited = rows
    edited[id: 3]?.title = "three"
    edited.remove(id: 60)
    edited.insert(Row(id: 1_000, title: "new"), at: 100)
    edited.move(fromOffsets: [120], toOffset: 10)
    edited[id: 149]?.title = "last"
    expectSameDiff(rows, edited)
    expectSameDiff(rows, IdentifiedArray(uniqueElements: rows.reversed()))
    expectSameDiff(IdentifiedArrayOf<Row>(), rows)
    expectSameDiff([rows], [edited])
  }

  struct Named: Equatable, Identifiable {
    var id: String
    var value: Int
  }

  struct Tagged: Hashable, Identifiable {
    var id: UUID
    var value: Int
  }

  /// Large reorderings switch matching to numbered ids, for id types other than `Int` too.
  @Test func reorderingsWithOtherIdTypes() {
    var generator = SeededGenerator(seed: 0x5EED_0200)
    let named = IdentifiedArray(uniqueElements: (0..<60).map { Named(id: "n\($0)", value: $0 % 3) })
    expectSameDiff(named, IdentifiedArray(uniqueElements: named.reversed()))
    let tagged = (0..<60).map {
      Tagged(id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", $0))!, value: $0 % 2)
    }
    expectSameDiff(tagged, tagged.shuffled(using: &generator))
  }

  @Test func largePlainArrays() {
    let numbers = Array(0..<200)
    var edited = numbers
    edited[150] = -1
    edited.remove(at: 10)
    edited.append(7)
    expectSameDiff(numbers, edited)
    expectSameDiff(numbers, numbers.reversed())
    expectSameDiff(numbers.map { _ in 0 }, numbers.map { $0 == 20 ? 1 : 0 })
  }

  @Test func rootScalars() {
    expectSameDiff(1, 2)
    expectSameDiff(1.5, 2.5)
    expectSameDiff(true, false)
    expectSameDiff(Int?.none, 1)
    expectSameDiff([1], [])
  }
}
