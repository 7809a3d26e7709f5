import Foundation
import Testing
import TestSupport

/// The fixture apps in Tests/Fixtures/RealApps — TCA 1.x code written with no concession to the
/// playground (no Codable, an `any Error` action, `fileprivate` state, declared initializers) —
/// loaded as they are, from a folder, and driven through the real binary.
@Suite(.serialized) struct RealAppsTests {
  static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/RealApps")

  static func app(_ name: String) -> String { Self.apps.appendingPathComponent(name).path }

  static let todosScript = """
    let store = TestStore(initialState: Todos.State()) { Todos() }
    store.send(.addTodoButtonTapped) { $0.todos.insert(Todo.State(id: "00000000-0000-0000-0000-000000000000", createdAt: Date(timeIntervalSince1970: 1_700_000_000)), at: 0) }
    store.send(\\.todos[id: "00000000-0000-0000-0000-000000000000"].checkBoxToggled) { $0.todos[id: "00000000-0000-0000-0000-000000000000"]?.isComplete = true }
    store.advance(by: .seconds(1))
    store.receive(\\.sortCompletedTodos)
    store.send(.clearCompletedButtonTapped) { $0.alert = AlertState(title: "Delete 1 completed todo?", actions: [ButtonState(role: .destructive, action: .confirmDelete, label: "Delete"), ButtonState(role: .cancel, label: "Cancel")], message: "This can't be undone.") }
    store.send(.alert(.presented(.confirmDelete))) { $0.alert = nil; $0.todos = [] }
    store.state.todos.isEmpty
    :history
    """

  /// `tcaplay run --load DIR`: sends, assertion closures (IdentifiedArray inserts, `[id:]`
  /// writes, an `AlertState`), case key paths, a received action, the clock, `:history`; then
  /// `:save`, and `:open` replays the saved session in a new process; and `:test-export` writes
  /// the test checked in next to the app's own tests.
  @Test(.enabled(if: compilerIsAvailable))
  func todosRunsFromAScriptAndReplaysFromASavedSession() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let saved = folder.url.appendingPathComponent("todos-session.tca").path
    let exported = folder.url.appendingPathComponent("TodosSessionExport.swift").path
    let script = try folder.write("todos.tca", Self.todosScript + "\n:save \(saved)\n:test-export \(exported) --module TodosApp\n")
    let run = try await Binary.run(["run", "--load", Self.app("Todos"), script])
    #expect(run.status == 0, "\(run.output)")
    #expect(!run.output.contains("✘"), "\(run.output)")
    #expect(run.output.contains("+       isComplete: true,"))
    #expect(run.output.contains("true\n  0  start  Todos.State\n  1  send   Todos.Action.addTodoButtonTapped\n"))
    #expect(run.output.contains("* 5  send   Todos.Action.alert(.presented(.confirmDelete))"))
    #expect(run.output.hasSuffix("Saved 7 statements to \(saved).\nWrote a test replaying 5 steps to \(exported).\n"))
    // The exported test is checked in as Tests/RealAppsTests/Generated/TodosSessionExport.swift,
    // where it compiles against the app's own module and passes (RealAppsTests).
    let checkedIn = Self.apps.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RealAppsTests/Generated/TodosSessionExport.swift")
    #expect(try String(contentsOfFile: exported, encoding: .utf8) == String(contentsOf: checkedIn, encoding: .utf8))

    let replay = try await Binary.run(["run", "--load", Self.app("Todos"), try folder.write("open.tca", ":open \(saved)\nstore.state.todos.count\n")])
    #expect(replay.status == 0, "\(replay.output)")
    #expect(replay.output.hasSuffix("Replayed 7 statements from todos-session.tca.\n0\n"), "\(replay.output)")
  }

  /// Through a terminal: a stack path with a `@Reducer enum` destination and delegate actions
  /// (Contacts), and a non-Equatable action carrying `any Error` (Search) received by case key
  /// path, and typing such an error is a one-line error.
  @Test(.enabled(if: compilerIsAvailable))
  func contactsAndSearchAtATerminal() async throws {
    let terminal = try await Binary.terminal([])
    terminal.type(":load \(Self.app("Contacts"))\r")
    _ = try await terminal.expect("Loaded ContactDetail, ContactsFeature, Settings from", timeout: 120)
    try await terminal.expect("tca> ")
    terminal.type("store.send(.addButtonTapped)\r")
    try await terminal.expect("+     #0: .detail(")
    try await terminal.expect("tca> ")
    terminal.type("store.send(\\.path[id: 0].detail.nameChanged, \"Blob\")\r")
    try await terminal.expect("+         name: \"Blob\",")
    try await terminal.expect("tca> ")
    terminal.type(":load \(Self.app("Search"))\r")
    _ = try await terminal.expect("Loaded Search from", timeout: 120)
    try await terminal.expect("tca> ")
    terminal.type("let t = TestStore(initialState: Search.State()) { Search() }\r")
    try await terminal.expect("tca> ")
    terminal.type("t.send(.searchResponse(.failure(\"boom\")))\r")
    try await terminal.expect("error: a value of type any Error can't be typed in a script")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  /// Regression (found by the corpus): a nested type first met inside an optional
  /// (`var weather: Weather?`) wasn't a name the session knew, and building a value of it
  /// recursed until the process crashed; a nested name that doesn't exist is now one error.
  @Test(.enabled(if: compilerIsAvailable))
  func aNestedTypeInsideAnOptionalBuilds() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let script = try folder.write(
      "weather.tca",
      """
      let store = TestStore(initialState: Search.State(weather: Search.State.Weather(locationID: 1, days: [], fetchedAt: Date(timeIntervalSince1970: 0)))) { Search() }
      store.state.weather?.locationID
      Search.State.Weather(locationID: 2, days: [], fetchedAt: Date(timeIntervalSince1970: 0)).locationID
      Search.State.Nope(locationID: 1)
      """
    )
    let run = try await Binary.run(["run", "--load", Self.app("Search"), script])
    #expect(run.status == 1)
    #expect(run.output.hasPrefix("Optional(1)\n2\n") || run.output.hasPrefix("1\n2\n"), "\(run.output)")
    #expect(run.output.contains("error: type Search.State has no member 'Nope'"), "\(run.output)")
  }

  /// What real test bodies write against the apps as they are (issue #19), through `--load`
  /// (whose shapes are generated into copies of the files): statics of `extension [Location]`
  /// and of `extension AlertState where Action == Todos.Action.Alert`, `IndexSet` payloads from
  /// array literals, a `TestStore` of `ContactDetail` (whose `State` has no `init()`), a nested
  /// type (`Settings.State.Display`) and `if case let`.
  @Test(.enabled(if: compilerIsAvailable), arguments: [
    (
      "Search",
      """
      [Location].previews[1].name
      let locations: [Location] = .previews
      locations.map(\\.country) == ["United Kingdom", "France", "Germany"]
      [Location].preview
      """,
      "\"Paris\"\ntrue\n",
      "error: type [Location] has no member 'preview'; did you mean 'previews'?"
    ),
    (
      "Todos",
      """
      let store = TestStore(initialState: Todos.State(todos: [Todo.State(id: UUID(0), isComplete: true, createdAt: Date(timeIntervalSince1970: 0)), Todo.State(id: UUID(1), createdAt: Date(timeIntervalSince1970: 0))])) { Todos() }
      await store.send(.clearCompletedButtonTapped) { $0.alert = .clearCompleted(count: 1) }
      await store.send(.alert(.dismiss)) { $0.alert = nil }
      await store.send(.delete([0])) { _ = $0.todos.remove(id: UUID(0)) }
      await store.send(.delete(IndexSet(integer: 0))) { $0.todos = [] }
      store.state.todos.isEmpty
      await store.send(.delete([true]))
      """,
      "\ntrue\n",
      "error: cannot convert boolean literal to expected type Int"
    ),
    (
      "Contacts",
      """
      let store = TestStore(initialState: ContactDetail.State(contact: Contact(id: UUID(0), name: "Blob"))) { ContactDetail() }
      await store.send(.kindChanged(.family(relation: "sister"))) { $0.kind = .family(relation: "sister") }
      if case let .family(relation) = store.state.kind { relation }
      Settings.State.Display(showsPhoneNumbers: false, sortsByName: true).sortsByName
      if case .work(let company, _, _) = store.state.kind { company }
      """,
      "\"sister\"\ntrue\n",
      "error: the pattern has 3 values, but 'work' has 2"
    ),
  ])
  func constructsOfRealTestBodies(app: String, script: String, output: String, error: String) async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let run = try await Binary.run(["run", "--load", Self.app(app), try folder.write("\(app).tca", script + "\n")])
    #expect(run.status == 1, "\(run.output)")
    #expect(run.output.contains(output), "\(run.output)")
    #expect(!run.output.contains("✘"), "\(run.output)")
    // The wrong use (the last line) is the one error.
    #expect(run.output.components(separatedBy: "error:").count == 2, "\(run.output)")
    #expect(run.output.contains(error), "\(run.output)")
  }

  /// A reducer whose `State` has no `init()` is listed as having no initial state, `:load`ing it
  /// alone says what to write instead, and the folder's note says so at load time.
  @Test(.enabled(if: compilerIsAvailable))
  func aReducerWithoutAnInitialStateIsListedHonestly() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let script = try folder.write("features.tca", ":features\n:load ContactDetail\n")
    let run = try await Binary.run(["run", "--load", Self.app("Contacts"), script])
    #expect(run.status == 1, "\(run.output)")
    let listed = run.output.split(separator: "\n").first { $0.contains(".ContactDetail ") }
    #expect(listed?.hasSuffix("  (no initial state: TestStore(initialState: ContactDetail.State(…)))") == true, "\(run.output)")
    #expect(
      run.output.contains(
        "error: ContactDetail has no initial state of its own (ContactDetail.State has no 'init()'): make a store with one, "
          + "'let store = TestStore(initialState: ContactDetail.State(…)) { ContactDetail() }'"
      ),
      "\(run.output)"
    )
    #expect(run.error.contains("No initial state of its own: ContactDetail ('ContactDetail.State()' is not available)"), "\(run.error)")
  }
}
