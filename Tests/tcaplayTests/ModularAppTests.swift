import Foundation
import Testing
import TestSupport

/// The modular package fixture (Tests/Fixtures/ModularApp: five SwiftPM targets, `public` API
/// across them, a `@DependencyClient` target) loaded from its folder as it is, and driven
/// through the real binary: from a script, and at a terminal with a `:reload` after an edit in
/// one module.
@Suite(.serialized) struct ModularAppTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/ModularApp")

  static let script = """
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    store.send(.login(.nameChanged("Blob"))) { $0.login.name = "Blob" }
    store.send(.login(.logInButtonTapped)) { $0.login.isLoggingIn = true }
    store.receive(\\.login.logInFailed) { $0.login.isLoggingIn = false; $0.login.errorMessage = "Enter a password." }
    store.send(.login(.passwordChanged("hunter2"))) { $0.login.password = "hunter2" }
    store.send(.login(.logInButtonTapped)) { $0.login.isLoggingIn = true; $0.login.errorMessage = nil }
    store.receive(\\.login.delegate.loggedIn) { $0.login.isLoggingIn = false; $0.user = User(id: 42, name: "Blob") }
    store.send(.settings(.themePicked(.dark))) { $0.settings.preferences.theme = .dark }
    APIClient.Failure().reason
    :history
    """

  /// `tcaplay run --load PACKAGE`: every module compiled in order; sends into two modules'
  /// features, received actions from the client module's preview value, assertion closures
  /// naming a models module's type, a type of the client module named in the script, `:history`.
  @Test(.enabled(if: compilerIsAvailable))
  func thePackageRunsFromAScript() async throws {
    let scripts = try FeatureFolder()
    defer { scripts.remove() }
    let script = try scripts.write("app.tca", Self.script)
    let run = try await Binary.run(["run", "--load", Self.fixture.path, script])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    #expect(!run.output.contains("✘"), "\(run.output)")
    #expect(run.output.contains("\"The server refused the request.\"\n"), "\(run.output)")
    #expect(run.output.contains("  1  send   AppFeature.Action.login(.nameChanged)\n"), "\(run.output)")
    #expect(run.output.contains("  6  recv   AppFeature.Action.login(.delegate(.loggedIn))  ← 5"), "\(run.output)")
    #expect(run.output.hasSuffix("* 7  send   AppFeature.Action.settings(.themePicked(.dark))\n"), "\(run.output)")
  }

  /// At a terminal: `:load` of one module's folder finds the siblings it imports; an edit in
  /// LoginFeature, and `:reload` compiles it and AppFeature (which imports it) again, not the
  /// others, and replays the store on the new code.
  @Test(.enabled(if: compilerIsAvailable))
  func reloadRecompilesTheEditedModuleAndItsDependents() async throws {
    let folder = try FeatureFolder(copying: Self.fixture)
    defer { folder.remove() }
    let terminal = try await Binary.terminal([])
    terminal.type(":load \(folder.path)/Sources/AppFeature\r")
    _ = try await terminal.expect("Loaded AppFeature, Settings, Login from 5 modules", timeout: 180)
    try await terminal.expect("tca> ")
    terminal.type(":features\r")
    try await terminal.expect("Login")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.login(.logInButtonTapped))\r")
    try await terminal.expect("tca> ")
    terminal.type("store.state.login.errorMessage\r")
    try await terminal.expect("\"Enter a password.\"")
    try await terminal.expect("tca> ")
    let login = folder.url.appendingPathComponent("Sources/LoginFeature/Login.swift")
    let text = try String(contentsOf: login, encoding: .utf8)
    try text.replacingOccurrences(of: "state.errorMessage = message", with: "state.errorMessage = \"Login failed: \" + message")
      .write(to: login, atomically: false, encoding: .utf8)
    terminal.type(":reload\r")
    _ = try await terminal.expect("Recompiled LoginFeature, AppFeature.", timeout: 180)
    try await terminal.expect("tca> ")
    terminal.type("store.state.login.errorMessage\r")
    try await terminal.expect("\"Login failed: Enter a password.\"")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }
}
