import BenchmarkHarness
import ComposableArchitecture
import Day2
import FeatureLoader
import Foundation
import Lessons
import TCAScript

/// Runs main-actor async work to completion from the harness's synchronous closures, servicing
/// the main queue meanwhile.
func blockingOnMainActor<T>(_ work: @escaping @MainActor () async -> T) -> T {
  // Unsafe but not racy: the caller is on the main thread, and the task that writes `result`
  // runs on the main actor, that is on that same thread, while the loop below runs the main
  // queue; it never runs concurrently with the reads.
  nonisolated(unsafe) var result: T?
  Task { @MainActor in result = await work() }
  while result == nil {
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.0005))
  }
  return result!
}

/// The interpreter: typing an action into a session against sending it from compiled code.
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let interpreterSuite = BenchmarkSuite(
  title: "Interpreter",
  subtitle: "baseline: compiled Swift · candidate: the same through the interpreter (printing off)"
) {
  let session = blockingOnMainActor { () -> Session in
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    return session
  }
  _ = blockingOnMainActor {
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
  }
  let store = blockingOnMainActor {
    Store(initialState: DemoForEachState()) { Reduce(demoForEachReducer, environment: .mock) }
  }
  return [
    BenchmarkCase(
      "send .child(id:action:) (one action)", requiresIdenticalOutput: false,
      baseline: { blockingOnMainActor { _ = store.send(.child(id: 1, action: .toggle)); return 0 } },
      candidate: { blockingOnMainActor { _ = await session.run("store.send(.child(id: 1, action: .toggle))"); return 0 } }
    ),
    BenchmarkCase(
      "parse, build and print an action", requiresIdenticalOutput: false,
      baseline: { String(customDumping: DemoForEachAction.child(id: 2, action: .remove)).count },
      candidate: { blockingOnMainActor { await session.run("DemoForEachAction.child(id: 2, action: .remove)").count } }
    ),
  ]
}

/// Whole-program figures: start-up, the notebook suite, loading a user's feature.
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let programSuite = BenchmarkSuite(
  title: "tcaplay",
  subtitle: "baseline: the same process doing nothing (`tcaplay --help`) · candidate: the real work"
) {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("tcaplay").path
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    print("(tcaplay figures skipped: build the tcaplay product in the same configuration first)")
    return []
  }
  func run(_ arguments: [String], input: String = "", inProcess: Bool = false) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    var environment = ProcessInfo.processInfo.environment
    environment["TCAPLAY_HISTORY"] = ""
    environment["TCAPLAY_JOURNAL"] = ""
    if inProcess { environment["TCAPLAY_KERNEL"] = "inprocess" }
    process.environment = environment
    try? process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try? stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    return 0
  }
  var cases = [
    BenchmarkCase(
      "start to first prompt and quit (piped)", requiresIdenticalOutput: false,
      baseline: { run(["--help"]) },
      candidate: { run([], input: ":quit\n") }
    ),
    BenchmarkCase(
      "load DemoForEach and send 100 actions", requiresIdenticalOutput: false,
      baseline: { run(["--help"]) },
      candidate: { run([], input: ":load DemoForEach\n:print off\n" + String(repeating: "store.send(.addItem)\n", count: 100)) }
    ),
    // The kernel (user code in a process of its own) against running it in this one
    // (`TCAPLAY_KERNEL=inprocess`): what starting a kernel costs, and what each input's round
    // trip over the socket costs (the difference divided by 100).
    BenchmarkCase(
      "start, first input and quit: kernel vs in-process (piped)", requiresIdenticalOutput: false,
      baseline: { run([], input: ":quit\n", inProcess: true) },
      candidate: { run([], input: ":quit\n") }
    ),
    BenchmarkCase(
      "100 sends: kernel vs in-process (piped)", requiresIdenticalOutput: false,
      baseline: {
        run([], input: ":load DemoForEach\n:print off\n" + String(repeating: "store.send(.addItem)\n", count: 100), inProcess: true)
      },
      candidate: { run([], input: ":load DemoForEach\n:print off\n" + String(repeating: "store.send(.addItem)\n", count: 100)) }
    ),
  ]
  if FileManager.default.fileExists(atPath: "notebooks") {
    cases.append(
      BenchmarkCase(
        "tcaplay test notebooks/ (the whole suite)", requiresIdenticalOutput: false,
        baseline: { run(["--help"]) },
        candidate: { run(["test", "notebooks"]) }
      )
    )
  }
  return cases
}

/// A user's feature file: compile, load, reload.
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let loaderSuite = BenchmarkSuite(
  title: "Loading your own feature",
  subtitle: "baseline: `swiftc -version` · candidate: compile and load a one-file feature"
) {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-bench-\(getpid())")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let file = directory.appendingPathComponent("Checkout.swift")
  try? """
    import ComposableArchitecture
    @Reducer
    struct Checkout {
      struct State: Equatable, Codable { var total = 100 }
      enum Action: Equatable, Codable { case add(Int) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case let .add(n): state.total += n
          }
          return .none
        }
      }
    }
    """.write(to: file, atomically: true, encoding: .utf8)
  guard let loader = blockingOnMainActor({ () -> FeatureLoader? in
    let loader = FeatureLoader()
    return loader.toolchain == nil || loader.runtime == nil ? nil : loader
  }) else {
    print("(loader figures skipped: no swiftc, or the runtime's modules were not found)")
    return []
  }
  let swiftc = blockingOnMainActor { loader.toolchain!.swiftc }
  func version() -> Int {
    let process = Process()
    process.executableURL = swiftc
    process.arguments = ["-version"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
    process.waitUntilExit()
    return 0
  }
  return [
    BenchmarkCase(
      "load (compile + dlopen + register)", requiresIdenticalOutput: false,
      baseline: version,
      candidate: { blockingOnMainActor { _ = try? await loader.load(LoadRequest(path: file.path)); return 0 } }
    ),
    BenchmarkCase(
      "reload (compile + dlopen + register)", requiresIdenticalOutput: false,
      baseline: version,
      candidate: { blockingOnMainActor { _ = try? await loader.reload(); return 0 } }
    ),
  ]
}

/// History memory: 100k steps on a 10k-row state, printed after the timed suites.
func historyMemoryReport() {
  func residentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
  }
  let (kept, kilobytes, seconds) = blockingOnMainActor { () -> (String, Int, Double) in
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    _ = try? session.load(featureNamed: "DemoForEach", preset: "tenThousand")
    let before = residentKilobytes()
    let start = Date()
    for _ in 0..<100_000 {
      _ = await session.run("store.send(.child(id: 5000, action: .toggle))")
    }
    let listing = (try? session.historyListing()) ?? ""
    return (listing.split(separator: "\n").last.map(String.init) ?? "", residentKilobytes() - before, Date().timeIntervalSince(start))
  }
  print("""

    History memory: 100000 sends of one row's toggle on a 10k-row state (history cap \(StoreHistory.defaultMaximumSteps) steps)
      resident memory grew by \(kilobytes / 1024) MB; 100000 interpreted sends took \(String(format: "%.1f", seconds)) s
      last step: \(kept.trimmingCharacters(in: .whitespaces))
    """)
}
