import ComposableArchitecture

/// How the list orders its todos. Only the list itself picks it, by cycling through the orders.
fileprivate enum Sort: Equatable {
  case completedLast
  case alphabetical

  var next: Sort {
    switch self {
    case .completedLast: .alphabetical
    case .alphabetical: .completedLast
    }
  }
}

/// The todo list: adding, editing, completing, deleting and filtering todos.
@Reducer
struct Todos {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    var filter: Filter
    var todos: IdentifiedArrayOf<Todo.State>
    fileprivate var sort: Sort = .completedLast

    init(todos: IdentifiedArrayOf<Todo.State> = [], filter: Filter = .all) {
      self.todos = todos
      self.filter = filter
    }

    var filteredTodos: IdentifiedArrayOf<Todo.State> {
      self.todos.filter(self.filter.shows)
    }

    var completedCount: Int {
      self.todos.filter(\.isComplete).count
    }
  }

  enum Action: Equatable {
    case addTodoButtonTapped
    case alert(PresentationAction<Alert>)
    case clearCompletedButtonTapped
    case delete(IndexSet)
    case filterPicked(Filter)
    case sortButtonTapped
    case sortCompletedTodos
    case todos(IdentifiedActionOf<Todo>)

    @CasePathable
    enum Alert: Equatable {
      case confirmDelete
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  private enum CancelID { case todoCompletion }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTodoButtonTapped:
        state.todos.insert(Todo.State(id: self.uuid(), createdAt: self.now), at: 0)
        return .none

      case .alert(.presented(.confirmDelete)):
        state.todos.removeAll(where: \.isComplete)
        return .none

      case .alert:
        return .none

      case .clearCompletedButtonTapped:
        let count = state.completedCount
        guard count > 0 else { return .none }
        state.alert = .clearCompleted(count: count)
        return .none

      case let .delete(offsets):
        let visible = state.filteredTodos
        for offset in offsets where visible.indices.contains(offset) {
          state.todos.remove(id: visible[offset].id)
        }
        return .none

      case let .filterPicked(filter):
        state.filter = filter
        return .none

      case .sortButtonTapped:
        state.sort = state.sort.next
        state.todos = sorted(state.todos, by: state.sort)
        return .none

      case .sortCompletedTodos:
        state.todos = sorted(state.todos, by: state.sort)
        return .none

      case .todos(.element(id: _, action: .checkBoxToggled)):
        // Wait for the user to stop ticking boxes before moving rows around.
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

      case .todos:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .forEach(\.todos, action: \.todos) {
      Todo()
    }
  }
}

/// The todos in the given order. Todos that compare the same keep their relative order.
private func sorted(
  _ todos: IdentifiedArrayOf<Todo.State>, by sort: Sort
) -> IdentifiedArrayOf<Todo.State> {
  let ordered = todos.enumerated().sorted { lhs, rhs in
    if let inOrder = areInIncreasingOrder(lhs.element, rhs.element, by: sort) {
      return inOrder
    }
    return lhs.offset < rhs.offset
  }
  return IdentifiedArray(uniqueElements: ordered.map(\.element))
}

/// Whether `lhs` goes before `rhs`, or `nil` when the order doesn't tell them apart.
private func areInIncreasingOrder(_ lhs: Todo.State, _ rhs: Todo.State, by sort: Sort) -> Bool? {
  switch sort {
  case .completedLast:
    guard lhs.isComplete != rhs.isComplete else { return nil }
    return !lhs.isComplete
  case .alphabetical:
    let lhs = lhs.description.lowercased(), rhs = rhs.description.lowercased()
    guard lhs != rhs else { return nil }
    return lhs < rhs
  }
}
