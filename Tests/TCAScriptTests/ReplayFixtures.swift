import ComposableArchitecture
import FeatureCatalog
import Foundation
import Synchronization

// A feature whose reducer reads every value the playground controls — ids, random numbers, the
// test clock's time, stack element ids — and one it doesn't (a global count), for the history's
// replays (HistoryReplayTests).

struct Ledger: Reducer {
  struct Entry: Equatable {
    var id: UUID
    var roll: Int
    var time: String
  }

  struct State: Equatable {
    var entries: [Entry] = []
    var stack = StackState<Int>()
    var draws = 0
  }

  enum Action: Equatable {
    /// An entry: an id, a die roll and the clock's time.
    case add
    /// An effect that waits a second, takes an id for itself and sends `tick`.
    case wait
    /// An entry, as `add` makes one.
    case tick
    /// Pushes the number of entries on the stack (a new stack element id).
    case push
    /// Takes the next number of a count outside the playground's control: a reducer whose replay
    /// gives another state.
    case draw
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.withRandomNumberGenerator) var random
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add, .tick:
      let roll = self.random { Int.random(in: 1...6, using: &$0) }
      state.entries.append(Entry(id: self.uuid(), roll: roll, time: "\(self.clock.now)"))
      return .none
    case .wait:
      return .run { [clock, uuid] send in
        try await clock.sleep(for: .seconds(1))
        _ = uuid()
        await send(.tick)
      }
    case .push:
      state.stack.append(state.entries.count)
      return .none
    case .draw:
      state.draws = drawCount.withLock { count in
        count += 1
        return count
      }
      return .none
    }
  }
}

/// The count `Ledger`'s `draw` reads, shared by every run of its reducer.
private let drawCount = Mutex(0)

let ledgerCatalog = Catalog(module: "Ledgers") {
  FieldDefaults(Ledger.State())
  Feature("Ledger", summary: "Ids, rolls, times and stack ids from dependencies", initialState: Ledger.State(), reducer: { Ledger() })
}
