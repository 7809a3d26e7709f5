import FeatureCatalog
@testable import FeatureLoader
import Foundation
import TCAScript
import Testing
import TestSupport

/// Loading a package of several modules (Tests/Fixtures/ModularApp): each module compiled in
/// order under a fresh name, its dependents against it, and `:reload` recompiling the changed
/// module and those that import it.
@MainActor
@Suite(.serialized, .enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
struct ModulesLoadingTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/ModularApp")

  @Test func loadsEveryModuleInOrderAndReloadsOnlyTheChangedOneAndItsDependents() async throws {
    let folder = try FeatureFolder(copying: Self.fixture)
    defer { folder.remove() }
    let loader = FeatureLoader()
    let loaded = try await loader.load(LoadRequest(path: folder.path))

    #expect(loaded.modules.last == "AppFeature")
    #expect(Set(loaded.modules) == ["SharedModels", "APIClient", "LoginFeature", "SettingsFeature", "AppFeature"])
    #expect(loaded.modules.firstIndex(of: "SharedModels")! < loaded.modules.firstIndex(of: "APIClient")!)
    #expect(loaded.modules.firstIndex(of: "APIClient")! < loaded.modules.firstIndex(of: "LoginFeature")!)
    // The root feature first: `:load` makes its store.
    #expect(loaded.featureNames == ["AppFeature", "Settings", "Login"])
    #expect(loaded.summary.hasPrefix("Loaded AppFeature, Settings, Login from 5 modules (SharedModels, APIClient, LoginFeature, SettingsFeature, AppFeature) (AppFeature_"))

    let session = emptySession()
    session.install(loaded.catalog)
    let output = await session.run(
      """
      let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
      store.send(.login(.nameChanged("Blob"))) { $0.login.name = "Blob" }
      store.send(.login(.passwordChanged("pw"))) { $0.login.password = "pw" }
      store.send(.login(.logInButtonTapped)) { $0.login.isLoggingIn = true }
      store.receive(\\.login.delegate.loggedIn) { $0.login.isLoggingIn = false; $0.user = User(id: 42, name: "Blob") }
      let failure = APIClient.Failure(reason: "down")
      failure.reason
      """
    )
    let rendered = output.map(\.rendered)
    #expect(!rendered.contains { $0.contains("✘") || $0.contains("error:") }, "\(rendered)")
    #expect(rendered.last == "\"down\"", "\(rendered)")

    // An edit in LoginFeature: it and AppFeature are compiled again, the others kept.
    let login = folder.url.appendingPathComponent("Sources/LoginFeature/Login.swift")
    let text = try String(contentsOf: login, encoding: .utf8)
    try text.replacingOccurrences(of: "state.errorMessage = message", with: "state.errorMessage = \"Failed: \" + message")
      .write(to: login, atomically: false, encoding: .utf8)
    let reloaded = try #require(try await loader.reload().first)
    #expect(reloaded.modules == ["LoginFeature", "AppFeature"])
    #expect(Set(reloaded.unchangedModules) == ["SharedModels", "APIClient", "SettingsFeature"])
    #expect(reloaded.featureNames == ["AppFeature", "Login"])
    let report = await session.reload(reloaded.catalog)
    #expect(!report.description.isEmpty)

    // Nothing changed: nothing compiled.
    let again = try #require(try await loader.reload().first)
    #expect(again.modules == [])
    #expect(again.unchangedModules.count == 5)
  }

  /// A module using another's `internal` type: the compiler's error, and a note that modules
  /// see only what the others declare `public`.
  @Test func anInternalTypeUsedAcrossModulesSaysItMustBePublic() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let files = [
      "Models/Item.swift": "struct Item: Equatable { var name = \"\" }\n",
      "List/List.swift": """
        import ComposableArchitecture
        import Models

        @Reducer
        struct List {
          struct State: Equatable { var items: [Item] = [] }
          enum Action { case clear }
          var body: some ReducerOf<Self> { Reduce { state, _ in state.items = []; return .none } }
        }
        """,
    ]
    for (path, source) in files {
      let url = folder.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try source.write(to: url, atomically: false, encoding: .utf8)
    }
    let loader = FeatureLoader()
    let error = await #expect(throws: LoadError.self) { try await loader.load(LoadRequest(path: folder.path)) }
    guard case let .compilation(text)? = error else {
      Issue.record("expected a compilation error, not \(String(describing: error))")
      return
    }
    #expect(text.contains("error: cannot find type 'Item' in scope"), "\(text)")
    #expect(
      text.hasSuffix(
        "note: Item is declared in Models without 'public'. List is a module of its own: what it uses of the "
          + "modules it imports must be 'public' (as in an app's SwiftPM targets)."
      ),
      "\(text)"
    )
  }
}
