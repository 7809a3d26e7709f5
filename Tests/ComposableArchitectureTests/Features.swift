import ComposableArchitecture
import Foundation

/// A counter with a timer and a fact request: the features the runtime tests drive.
struct Counter: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int = 0
    var count = 0
    var fact: String?
    var isTimerRunning = false
  }

  @CasePathable
  enum Action: Equatable {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
    case timerTick
    case toggleTimerButtonTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .factButtonTapped:
        return .run { [count = state.count] send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.factResponse("\(count) is a good number."))
        }
      case let .factResponse(fact):
        state.fact = fact
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .timerTick:
        state.count += 1
        return .none
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        if state.isTimerRunning {
          return .run { send in
            for await _ in self.clock.timer(interval: .seconds(1)) {
              await send(.timerTick)
            }
          }
          .cancellable(id: CancelID.timer)
        } else {
          return .cancel(id: CancelID.timer)
        }
      }
    }
  }
}

/// A parent holding one counter in a scope, a list of counters, and an optional counter.
struct Parent: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var rows: IdentifiedArrayOf<Counter.State> = []
    var optional: Counter.State?
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case counter(Counter.Action)
    case rows(IdentifiedActionOf<Counter>)
    case optional(Counter.Action)
    case addRow(id: Int)
    case removeRow(id: Int)
    case toggleOptional
    case childDidSomething
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      Counter()
    }
    Reduce { state, action in
      switch action {
      case .counter(.incrementButtonTapped):
        state.log.append("parent saw increment")
        return .send(.childDidSomething)
      case .counter, .rows, .optional, .childDidSomething:
        return .none
      case let .addRow(id):
        state.rows.append(Counter.State(id: id))
        return .none
      case let .removeRow(id):
        state.rows.remove(id: id)
        return .none
      case .toggleOptional:
        state.optional = state.optional == nil ? Counter.State() : nil
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Counter()
    }
    .ifLet(\.optional, action: \.optional) {
      Counter()
    }
  }
}
