import RxComposableArchitecture

// "Reducer.forEach": a list of counters. Each row's logic is written once, for one row, and
// `forEach` runs it on the row an action names by id; the list keeps only adding and removing
// rows. The rows reuse the counter of the "Refactor CounterNode" exercise.

/// One row of the list: a counter and its remove button.
public struct CounterRowState: Equatable, Identifiable, Sendable {
  public var id: Int
  public var counter: CounterState

  public init(id: Int, counter: CounterState = CounterState()) {
    self.id = id
    self.counter = counter
  }
}

public enum CounterRowAction: Equatable, Sendable {
  case counter(CounterAction)
  case remove
}

/// A list of counters.
public struct CounterListState: Equatable, Sendable {
  public var rows: IdentifiedArrayOf<CounterRowState> = []
  /// The id the next added row gets.
  public var nextId: Int = 1

  /// The sum of the counters.
  public var totalCount: Int {
    rows.reduce(0) { $0 + $1.counter.count }
  }

  public init(rows: IdentifiedArrayOf<CounterRowState> = [], nextId: Int = 1) {
    self.rows = rows
    self.nextId = nextId
  }
}

public enum CounterListAction: Equatable, Sendable {
  case addRow
  /// An action of the row with the given id.
  case row(id: Int, action: CounterRowAction)
}

/// A row's reducer: the counter's, pulled back to the row. Removing is the list's business.
public let counterRowReducer: Reducer<CounterRowState, CounterRowAction, Void> =
  counterReducer.pullback(
    state: \.counter,
    action: /CounterRowAction.counter,
    environment: { _ in () }
  )

/// The list's reducer: the row reducer for each row, combined (first, so that rows see their
/// actions before a row is removed) with the list's own.
public let counterListReducer = Reducer<CounterListState, CounterListAction, Void>.combine(
  counterRowReducer.forEach(
    state: \.rows,
    action: /CounterListAction.row(id:action:),
    environment: { _ in () }
  ),
  Reducer { state, action, _ in
    switch action {
    case .addRow:
      state.rows.append(CounterRowState(id: state.nextId))
      state.nextId += 1
      return .none
    case let .row(id, .remove):
      state.rows.remove(id: id)
      return .none
    case .row:
      return .none
    }
  }
)
