import ComposableArchitecture
import FeatureCatalog
@testable import FeatureLoader
import Foundation
import TCAScript
import TestSupport
import Testing
import TypeShapes

/// A loaded file's types are described in the table `TypeShapes.PlaygroundTypes`, not by
/// conformances, except where a table can't describe them.
@MainActor
@Suite(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
struct TypeTableTests {
  static let shelfSource = """
    import ComposableArchitecture

    @Reducer
    struct Shelf {
      @ObservableState
      struct State: Equatable {
        var books: [Book] = []
        var lock = Lock()
        var wrapped = Box(value: 1)
      }
      enum Action: Equatable { case add(Book) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case let .add(book):
            state.books.append(book)
            return .none
          }
        }
      }
    }

    struct Book: Equatable {
      var title: String
      var pages = 100
      static let sample = Book(title: "Sample")
    }

    /// Only the type and its extensions may call its memberwise initializer.
    struct Lock: Equatable {
      private var code = 7
      var isOpen = false
    }

    struct Box<Value: Equatable>: Equatable {
      var value: Value
    }

    """

  @Test func describesLoadedTypesInTheTableAndGivesConformancesWhereATableCant() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Shelf.swift", Self.shelfSource)
    let loaded = try await FeatureLoader().load(LoadRequest(path: path))
    let state = try #require(loaded.catalog.features.first?.stateType)
    #expect(!(state is any PlaygroundShaped.Type))
    #expect(PlaygroundTypes.description(of: state) != nil)
    guard case let .struct(shape)? = playgroundShape(of: state) else {
      Issue.record("no struct shape for \(state)")
      return
    }
    let types = Dictionary(uniqueKeysWithValues: shape.fields.map { ($0.name, $0.type) })
    guard case let .sequence(books)? = types["books"].flatMap(playgroundShape(of:)) else {
      Issue.record("no sequence shape for the books")
      return
    }
    let book = books.element
    #expect(!(book is any PlaygroundShaped.Type))
    #expect(playgroundMembers(of: book).map(\.name) == ["sample"])
    // A private stored property, and a generic type: conformances.
    #expect(types["lock"].map { $0 is any PlaygroundShaped.Type } == true)
    #expect(types["wrapped"].map { $0 is any PlaygroundShaped.Type } == true)

    let session = emptySession()
    #expect(session.install(loaded.catalog) == [])
    let output = await session.run(
      """
      let store = TestStore(initialState: Shelf.State()) { Shelf() }
      store.send(.add(.sample)) { $0.books = [Book(title: "Sample", pages: 100)] }
      store.state.lock.isOpen
      store.state.wrapped.value
      """
    )
    #expect(output.map(\.rendered).count == 3)
    #expect(!output.map(\.rendered).joined().contains("✘"), "\(output.map(\.rendered))")
  }

  @Test func fallsBackToConformancesWhereATableCantNameAnExpression() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    // `defaultPages` is named without its type in a default argument: the type's extension
    // sees it, a table at file scope doesn't.
    let path = try folder.write(
      "Shelf.swift",
      Self.shelfSource.replacingOccurrences(
        of: #"static let sample = Book(title: "Sample")"#,
        with: """
          static let defaultPages = 100
            static func sample(pages: Int = defaultPages) -> Book { Book(title: "Sample", pages: pages) }
          """
      )
    )
    let loaded = try await FeatureLoader().load(LoadRequest(path: path))
    let state = try #require(loaded.catalog.features.first?.stateType)
    #expect(state is any PlaygroundShaped.Type)
    #expect(PlaygroundTypes.description(of: state) == nil)

    let session = emptySession()
    #expect(session.install(loaded.catalog) == [])
    let output = await session.run(
      """
      let store = TestStore(initialState: Shelf.State()) { Shelf() }
      store.send(.add(.sample())) { $0.books = [Book(title: "Sample", pages: 100)] }
      """
    )
    #expect(!output.map(\.rendered).joined().contains("✘"), "\(output.map(\.rendered))")
  }
}
