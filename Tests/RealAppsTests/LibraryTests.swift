import ComposableArchitecture
import Foundation
import Testing

@testable import LibraryApp

/// The Library app, written the way TCA 1.0 apps were (`struct X: Reducer`, `TaskResult`,
/// `/Action.path` case paths), tested the way their tests were: exhaustively, with actions
/// received by value.
@MainActor
struct LibraryTests {
  struct ServerDown: LocalizedError, Equatable {
    var errorDescription: String? { "The library is closed." }
  }

  @Test func refreshingLoadsTheBooks() async {
    let store = TestStore(initialState: Library.State()) {
      Library()
    } withDependencies: {
      $0.libraryClient.fetchBooks = { Book.mock }
    }

    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.booksResponse(.success(Book.mock))) {
      $0.isLoading = false
      $0.books = IdentifiedArray(uniqueElements: Book.mock)
    }
  }

  @Test func aFailedRefreshShowsTheError() async {
    let store = TestStore(initialState: Library.State()) {
      Library()
    } withDependencies: {
      $0.libraryClient.fetchBooks = { throw ServerDown() }
    }

    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.booksResponse(.failure(ServerDown()))) {
      $0.isLoading = false
      $0.errorMessage = "The library is closed."
    }
  }

  @Test func tappingABookPushesItsDetailAndFavoritesIt() async {
    let book = Book.mock[2]
    let store = TestStore(initialState: Library.State(books: IdentifiedArray(uniqueElements: Book.mock))) {
      Library()
    } withDependencies: {
      $0.libraryClient.setFavorite = { _, isFavorite in isFavorite }
    }

    await store.send(.bookTapped(id: book.id)) {
      $0.path.append(.detail(BookDetail.State(book: book)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.favoriteButtonTapped)))) {
      $0.path[id: 0, case: /Library.Path.State.detail]?.isSavingFavorite = true
    }
    await store.receive(.path(.element(id: 0, action: .detail(.favoriteResponse(.success(true)))))) {
      $0.path[id: 0, case: /Library.Path.State.detail]?.isSavingFavorite = false
      $0.path[id: 0, case: /Library.Path.State.detail]?.isFavorite = true
    }
  }

  @Test func theDetailsAuthorButtonPushesTheAuthorsBooks() async {
    let book = Book.mock[0]
    let store = TestStore(
      initialState: Library.State(
        books: IdentifiedArray(uniqueElements: Book.mock),
        path: StackState([.detail(BookDetail.State(book: book))])
      )
    ) {
      Library()
    } withDependencies: {
      $0.libraryClient.books = { author in Book.mock.filter { $0.author == author }.reversed() }
    }

    await store.send(.path(.element(id: 0, action: .detail(.authorButtonTapped))))
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.showAuthor("Ursula K. Le Guin")))))) {
      $0.path.append(.author(AuthorProfile.State(name: "Ursula K. Le Guin")))
    }
    await store.send(.path(.element(id: 1, action: .author(.onAppear)))) {
      $0.path[id: 1] = .author(AuthorProfile.State(name: "Ursula K. Le Guin", isLoading: true))
    }
    await store.receive(.path(.element(id: 1, action: .author(.booksResponse(.success([Book.mock[1], Book.mock[0]])))))) {
      $0.path[id: 1] = .author(
        AuthorProfile.State(name: "Ursula K. Le Guin", books: [Book.mock[0], Book.mock[1]])
      )
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func aFailedFavoriteShowsTheError() async {
    let store = TestStore(initialState: BookDetail.State(book: Book.mock[1], isFavorite: true)) {
      BookDetail()
    } withDependencies: {
      $0.libraryClient.setFavorite = { _, _ in throw ServerDown() }
    }

    await store.send(.favoriteButtonTapped) {
      $0.isSavingFavorite = true
    }
    await store.receive(.favoriteResponse(.failure(ServerDown()))) {
      $0.isSavingFavorite = false
      $0.errorMessage = "The library is closed."
    }
  }
}
