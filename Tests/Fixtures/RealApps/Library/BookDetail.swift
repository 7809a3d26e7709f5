import ComposableArchitecture
import Foundation

struct BookDetail: Reducer {
  struct State: Equatable {
    var book: Book
    var isFavorite = false
    var isSavingFavorite = false
    var errorMessage: String?
  }

  enum Action: Equatable {
    case authorButtonTapped
    case delegate(Delegate)
    case favoriteButtonTapped
    case favoriteResponse(TaskResult<Bool>)

    enum Delegate: Equatable {
      case showAuthor(String)
    }
  }

  @Dependency(\.libraryClient) var libraryClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .authorButtonTapped:
        return .send(.delegate(.showAuthor(state.book.author)))

      case .delegate:
        return .none

      case .favoriteButtonTapped:
        state.isSavingFavorite = true
        state.errorMessage = nil
        return .run { [id = state.book.id, isFavorite = state.isFavorite] send in
          await send(
            .favoriteResponse(
              TaskResult { try await self.libraryClient.setFavorite(id, !isFavorite) }
            )
          )
        }

      case let .favoriteResponse(.success(isFavorite)):
        state.isSavingFavorite = false
        state.isFavorite = isFavorite
        return .none

      case let .favoriteResponse(.failure(error)):
        state.isSavingFavorite = false
        state.errorMessage = error.localizedDescription
        return .none
      }
    }
  }
}
