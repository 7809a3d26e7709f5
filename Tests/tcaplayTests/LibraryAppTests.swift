import Foundation
import Testing
import TestSupport

/// The Library fixture (Tests/Fixtures/RealApps/Library), written the way TCA 1.0 apps were —
/// `struct X: Reducer`, plain enums integrated with `/Action.path` case paths, `TaskResult` —
/// loaded from its folder as it is, and driven through the real binary.
@Suite(.serialized) struct LibraryAppTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/RealApps/Library").path

  @Test(.enabled(if: compilerIsAvailable))
  func aTappedBookIsPushedAndItsAuthorButtonPushesTheAuthor() async throws {
    let scripts = try FeatureFolder()
    defer { scripts.remove() }
    let script = try scripts.write(
      "library.tca",
      """
      let store = TestStore(initialState: Library.State(books: [Book(id: 3, title: "Kindred", author: "Octavia E. Butler", year: 1979)])) { Library() }
      store.send(.bookTapped(id: 3)) { $0.path[id: 0] = .detail(BookDetail.State(book: Book(id: 3, title: "Kindred", author: "Octavia E. Butler", year: 1979))) }
      store.send(.path(.element(id: 0, action: .detail(.authorButtonTapped))))
      store.receive(.path(.element(id: 0, action: .detail(.delegate(.showAuthor("Octavia E. Butler")))))) { $0.path[id: 1] = .author(AuthorProfile.State(name: "Octavia E. Butler")) }
      store.state.path.count
      """
    )
    let run = try await Binary.run(["run", "--load", Self.folder, script])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    #expect(!run.output.contains("✘"), "\(run.output)")
    #expect(run.output.contains("+     #0: .detail(\n"), "\(run.output)")
    #expect(run.output.contains("+     #1: .author(\n"), "\(run.output)")
    #expect(run.output.hasSuffix("2\n"), "\(run.output)")
  }
}
