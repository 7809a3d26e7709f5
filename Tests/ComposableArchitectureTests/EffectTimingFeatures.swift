import ComposableArchitecture
import Foundation

/// A search field that debounces its requests on a scheduler.
struct DebouncedSearch: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case response([String])
  }

  enum CancelID { case search }

  let scheduler: AnySchedulerOf<DispatchQueue>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      return .send(.response([query, query + "!"]))
        .debounce(id: CancelID.search, for: .seconds(1), scheduler: self.scheduler)
    case let .response(results):
      state.results = results
      return .none
    }
  }
}

/// A timer stopped by `Task.cancel(id:)`, and a request made cancellable with
/// `withTaskCancellation(id:)`.
struct CancellingTimer: Reducer {
  struct State: Equatable {
    var ticks = 0
    var response: String?
  }

  enum Action: Equatable {
    case startButtonTapped
    case stopButtonTapped
    case tick
    case fetchButtonTapped
    case cancelFetchButtonTapped
    case response(String)
  }

  enum CancelID { case timer, fetch }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { send in
        for await _ in self.clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopButtonTapped:
      return .run { _ in Task.cancel(id: CancelID.timer) }
    case .tick:
      state.ticks += 1
      return .none
    case .fetchButtonTapped:
      return .run { send in
        let response = await withTaskCancellation(id: CancelID.fetch, cancelInFlight: true) {
          do {
            try await self.clock.sleep(for: .seconds(2))
            return "done"
          } catch {
            return "cancelled"
          }
        }
        await send(.response(response))
      }
    case .cancelFetchButtonTapped:
      return .cancel(id: CancelID.fetch)
    case let .response(response):
      state.response = response
      return .none
    }
  }
}
