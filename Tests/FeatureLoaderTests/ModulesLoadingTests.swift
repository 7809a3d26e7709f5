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

  /// A copy of the fixture in a scratch folder, to edit.
  static func copy() throws -> FeatureFolder {
    let folder = try FeatureFolder()
    try FileManager.default.removeItem(at: folder.url)
    try FileManager.default.copyItem(at: Self.fixture, to: folder.url)
    return folder
  }

  @Test func loadsEveryModuleInOrderAndReloadsOnlyTheChangedOneAndItsDependents() async throws {
    let folder = try Self.copy()
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
}
