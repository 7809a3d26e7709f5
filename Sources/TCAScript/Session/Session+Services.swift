import FeatureCatalog
import Foundation
import ScriptEvaluation
import SessionHistory
import TCAScriptSyntax

// The session's commands beyond running scripts, each handed to the service whose job it is:
// loading (``StoreFactory``), the transcript (``Transcript``), time travel (``HistoryService``,
// through ``perform(_:)``), printing controls (``PrintingControls``, the same), hot reload (``Reloader``), test export
// (``TestExporter``) and completion (``Completer``).
extension Session {
  private var reloader: Reloader { Reloader(evaluator: self.evaluator, history: self.history, printer: self.printer) }

  // MARK: - Loading

  /// Registers a store under a name, making it current (used by `:load`).
  public func load(featureNamed name: String, preset: String? = nil, as storeName: String = "store", test: Bool = false) throws -> LoadedStore {
    try StoreFactory(evaluator: self.evaluator, history: self.history, printer: self.printer)
      .load(featureNamed: name, preset: preset, as: storeName, test: test)
  }

  // MARK: - Transcript

  /// The statements that changed the session so far, in order: a runnable script.
  public var transcript: [String] { self.transcriptLog.statements }

  /// Records a front end's command that changed the session (the REPL's `:load`), so that it
  /// is journaled and saved like a statement. Replaying it needs ``commandHandler``.
  public func recordCommand(_ text: String) {
    self.transcriptLog.record(text)
  }

  /// `:save FILE`: writes the session's statements as a script. Refuses to overwrite an existing
  /// file unless `overwrite` is set.
  ///
  /// With a `branch` of the current store other than the current timeline, the script ends
  /// with `:switch BRANCH`, so that opening it leaves that timeline current.
  public func save(to url: URL, branch: String? = nil, overwrite: Bool = false) throws(ScriptError) -> SavedScript {
    var ending: [String] = []
    if let branch {
      guard let store = self.environment.currentStore, store.history.onBranch(branch) != nil else {
        throw ScriptError("no branch named '\(branch)' in the current store; ':branches' lists them", at: nil)
      }
      if branch != store.history.branchName { ending = [":switch \(branch)"] }
    }
    return try self.transcriptLog.save(to: url, appending: ending, overwrite: overwrite)
  }

  /// `:open FILE` (and resuming a journal): runs a saved script in this session, statement by
  /// statement. A statement that no longer fits the feature's types is listed with the reason;
  /// the rest still run.
  public func open(_ url: URL) async throws(ScriptError) -> [Output] {
    try await self.transcriptLog.open(url, commandHandler: self.commandHandler) { source, origin, firstLine in
      await self.run(source, origin: origin, firstLine: firstLine)
    }
  }

  /// Replays a journal to rebuild a session that ended abruptly.
  public func resume(from url: URL) async throws(ScriptError) -> [Output] {
    try await self.open(url)
  }

  // MARK: - Hot reload

  /// Adds features to the session, so scripts can create stores of them and name their types;
  /// a feature named like one the session has replaces it. Stores keep the feature they run
  /// (see ``reload(_:)``).
  ///
  /// - Returns: The names of the features replaced.
  @discardableResult
  public func install(_ catalog: Catalog) -> [String] {
    self.reloader.install(catalog)
  }

  /// Installs new versions of features (``install(_:)``) and moves every store running a
  /// feature of the same name onto its new version, replaying the store's history
  /// (``replace(feature:store:)``).
  ///
  /// - Returns: A report per store moved, in the order of the stores' names.
  public func reload(_ catalog: Catalog) async -> ReloadReport {
    await self.reloader.reload(catalog)
  }

  /// Moves a store (the current one when `name` is `nil`) onto another feature — typically a new
  /// version of its own — by replaying its history on it, and reports where the new run's states
  /// first differ from the recorded ones.
  ///
  /// The store keeps its name, history (recomputed), cursor and subscriptions; a test store's
  /// unasserted received actions and in-flight effects are dropped with the old store.
  public func replace(feature: any AnyFeature, store name: String? = nil) async throws(ScriptError) -> ReplayReport {
    try await self.reloader.replace(feature: feature, store: name)
  }

  // MARK: - Test export

  /// The Swift source of a test replaying the current store's history.
  ///
  /// - Parameters:
  ///   - module: The module to `@testable import` (the feature's module).
  ///   - reducer: Swift source for the reducer (`DemoForEach()`, or
  ///     `Reduce(demoForEachReducer, environment: .mock)`); by default `Feature()` for a
  ///     feature whose state is `Feature.State`.
  ///   - testName: The test function's name.
  ///   - branch: A branch of the store's history (`:branches`) to replay instead of the
  ///     current timeline.
  public func testExportSource(
    module: String? = nil, reducer: String? = nil, branch: String? = nil, testName: String = "replaysSession"
  ) throws(ScriptError) -> String {
    try TestExporter(environment: self.environment).testExportSource(module: module, reducer: reducer, branch: branch, testName: testName)
  }

  /// Writes ``testExportSource(module:reducer:testName:)`` to a file (never overwriting unless
  /// asked).
  public func testExport(
    to url: URL, module: String? = nil, reducer: String? = nil, branch: String? = nil, overwrite: Bool = false
  ) throws(ScriptError) -> ExportedTest {
    try TestExporter(environment: self.environment).testExport(to: url, module: module, reducer: reducer, branch: branch, overwrite: overwrite)
  }

  // MARK: - Completion

  /// The completions for `line` with the cursor at `cursor` (a character offset): commands are
  /// left to the REPL; this offers bindings, stores, types and reducers, store methods, state
  /// fields at any key-path depth, enum cases at any nesting depth of the expected type (inside
  /// `send(…)`, `receive(…)`, initializers and case payloads), and catalog presets.
  public func completions(for line: String, cursor: Int) -> Completions {
    Completer(evaluator: self.evaluator).completions(for: line, cursor: cursor)
  }
}
