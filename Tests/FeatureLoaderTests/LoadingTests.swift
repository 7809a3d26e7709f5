import FeatureCatalog
@testable import FeatureLoader
import Foundation
import Testing
import TCAScript
import TestSupport
import TCAScriptSyntax

@MainActor
@Suite(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
struct LoadingTests {
  @Test func loadsAFolderAndDrivesItsFeatureThroughASession() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    try folder.write("Counter.swift", counterSource())
    // A second file, using the dependencies macros.
    try folder.write("Greeting.swift", greetingSource)
    // Views are left out, with a note.
    try folder.write("Views.swift", "import SwiftUI\nstruct CounterView: View { var body: some View { Text(\"\") } }\n")
    let loader = FeatureLoader()
    let loaded = try await loader.load(LoadRequest(path: folder.path))
    #expect(loaded.featureNames == ["Counter", "Greeting"])
    #expect(loaded.notes == ["\(folder.path)/Views.swift: a view left out"])
    #expect(loaded.moduleName.hasPrefix("UserFeature_"))
    #expect(loaded.files == [folder.path + "/Counter.swift", folder.path + "/Greeting.swift", folder.path + "/Views.swift"])
    #expect(loaded.warnings == nil)
    #expect(
      loaded.summary.hasPrefix(
        "Loaded Counter, Greeting from \(folder.path)/Counter.swift, \(folder.path)/Greeting.swift, \(folder.path)/Views.swift (\(loaded.moduleName); compiled in "
      )
    )

    let session = emptySession()
    #expect(session.install(loaded.catalog) == [])
    let output = await session.run(
      """
      let store = TestStore(initialState: Counter.State(count: 0), reducer: Counter())
      store.send(.incrementButtonTapped) { $0.count = 1 }
      store.send(.incrementLaterButtonTapped)
      store.receive(\\.incrementButtonTapped) { $0.count = 2 }
      store.send(.decrementButtonTapped) { $0.count = 3 }
      """
    )
    #expect(
      output.map(\.rendered) == [
        "received action:\n  Counter.Action.incrementButtonTapped\n- Counter.State(count: 0)\n+ Counter.State(count: 1)",
        "received action:\n  Counter.Action.incrementLaterButtonTapped\n  (No state changes)",
        "received action:\n  Counter.Action.incrementButtonTapped\n- Counter.State(count: 1)\n+ Counter.State(count: 2)",
        "received action:\n  Counter.Action.decrementButtonTapped\n- Counter.State(count: 2)\n+ Counter.State(count: 1)",
        """
        ✘ A state change does not match expectation.

            − Counter.State(count: 3)
            + Counter.State(count: 1)

        (Expected: −, Actual: +)
        """,
      ]
    )
    // `:load Counter` makes a live store of it too.
    #expect(HistoryText.text(try session.load(featureNamed: "Counter", as: "live")) == "Loaded Counter as `live` (Counter.State).")
  }

  @Test func reportsCompilerErrorsAsPrintedThenLoadsTheFixedFile() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterSource(increment: #"state.count += "one""#))
    let loader = FeatureLoader()
    do {
      _ = try await loader.load(LoadRequest(path: path))
      Issue.record("expected a compilation error")
    } catch let .compilation(diagnostics) {
      let lines = diagnostics.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first == "\(path):18:24: error: cannot convert value of type 'String' to expected argument type 'Int'")
      #expect(lines.contains("18 |         state.count += \"one\""))
      #expect(!diagnostics.contains("Registration"), "errors in the generated code are left out")
    } catch {
      Issue.record("expected a compilation error, got \(error)")
    }

    // The failed request is remembered: fixing the file and reloading picks it up.
    #expect(loader.requests == [LoadRequest(path: path)])
    try folder.write("Counter.swift", counterSource())
    let reloaded = try await loader.reload()
    #expect(reloaded.map(\.featureNames) == [["Counter"]])
    let session = emptySession()
    session.install(reloaded[0].catalog)
    #expect(await session.run("let store = Store(initialState: Counter.State(count: 41), reducer: Counter())").isEmpty)
    session.printer.mode = .off
    await session.run("store.send(.incrementButtonTapped)")
    #expect(await session.run("store.state.count").map(\.text) == ["42"])
  }

  @Test func explainsWhatAReducerMisses() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "Features.swift",
      """
      import ComposableArchitecture

      @Reducer
      struct Plain {
        struct State: Equatable { var count = 0 }
        enum Action: Equatable { case tapped }
        var body: some ReducerOf<Self> { EmptyReducer() }
      }

      @Reducer
      struct Timer {
        struct State: Equatable { var seconds: Int }
        enum Action: Equatable { case tick }
        var body: some ReducerOf<Self> {
          Reduce { state, _ in
            state.seconds += 1
            return .none
          }
        }
      }

      """
    )
    let loader = FeatureLoader()
    // The folder loads; Timer, which has no `State()`, has no initial state of its own (noted):
    // a test store of it is made with one, and `:load Timer` says so.
    let all = try await loader.load(LoadRequest(path: path))
    #expect(all.featureNames == ["Plain", "Timer"])
    #expect(
      all.notes == [
        "No initial state of its own: Timer ('Timer.State()' is not available); give one to its stores, "
          + "'TestStore(initialState: Timer.State(…)) { Timer() }', or load it with ':load … as Timer with Timer.State(…)'."
      ]
    )
    let folderSession = emptySession()
    folderSession.install(all.catalog)
    folderSession.printer.mode = .off
    #expect(await folderSession.run("let timer = TestStore(initialState: Timer.State(seconds: 1)) { Timer() }").isEmpty)
    #expect(await folderSession.run("await timer.send(.tick) { $0.seconds = 2 }").isEmpty)
    let noState = #expect(throws: ScriptError.self) { try folderSession.load(featureNamed: "Timer") }
    #expect(
      noState?.message == "Timer has no initial state of its own (Timer.State has no 'init()'): make a store with one, "
        + "'let store = TestStore(initialState: Timer.State(…)) { Timer() }'"
    )
    #expect(throws: Never.self) { try folderSession.load(featureNamed: "Plain") }
    // Asked for by name without an initial state, it's an error that says what to write.
    await #expect(
      throws: LoadError.registration([
        "'Timer.State()' is not available (missing argument for parameter 'seconds' in call): give the initial "
          + "state when loading, ':load FILE as Timer with Timer.State(…)', or give every stored property of "
          + "Timer.State a default value."
      ])
    ) {
      try await loader.load(LoadRequest(path: path, as: "Timer"))
    }

    // Named with an initial state, Timer loads on its own.
    let loaded = try await loader.load(LoadRequest(path: path, as: "Timer", initialState: "Timer.State(seconds: 10)"))
    #expect(loaded.featureNames == ["Timer"])
    let session = emptySession()
    session.install(loaded.catalog)
    #expect(HistoryText.text(try session.load(featureNamed: "Timer")) == "Loaded Timer as `store` (Timer.State).")
    #expect(await session.run("store.state.seconds").map(\.text) == ["10"])

    await #expect(throws: LoadError.unknownReducer("Stopwatch", files: [path], reducers: ["Plain", "Timer"])) {
      try await loader.load(LoadRequest(path: path, as: "Stopwatch"))
    }
  }

  @Test func loadsAFeatureWhoseStateAndActionAreNotCodableAndExplainsANonEquatableState() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "Plain.swift",
      """
      import ComposableArchitecture

      @Reducer
      struct Plain {
        struct State: Equatable { var count = 0 }
        enum Action { case tapped, named(String) }
        var body: some ReducerOf<Self> { EmptyReducer() }
      }

      """
    )
    let loader = FeatureLoader()
    #expect(try await loader.load(LoadRequest(path: path)).featureNames == ["Plain"])

    try folder.write(
      "Plain.swift",
      """
      import ComposableArchitecture

      @Reducer
      struct Plain {
        struct State { var count = 0 }
        enum Action { case tapped }
        var body: some ReducerOf<Self> { EmptyReducer() }
      }

      """
    )
    await #expect(
      throws: LoadError.registration([
        "Plain.State is not Equatable: the playground compares a feature's states (for tests and diffs); "
          + "declare it as 'struct State: Equatable'."
      ])
    ) {
      try await loader.load(LoadRequest(path: path))
    }
  }
}

extension LoadingTests {
  /// Code written on macOS uses `URLSession` with only `import Foundation`; on Linux the loader
  /// imports FoundationNetworking for the files that name its types (and only for those).
  @Test func aFileNamingURLSessionLoadsWithoutImportingFoundationNetworking() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    try folder.write(
      "Fetch.swift",
      """
      import ComposableArchitecture
      import Foundation

      @Reducer
      struct Fetch {
        struct State: Equatable { var status = 0 }
        enum Action { case fetch, fetched(Int) }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .fetch:
              return .run { send in
                let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:9")!)
                await send(.fetched((response as? HTTPURLResponse)?.statusCode ?? 0))
              }
            case let .fetched(status):
              state.status = status
              return .none
            }
          }
        }
      }

      """
    )
    let loader = FeatureLoader()
    #expect(try await loader.load(LoadRequest(path: folder.path)).featureNames == ["Fetch"])
  }

  @Test func onlyFilesNamingNetworkingTypesImportIt() throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let plain = try folder.write("Plain.swift", "import Foundation\nlet url = URL(string: \"x\")\n")
    #expect(try SourceFiles([plain]).mentionsNetworking == false)
    for name in ["URLSession", "URLRequest", "HTTPURLResponse", "HTTPCookie", "NSURLRequest", "CachedURLResponse"] {
      let file = try folder.write("\(name).swift", "func f(_ x: \(name)) {}\n")
      #expect(try SourceFiles([file]).mentionsNetworking, "\(name)")
    }
  }
}

private let greetingSource = """
  import ComposableArchitecture

  @DependencyClient
  struct GreetingClient {
    var greet: @Sendable (_ name: String) async throws -> String
  }

  extension GreetingClient: TestDependencyKey {
    static let testValue = GreetingClient()
  }

  @Reducer
  struct Greeting {
    struct State: Equatable {
      var name = "Blob"
      var greeting: String?
    }
    enum Action: Equatable {
      case greetButtonTapped
      case greeted(String)
    }
    @Dependency(GreetingClient.self) var client
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .greetButtonTapped:
          return .run { [name = state.name] send in
            try await send(.greeted(client.greet(name)))
          }
        case let .greeted(text):
          state.greeting = text
          return .none
        }
      }
    }
  }

  """
