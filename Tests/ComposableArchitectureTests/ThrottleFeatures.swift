import ComposableArchitecture
import Foundation

/// A list that loads more as it scrolls, throttling the loads on a scheduler.
struct ThrottledLoader: Reducer {
  struct State: Equatable {
    var loaded: [Int] = []
  }

  enum Action: Equatable {
    case scrolled(Int)
    case load(Int)
  }

  enum CancelID { case load }

  let scheduler: AnySchedulerOf<DispatchQueue>
  let latest: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .scrolled(offset):
      return .send(.load(offset))
        .throttle(
          id: CancelID.load, for: .seconds(1), scheduler: self.scheduler, latest: self.latest
        )
    case let .load(offset):
      state.loaded.append(offset)
      return .none
    }
  }
}
