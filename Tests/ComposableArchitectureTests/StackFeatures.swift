import ComposableArchitecture
import Foundation

/// The counter of episode 232: "load and go" waits two seconds, then asks its parent to push
/// another counter.
struct StackCounter: Reducer {
  struct State: Equatable, Codable {
    var count = 0
    var isLoading = false
  }

  @CasePathable
  enum Action: Equatable, Codable {
    case closeButtonTapped
    case delegate(Delegate)
    case incrementButtonTapped
    case loadAndGoToCounterButtonTapped
    case startTimerButtonTapped
    case tick

    @CasePathable
    enum Delegate: Equatable, Codable {
      case goToCounter
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      case .delegate:
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .loadAndGoToCounterButtonTapped:
        state.isLoading = true
        return .run { send in
          try await self.clock.sleep(for: .seconds(2))
          await send(.delegate(.goToCounter))
        }
      case .startTimerButtonTapped:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
  }
}

/// A fact screen, the second kind of stack element.
struct StackFact: Reducer {
  struct State: Equatable, Codable {
    var number: Int
  }

  @CasePathable
  enum Action: Equatable, Codable {
    case refreshButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.number += 1
      return .none
    }
  }
}

/// The destinations of the stack, written by hand the way `@Reducer enum` spells them.
struct HandWrittenPath: Reducer {
  @CasePathable
  @dynamicMemberLookup
  enum State: Equatable, Codable {
    case counter(StackCounter.State)
    case fact(StackFact.State)
  }

  @CasePathable
  enum Action: Equatable, Codable {
    case counter(StackCounter.Action)
    case fact(StackFact.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      StackCounter()
    }
    Scope(state: \.fact, action: \.fact) {
      StackFact()
    }
  }
}

/// The root of the navigation stack.
struct StackRoot: Reducer {
  struct State: Equatable {
    var path = StackState<HandWrittenPath.State>()
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case goToCounterButtonTapped
    case goToFactButtonTapped(Int)
    case path(StackActionOf<HandWrittenPath>)
    case popToRootButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .goToCounterButtonTapped:
        state.path.append(.counter(StackCounter.State()))
        return .none
      case let .goToFactButtonTapped(number):
        state.path.append(.fact(StackFact.State(number: number)))
        return .none
      case let .path(.element(id, .counter(.delegate(.goToCounter)))):
        guard case let .counter(counter)? = state.path[id: id] else { return .none }
        state.path.append(.counter(StackCounter.State(count: counter.count)))
        return .none
      case let .path(.popFrom(id)):
        state.log.append("popping \(id.debugDescription)")
        return .none
      case .path:
        return .none
      case .popToRootButtonTapped:
        state.path.removeAll()
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      HandWrittenPath()
    }
  }
}
