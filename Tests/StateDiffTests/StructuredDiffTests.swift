import CustomDump
import IdentifiedCollections
import StateDiff
import TestSupport
import Testing

/// `fastDiffLines`: the same text as `fastDiff`, as lines that know whether they are context,
/// removed or added.
@Suite(.ownThreads) struct StructuredDiffTests {
  struct Todo: Equatable, Identifiable {
    let id: Int
    var title: String
    var isDone = false
  }

  struct Todos: Equatable {
    var todos: IdentifiedArrayOf<Todo>
    var filter = "all"
  }

  struct Note: Equatable {
    var title = "t"
    var body: String
  }

  @Test func equalValuesHaveNoLines() {
    #expect(fastDiffLines(1, 1) == nil)
    #expect(fastDiffLines(Todos(todos: []), Todos(todos: [])) == nil)
  }

  @Test func scalarsAreARemovalAndAnAddition() {
    let diff = fastDiffLines(1, 2)
    #expect(diff?.lines == [DiffLine(.removed, "- 1"), DiffLine(.added, "+ 2")])
    #expect(diff?.text == fastDiff(1, 2))
  }

  @Test func foldedRunsAndBracketsAreContext() throws {
    let old = Todos(todos: IdentifiedArray(uniqueElements: (1...5).map { Todo(id: $0, title: "\($0)") }))
    var new = old
    new.todos[id: 3]?.isDone = true
    let diff = try #require(fastDiffLines(old, new))
    #expect(diff.text == fastDiff(old, new))
    #expect(
      diff.lines == [
        DiffLine(.context, "  StructuredDiffTests.Todos("),
        DiffLine(.context, "    todos: ["),
        DiffLine(.context, "      … (2 unchanged),"),
        DiffLine(.context, "      [2]: StructuredDiffTests.Todo("),
        DiffLine(.context, "        id: 3,"),
        DiffLine(.context, "        title: \"3\","),
        DiffLine(.removed, "-       isDone: false"),
        DiffLine(.added, "+       isDone: true"),
        DiffLine(.context, "      ),"),
        DiffLine(.context, "      … (2 unchanged)"),
        DiffLine(.context, "    ],"),
        DiffLine(.context, "    filter: \"all\""),
        DiffLine(.context, "  )"),
      ]
    )
  }

  @Test func removedAndInsertedRowsKeepTheirKindOnEveryLine() throws {
    let old = Todos(todos: [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")])
    var new = old
    new.todos.remove(id: 1)
    new.todos.append(Todo(id: 3, title: "c"))
    let diff = try #require(fastDiffLines(old, new))
    #expect(diff.text == fastDiff(old, new))
    let removed = diff.lines.filter { $0.kind == .removed }
    let added = diff.lines.filter { $0.kind == .added }
    #expect(removed.count == 5 && removed.allSatisfy { $0.text.hasPrefix("- ") })
    #expect(added.count == 5 && added.allSatisfy { $0.text.hasPrefix("+ ") })
    #expect(diff.lines.filter { $0.kind == .context }.allSatisfy { $0.text.hasPrefix("  ") })
  }

  /// The kinds are recorded as the diff is written, not read from the columns: a format whose
  /// columns are all the same still tells the lines apart.
  @Test func kindsDoNotDependOnTheFormatsColumns() throws {
    let format = DiffFormat(first: "|", second: "|", both: "|")
    let diff = try #require(fastDiffLines(Note(body: "a"), Note(body: "b"), format: format))
    #expect(diff.text == fastDiff(Note(body: "a"), Note(body: "b"), format: format))
    #expect(diff.lines.map(\.kind) == [.context, .context, .removed, .added, .context])
    #expect(
      diff.lines.map(\.text) == [
        "| StructuredDiffTests.Note(", "|   title: \"t\",", "|   body: \"a\"", "|   body: \"b\"", "| )",
      ]
    )
  }

  /// A multi-line string's changed lines, between the context of its unchanged ones.
  @Test func multilineStrings() throws {
    let old = Note(body: "one\ntwo\nthree")
    let new = Note(body: "one\n2\nthree")
    let diff = try #require(fastDiffLines(old, new, format: .proportional))
    #expect(diff.text == fastDiff(old, new, format: .proportional))
    #expect(diff.text == CustomDump.diff(old, new, format: .proportional))
    let removed = diff.lines.filter { $0.kind == .removed }.map(\.text)
    let added = diff.lines.filter { $0.kind == .added }.map(\.text)
    #expect(removed.count == 1 && removed[0].hasPrefix("\u{2212} ") && removed[0].hasSuffix(" two"))
    #expect(added.count == 1 && added[0].hasPrefix("+ ") && added[0].hasSuffix(" 2"))
    #expect(diff.lines.filter { $0.kind == .context }.contains { $0.text.hasSuffix(" three") })
  }

  /// A line feed a combining mark follows gets no column; the line it starts keeps the kind of
  /// the line above it, and the text stays CustomDump's.
  @Test func aLineWithoutAColumnKeepsTheKindAbove() throws {
    let old = Note(body: "a")
    let new = Note(body: "b\n\u{301}c")
    let diff = try #require(fastDiffLines(old, new))
    #expect(diff.text == fastDiff(old, new))
    #expect(diff.text == CustomDump.diff(old, new))
    #expect(diff.lines.map(\.text).joined(separator: "\n") == diff.text)
    for (index, line) in diff.lines.enumerated() where !line.text.hasPrefix("+ ") && !line.text.hasPrefix("- ") && !line.text.hasPrefix("  ") {
      #expect(index > 0 && line.kind == diff.lines[index - 1].kind)
    }
  }

  /// Lines rejoined give the text back, and each kind's lines start with its column, over many
  /// changes of generated states.
  @Test func linesRejoinToTheTextOfEveryDiff() {
    var generator = SeededGenerator(seed: 49)
    for _ in 0..<200 {
      let old = Todos(todos: IdentifiedArray(uniqueElements: (1...20).map { Todo(id: $0, title: "\($0)") }))
      var new = old
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: new.todos.remove(id: Int.random(in: 1...20, using: &generator))
        case 1: new.todos.append(Todo(id: Int.random(in: 21...40, using: &generator), title: "new"))
        default:
          let id = Int.random(in: 1...20, using: &generator)
          new.todos[id: id]?.isDone.toggle()
        }
      }
      guard let diff = fastDiffLines(old, new) else { continue }
      #expect(diff.text == fastDiff(old, new))
      #expect(diff.lines.map(\.text).joined(separator: "\n") == diff.text)
      for line in diff.lines {
        let column = line.text.first
        #expect(column == (line.kind == .removed ? "-" : line.kind == .added ? "+" : " "))
      }
    }
  }
}
