import CustomDump
import IdentifiedCollections
import StateDiff
import TestSupport
import Testing

/// The text of a few diffs, spelled out (the differential tests compare with CustomDump; these
/// show what that text is).
@Suite(.ownThreads) struct FastDiffTests {
  struct Todo: Equatable, Identifiable {
    let id: Int
    var title: String
    var isDone = false
  }

  struct Todos: Equatable {
    var todos: IdentifiedArrayOf<Todo>
    var filter = "all"
  }

  @Test func equalValuesHaveNoDiff() {
    #expect(fastDiff(1, 1) == nil)
    #expect(fastDiff(Todos(todos: []), Todos(todos: [])) == nil)
  }

  @Test func scalars() {
    #expect(fastDiff(1, 2) == "- 1\n+ 2")
    #expect(fastDiff(1, 2, format: .proportional) == "\u{2212} 1\n+ 2")
  }

  @Test func unchangedRowsFold() {
    let old = Todos(todos: IdentifiedArray(uniqueElements: (1...5).map { Todo(id: $0, title: "\($0)") }))
    var new = old
    new.todos[id: 3]?.isDone = true
    #expect(
      fastDiff(old, new) == """
          FastDiffTests.Todos(
            todos: [
              … (2 unchanged),
              [2]: FastDiffTests.Todo(
                id: 3,
                title: "3",
        -       isDone: false
        +       isDone: true
              ),
              … (2 unchanged)
            ],
            filter: "all"
          )
        """
    )
  }

  @Test func insertedAndRemovedRows() {
    let old = Todos(todos: [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")])
    var new = old
    new.todos.remove(id: 1)
    new.todos.append(Todo(id: 3, title: "c"))
    #expect(
      fastDiff(old, new) == """
          FastDiffTests.Todos(
            todos: [
        -     [0]: FastDiffTests.Todo(
        -       id: 1,
        -       title: "a",
        -       isDone: false
        -     ),
              [0]: FastDiffTests.Todo(…),
        +     [1]: FastDiffTests.Todo(
        +       id: 3,
        +       title: "c",
        +       isDone: false
        +     )
            ],
            filter: "all"
          )
        """
    )
  }
}
