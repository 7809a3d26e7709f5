import Foundation
import Testing
import TestSupport

/// The apps in Tests/Fixtures/iOSApps, written for iOS — views and previews beside reducers,
/// SwiftUI's value types in state, a live value that imports AVFoundation, a Combine client,
/// `Tagged` ids — loaded from their folders unchanged and driven through the real binary.
@Suite(.serialized) struct IOSAppsTests {
  static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/iOSApps")

  static func app(_ name: String) -> String { Self.apps.appendingPathComponent(name).path }

  /// `tcaplay run --load DIR` with a script: what was left out of each file, sends with
  /// assertion closures, a received action, `:history`.
  @Test(.enabled(if: compilerIsAvailable), arguments: [
    (
      "Scoreboard",
      """
      let store = TestStore(initialState: Scoreboard.State()) { Scoreboard() }
      store.send(.homeScored) { $0.home = 1 }
      store.send(.finalWhistleBlown) { $0.isFinal = true }
      store.send(.awayScored)
      store.state.home
      :history
      """,
      ["Scoreboard.swift: a view and a preview left out", "ScoreColumn.swift: a view, a view extension and a preview left out",
       "1\n", "send   Scoreboard.Action.awayScored"]
    ),
    (
      "Palette",
      """
      let store = TestStore(initialState: Palette.State()) { Palette() }
      store.send(.editButtonTapped) { $0.editMode = .active }
      store.send(.editButtonTapped) { $0.editMode = .inactive }
      store.send(.swatchTapped(id: 1)) { $0.highlighted = 1 }
      store.advance(by: .seconds(2))
      store.receive(.highlightCleared) { $0.highlighted = nil }
      store.state.swatches.count
      :history
      """,
      ["Palette.swift: a view left out", "2\n", "recv   Palette.Action.highlightCleared"]
    ),
    (
      "Recorder",
      """
      let store = TestStore(initialState: VoiceMemo.State()) { VoiceMemo() } withDependencies: { $0.uuid = .incrementing; $0.recorder.requestPermission = { true }; $0.recorder.startRecording = { _ in true } }
      store.send(.recordButtonTapped)
      store.receive(.permissionResponse(true)) { $0.permission = .allowed }
      store.receive(.recordButtonTapped)
      store.receive(.recordingStarted("00000000-0000-0000-0000-000000000000.m4a", true)) { $0.isRecording = true; $0.recordings = ["00000000-0000-0000-0000-000000000000.m4a"] }
      store.state.isRecording
      """,
      ["Left out \(Self.app("Recorder"))/LiveRecorderClient.swift: it uses AVFoundation, which isn't on Linux.",
       "RecorderClient answers with its preview value (its live value is in \(Self.app("Recorder"))/LiveRecorderClient.swift).",
       "VoiceMemo.swift: a view left out", "true\n"]
    ),
    (
      "Ticker",
      """
      let store = TestStore(initialState: Ticker.State()) { Ticker() }
      store.send(.watchButtonTapped) { $0.isWatching = true }
      store.receive(.quoteReceived(101)) { $0.quotes = [101] }
      store.send(.stopButtonTapped) { $0.isWatching = false }
      store.state.quotes
      :history
      """,
      ["[com.example.ticker:Ticker] info: watching ACME", "  [0]: 101.0\n]\n", "recv   Ticker.Action.quoteReceived"]
    ),
    (
      "Roster",
      """
      let store = TestStore(initialState: Roster.State()) { Roster() } withDependencies: { $0.uuid = .incrementing }
      store.send(.addPlayerButtonTapped(name: "Ada")) { $0.team.players.append(Player(id: "00000000-0000-0000-0000-000000000000", name: "Ada", number: 1)); $0.nextNumber = 2 }
      store.send(.addPlayerButtonTapped(name: "Grace")) { $0.team.players.append(Player(id: "00000000-0000-0000-0000-000000000001", name: "Grace", number: 2)); $0.nextNumber = 3 }
      store.send(.removePlayer(id: "00000000-0000-0000-0000-000000000000")) { _ = $0.team.players.remove(id: "00000000-0000-0000-0000-000000000000") }
      store.state.team.players.map(\\.name)
      :history
      """,
      ["Roster.swift: a view left out", "  [0]: \"Grace\"\n]\n", "send   Roster.Action.removePlayer(id:)"]
    ),
  ])
  func runsFromAScript(app: String, script: String, expected: [String]) async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let run = try await Binary.run(["run", "--load", Self.app(app), try folder.write("\(app).tca", script)])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    #expect(!run.output.contains("✘"), "\(run.output)")
    for text in expected {
      #expect((run.output + run.error).contains(text), "\(text)\n---\n\(run.output)\n\(run.error)")
    }
  }

  /// A load that fails shows what it left out first, then the compiler's error as it wrote it
  /// (one "error:" on its line).
  @Test(.enabled(if: compilerIsAvailable))
  func aFailedLoadShowsItsNotesAndTheCompilersErrorOnce() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let row = try folder.write(
      "Row.swift",
      "import ComposableArchitecture\nimport SwiftUI\nstruct RowView: View {\n  var body: some View { Text(\"\") }\n}\nlet count: Int = \"many\"\n"
        + "@Reducer struct Row {\n  struct State: Equatable {}\n  enum Action {}\n  var body: some ReducerOf<Self> { EmptyReducer() }\n}\n"
    )
    let run = try await Binary.run(["run", "--load", row, try folder.write("s.tca", "1 + 1\n")])
    #expect(run.status != 0)
    #expect(run.error.contains("\(row): a view left out"), "\(run.error)")
    #expect(run.output.hasPrefix("\(row):6:18: error: cannot convert value of type 'String'"), "\(run.output)")
    #expect(!run.output.contains("error: \(row)"), "\(run.output)")
  }

  /// Through a terminal: `:load DIR` of a folder with views and a Combine client, a live
  /// store's send and what its effect delivers, an assertion closure, `:history`.
  @Test(.enabled(if: compilerIsAvailable))
  func palettesAndTickersAtATerminal() async throws {
    let terminal = try await Binary.terminal([])
    terminal.type(":load \(Self.app("Palette"))\r")
    _ = try await terminal.expect("Palette.swift: a view left out", timeout: 120)
    _ = try await terminal.expect("Loaded Palette from", timeout: 120)
    try await terminal.expect("tca> ")
    terminal.type("let t = TestStore(initialState: Palette.State()) { Palette() }\r")
    try await terminal.expect("tca> ")
    terminal.type("t.send(.editButtonTapped) { $0.editMode = .active }\r")
    try await terminal.expect("tca> ")
    terminal.type(":load \(Self.app("Ticker"))\r")
    _ = try await terminal.expect("Loaded Ticker from", timeout: 120)
    try await terminal.expect("tca> ")
    terminal.type("store.send(.watchButtonTapped)\r")
    try await terminal.expect("quoteReceived(101.0)")
    try await terminal.expect("tca> ")
    terminal.type(":history\r")
    try await terminal.expect("watchButtonTapped")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }
}
