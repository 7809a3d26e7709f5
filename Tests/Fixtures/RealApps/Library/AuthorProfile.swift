import ComposableArchitecture
import Foundation

struct AuthorProfile: Reducer {
  struct State: Equatable {
    let name: String
    var books: [Book] = []
    var isLoading = false
  }

  enum Action: Equatable {
    case booksResponse(TaskResult<[Book]>)
    case onAppear
  }

  @Dependency(\.libraryClient) var libraryClient

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .booksResponse(.success(books)):
        state.isLoading = false
        state.books = books.sorted { $0.year < $1.year }
        return .none

      case .booksResponse(.failure):
        state.isLoading = false
        return .none

      case .onAppear:
        state.isLoading = true
        return .run { [name = state.name] send in
          await send(.booksResponse(TaskResult { try await self.libraryClient.books(name) }))
        }
      }
    }
  }
}
