import ComposableArchitecture
import Foundation

struct Library: Reducer {
  struct State: Equatable {
    var books: IdentifiedArrayOf<Book> = []
    var isLoading = false
    var errorMessage: String?
    var path = StackState<Path.State>()
  }

  enum Action: Equatable {
    case bookTapped(id: Book.ID)
    case booksResponse(TaskResult<[Book]>)
    case path(StackAction<Path.State, Path.Action>)
    case refreshButtonTapped
  }

  struct Path: Reducer {
    enum State: Equatable {
      case author(AuthorProfile.State)
      case detail(BookDetail.State)
    }

    enum Action: Equatable {
      case author(AuthorProfile.Action)
      case detail(BookDetail.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: /State.author, action: /Action.author) {
        AuthorProfile()
      }
      Scope(state: /State.detail, action: /Action.detail) {
        BookDetail()
      }
    }
  }

  @Dependency(\.libraryClient) var libraryClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .bookTapped(id):
        guard let book = state.books[id: id] else { return .none }
        state.path.append(.detail(BookDetail.State(book: book)))
        return .none

      case let .booksResponse(.success(books)):
        state.isLoading = false
        state.books = IdentifiedArray(uniqueElements: books)
        return .none

      case let .booksResponse(.failure(error)):
        state.isLoading = false
        state.errorMessage = error.localizedDescription
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.showAuthor(name))))):
        state.path.append(.author(AuthorProfile.State(name: name)))
        return .none

      case .path:
        return .none

      case .refreshButtonTapped:
        state.isLoading = true
        state.errorMessage = nil
        return .run { send in
          await send(.booksResponse(TaskResult { try await self.libraryClient.fetchBooks() }))
        }
      }
    }
    .forEach(\.path, action: /Action.path) {
      Path()
    }
  }
}
