import ComposableArchitecture

/// Which todos the list shows.
enum Filter: String, CaseIterable, Equatable, Hashable, Sendable {
  case all = "All"
  case active = "Active"
  case completed = "Completed"

  func shows(_ todo: Todo.State) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.isComplete
    case .completed: todo.isComplete
    }
  }
}
