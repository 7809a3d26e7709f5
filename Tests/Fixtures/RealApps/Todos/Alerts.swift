import ComposableArchitecture

extension AlertState where Action == Todos.Action.Alert {
  /// Asks before clearing the completed todos, which can't be undone.
  static func clearCompleted(count: Int) -> Self {
    Self {
      TextState("Delete \(count) completed \(count == 1 ? "todo" : "todos")?")
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
}
