import ComposableArchitecture
import Foundation
import Testing

@testable import TodosApp

@MainActor
struct TodosTests {
  let clock = TestClock()
  let now = Date(timeIntervalSince1970: 1_234_567_890)

  @Test func addTodo() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.date.now = self.now
      $0.uuid = .incrementing
    }

    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(Todo.State(id: UUID(0), createdAt: self.now), at: 0)
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos = [
        Todo.State(id: UUID(1), createdAt: self.now),
        $0.todos[0],
      ]
    }
  }

  @Test func editTodo() async {
    let store = TestStore(
      initialState: Todos.State(todos: [Todo.State(id: UUID(0), createdAt: self.now)])
    ) {
      Todos()
    }

    await store.send(\.todos[id: UUID(0)].descriptionChanged, "Learn Composable Architecture") {
      $0.todos[id: UUID(0)]?.description = "Learn Composable Architecture"
    }
  }

  @Test func completeTodo() async {
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(id: UUID(0), description: "Milk", createdAt: self.now),
          Todo.State(id: UUID(1), description: "Eggs", createdAt: self.now),
        ]
      )
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = self.clock
    }

    await store.send(\.todos[id: UUID(0)].checkBoxToggled) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await self.clock.waitForSleep()
    await self.clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        $0.todos[1],
        $0.todos[0],
      ]
    }
    await store.finish()
  }

  @Test func completeTodoDebounces() async {
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(id: UUID(0), description: "Milk", createdAt: self.now),
          Todo.State(id: UUID(1), description: "Eggs", createdAt: self.now),
        ]
      )
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = self.clock
    }

    await store.send(\.todos[id: UUID(0)].checkBoxToggled) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await self.clock.waitForSleep()
    await self.clock.advance(by: .milliseconds(500))
    await store.send(\.todos[id: UUID(0)].checkBoxToggled) {
      $0.todos[id: UUID(0)]?.isComplete = false
    }
    await self.clock.waitForSleep()
    await self.clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos)
    await store.finish()
  }

  @Test func clearCompleted() async {
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(id: UUID(0), description: "Milk", createdAt: self.now),
          Todo.State(id: UUID(1), description: "Eggs", isComplete: true, createdAt: self.now),
        ]
      )
    ) {
      Todos()
    }

    await store.send(.clearCompletedButtonTapped) {
      $0.alert = AlertState {
        TextState("Delete 1 completed todo?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDelete) {
          TextState("Delete")
        }
        ButtonState(role: .cancel) {
          TextState("Cancel")
        }
      } message: {
        TextState("This can't be undone.")
      }
    }
    await store.send(\.alert.confirmDelete) {
      $0.alert = nil
      $0.todos = [$0.todos[0]]
    }
  }

  @Test func clearCompletedCancelled() async {
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(id: UUID(0), isComplete: true, createdAt: self.now),
          Todo.State(id: UUID(1), isComplete: true, createdAt: self.now),
        ]
      )
    ) {
      Todos()
    }

    await store.send(.clearCompletedButtonTapped) {
      $0.alert = .clearCompleted(count: 2)
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func clearCompletedWithNothingCompletedDoesNothing() async {
    let store = TestStore(
      initialState: Todos.State(todos: [Todo.State(id: UUID(0), createdAt: self.now)])
    ) {
      Todos()
    }

    await store.send(.clearCompletedButtonTapped)
  }

  @Test func deleteFromFilteredList() async {
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(id: UUID(0), description: "Milk", createdAt: self.now),
          Todo.State(id: UUID(1), description: "Eggs", isComplete: true, createdAt: self.now),
          Todo.State(id: UUID(2), description: "Bread", createdAt: self.now),
        ]
      )
    ) {
      Todos()
    }

    await store.send(.filterPicked(.active)) {
      $0.filter = .active
    }
    #expect(store.state.filteredTodos.map(\.description) == ["Milk", "Bread"])
    await store.send(.delete([1])) {
      $0.todos.remove(id: UUID(2))
    }
  }

  @Test func filters() async {
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(id: UUID(0), description: "Milk", createdAt: self.now),
          Todo.State(id: UUID(1), description: "Eggs", isComplete: true, createdAt: self.now),
        ],
        filter: .completed
      )
    ) {
      Todos()
    }

    #expect(store.state.filteredTodos.ids == [UUID(1)])
    await store.send(.filterPicked(.all)) {
      $0.filter = .all
    }
    #expect(store.state.filteredTodos.ids == [UUID(0), UUID(1)])
    #expect(Filter.allCases.map(\.rawValue) == ["All", "Active", "Completed"])
  }

  @Test func sortButtonSortsAlphabetically() async {
    let milk = Todo.State(id: UUID(0), description: "milk", createdAt: self.now)
    let eggs = Todo.State(id: UUID(1), description: "Eggs", isComplete: true, createdAt: self.now)
    let bread = Todo.State(id: UUID(2), description: "Bread", createdAt: self.now)
    let store = TestStore(initialState: Todos.State(todos: [milk, eggs, bread])) {
      Todos()
    }
    // The order itself is private to the list: assert only what it does to the todos.
    store.exhaustivity = .off

    await store.send(.sortButtonTapped) {
      $0.todos = [bread, eggs, milk]
    }
    await store.send(.sortButtonTapped) {
      $0.todos = [bread, milk, eggs]
    }
  }
}
