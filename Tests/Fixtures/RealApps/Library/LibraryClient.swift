import ComposableArchitecture
import Foundation

struct LibraryClient {
  var fetchBooks: @Sendable () async throws -> [Book]
  var books: @Sendable (_ author: String) async throws -> [Book]
  var setFavorite: @Sendable (_ bookID: Book.ID, _ isFavorite: Bool) async throws -> Bool
}

extension LibraryClient: DependencyKey {
  static let liveValue: LibraryClient = {
    let favorites = LockIsolated<Set<Book.ID>>([])
    return LibraryClient(
      fetchBooks: {
        try await Task.sleep(for: .milliseconds(300))
        return Book.mock
      },
      books: { author in
        Book.mock.filter { $0.author == author }
      },
      setFavorite: { id, isFavorite in
        favorites.withValue {
          if isFavorite { $0.insert(id) } else { $0.remove(id) }
        }
        return isFavorite
      }
    )
  }()

  static let previewValue = LibraryClient(
    fetchBooks: { Book.mock },
    books: { author in Book.mock.filter { $0.author == author } },
    setFavorite: { _, isFavorite in isFavorite }
  )

  static let testValue = LibraryClient(
    fetchBooks: unimplemented("LibraryClient.fetchBooks"),
    books: unimplemented("LibraryClient.books"),
    setFavorite: unimplemented("LibraryClient.setFavorite")
  )
}

extension DependencyValues {
  var libraryClient: LibraryClient {
    get { self[LibraryClient.self] }
    set { self[LibraryClient.self] = newValue }
  }
}
