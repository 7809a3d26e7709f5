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

/// The bench's send from compiled code, `count` times in one hop to the main actor.
@MainActor func compiledSends(_ count: Int, to store: Store<DemoForEachState, DemoForEachAction>) -> Int {
  blockingOnMainActor {
    for _ in 0..<count { _ = store.send(.child(id: 1, action: .toggle)) }
    return 0
  }
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
  // The same store in a session that records no history: what recording a step costs.
  let unrecorded = blockingOnMainActor { () -> Session in
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    session.recordsHistory = false
    return session
  }
  _ = blockingOnMainActor {
    await unrecorded.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
  }
  let store = blockingOnMainActor {
    Store(initialState: DemoForEachState()) { Reduce(demoForEachReducer, environment: .mock) }
  }
  // What the evaluator's fuzz target does for each input: a session with two stores, then the
  // input; in a new session each time (as before) or in one reset in place.
  let fuzzSession = blockingOnMainActor { () -> Session in
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    return session
  }
  @MainActor func fuzzInput(in reused: Session?) async -> [Session.Output] {
    let session = reused ?? Session(catalog: lessonCatalog)
    session.printer.mode = .off
    session.reset()
    _ = await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    _ = await session.run("let promos = Store(initialState: PromoListState(), reducer: promoListReducer, environment: .twoPromos)")
    return await session.run("store.send(.child(id: 1, action: .toggle))\npromos.state")
  }
  /// The bench's send typed into `session` `count` times, in one hop to the main actor, with
  /// the session's issue reporters bound around them, as front ends bind them around their loop.
  func typedSends(_ count: Int, into session: Session) -> Int {
    blockingOnMainActor {
      await session.reportingIssues {
        for _ in 0..<count { _ = await session.run("store.send(.child(id: 1, action: .toggle))") }
      }
      return 0
    }
  }
  return [
    // One send per hop to the main actor: the hop, the same on both sides, is most of the
    // compiled figure.
    BenchmarkCase(
      "send .child(id:action:) (one action)", requiresIdenticalOutput: false,
      baseline: { compiledSends(1, to: store) },
      candidate: { typedSends(1, into: session) }
    ),
    // P2's goal, on the sends alone: a hundred of them in one hop.
    BenchmarkCase(
      "100 sends .child(id:action:) in one hop", requiresIdenticalOutput: false, goal: .slowdown(atMost: 3),
      baseline: { compiledSends(100, to: store) },
      candidate: { typedSends(100, into: session) }
    ),
    // No goal: the issue's "≥ 10×" is the fuzzer's rate against its 100–200 inputs a second
    // when it was filed (libFuzzer's exec/s, docs/reliability.md); a new session has since become
    // cheap too, so this ratio shows only what resetting in place adds.
    BenchmarkCase(
      "a fuzz input: new session / reset session", requiresIdenticalOutput: true,
      baseline: { blockingOnMainActor { await fuzzInput(in: nil) } },
      candidate: { blockingOnMainActor { await fuzzInput(in: fuzzSession) } }
    ),
    BenchmarkCase(
      "send with history recorded (baseline: a session recording none)", requiresIdenticalOutput: false,
      baseline: { typedSends(1, into: unrecorded) },
      candidate: { typedSends(1, into: session) }
    ),
    // P2's history goal, on the sends alone.
    BenchmarkCase(
      "100 sends in one hop with history recorded (baseline: recording none)", requiresIdenticalOutput: false,
      goal: .slowdown(atMost: 1.2),
      baseline: { typedSends(100, into: unrecorded) },
      candidate: { typedSends(100, into: session) }
    ),
    BenchmarkCase(
      "parse, build and print an action", requiresIdenticalOutput: false,
      baseline: { String(customDumping: DemoForEachAction.child(id: 2, action: .remove)).count },
      candidate: { blockingOnMainActor { await session.run("DemoForEachAction.child(id: 2, action: .remove)").count } }
    ),
  ]
}

/// Whole-program figures: a session's sends, the kernel against one process, the notebook suite
/// (start-up is ``startUpSuite``'s).
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let programSuite = BenchmarkSuite(
  title: "tcaplay",
  subtitle: "baseline: a trivial Swift binary (built with swiftc -O in this run) · candidate: tcaplay doing the work"
) {
  guard let binary = ProcessRuns.tcaplay else {
    print("(tcaplay figures skipped: build the tcaplay and tcaplay-kernel products in the same configuration first)")
    return []
  }
  guard let trivial = ProcessRuns.trivialBinary() else {
    print("(tcaplay figures skipped: no swiftc to build the trivial baseline)")
    return []
  }
  // As the kernel's figures check (a kernel without the lessons' glue errs at once).
  let check = PipedSession(binary)?.run([":load DemoForEach", ":print off", "store.send(.addItem)"]) ?? "error: tcaplay didn't start"
  if let error = PipedSession.errorLine(in: check) {
    print("(tcaplay figures skipped: tcaplay couldn't send: \(error))")
    return []
  }
  let baseline = { ProcessRuns.piped(trivial, []); return 0 }
  var cases: [BenchmarkCase] = [
    BenchmarkCase(
      "load DemoForEach and send 100 actions", requiresIdenticalOutput: false,
      baseline: baseline,
      candidate: {
        ProcessRuns.piped(binary, [], input: ":load DemoForEach\n:print off\n" + String(repeating: "store.send(.addItem)\n", count: 100))
        return 0
      }
    ),
    // The kernel (user code in a process of its own) against running it in this one
    // (`TCAPLAY_KERNEL=inprocess`): what starting a kernel costs, and what each input's round
    // trip over the socket costs (the difference divided by 100).
    BenchmarkCase(
      "start, first input and quit: kernel vs in-process (piped)", requiresIdenticalOutput: false,
      baseline: { ProcessRuns.piped(binary, [], input: ":quit\n", inProcess: true); return 0 },
      candidate: { ProcessRuns.piped(binary, [], input: ":quit\n"); return 0 }
    ),
    BenchmarkCase(
      "100 sends: kernel vs in-process (piped)", requiresIdenticalOutput: false,
      baseline: {
        ProcessRuns.piped(binary, [], input: ":load DemoForEach\n:print off\n" + String(repeating: "store.send(.addItem)\n", count: 100), inProcess: true)
        return 0
      },
      candidate: {
        ProcessRuns.piped(binary, [], input: ":load DemoForEach\n:print off\n" + String(repeating: "store.send(.addItem)\n", count: 100))
        return 0
      }
    ),
  ]
  if FileManager.default.fileExists(atPath: "notebooks") {
    cases.append(
      BenchmarkCase(
        "tcaplay test notebooks/ (the whole suite)", requiresIdenticalOutput: false,
        baseline: baseline,
        candidate: { ProcessRuns.piped(binary, ["test", "notebooks"]); return 0 }
      )
    )
    // Each notebook in a fresh session of one kernel, against each in a new session in this
    // process.
    cases.append(
      BenchmarkCase(
        "tcaplay test notebooks/: kernel vs in-process", requiresIdenticalOutput: false,
        baseline: { ProcessRuns.piped(binary, ["test", "notebooks"], inProcess: true); return 0 },
        candidate: { ProcessRuns.piped(binary, ["test", "notebooks"]); return 0 }
      )
    )
  }
  return cases
}

/// A user's feature file: compile, load, reload — in a `tcaplay` session (the process whose
/// symbols loaded features link against).
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let loaderSuite = BenchmarkSuite(
  title: "Loading your own feature",
  subtitle: "baseline: `swiftc -version` · candidate: `:load` / `:reload` of a one-file feature in a running tcaplay"
) {
  guard let binary = ProcessRuns.tcaplay, let swiftc = Toolchain.find()?.swiftc else {
    print("(loader figures skipped: build the tcaplay products in the same configuration, and put swiftc on PATH)")
    return []
  }
  let directory = ProcessRuns.scratchDirectory.appendingPathComponent("loader")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let file = directory.appendingPathComponent("Checkout.swift")
  func source(total: Int) -> String {
    """
    import ComposableArchitecture
    @Reducer
    struct Checkout {
      struct State: Equatable { var total = \(total) }
      enum Action: Equatable { case add(Int) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case let .add(n): state.total += n
          }
          return .none
        }
      }
    }
    """
  }
  var edits = 0
  try? source(total: 100).write(to: file, atomically: true, encoding: .utf8)
  func version() -> Int {
    ProcessRuns.piped(swiftc.path, ["-version"])
    return 0
  }
  guard let session = PipedSession(binary), let driverSession = PipedSession(binary, environment: ["TCAPLAY_COMPILE_PLAN": "off"]),
    let frontendSession = PipedSession(binary, environment: ["TCAPLAY_WARM_COMPILER": "off"]),
    let inKernelSession = PipedSession(binary, environment: ["TCAPLAY_COMPILE_SERVER": "off"])
  else {
    print("(loader figures skipped: tcaplay didn't start)")
    return []
  }
  // An edit, as a person makes one between reloads: the starting total changes each time.
  func edit() {
    edits += 1
    try? source(total: 100 + edits).write(to: file, atomically: true, encoding: .utf8)
  }
  func reload(in session: PipedSession) -> Int {
    edit()
    let output = session.run([":reload"])
    return output.contains("Reloaded Checkout") ? 0 : 1
  }
  // A tcaplay that can't load (run from a copy, away from the modules it compiles against) would
  // answer each `:load` at once with an error: its figures would read as a loader 150× faster.
  let firstLoad = session.run([":load \(file.path)"])
  guard firstLoad.contains("Loaded Checkout") else {
    let reason = PipedSession.errorLine(in: firstLoad) ?? firstLoad.prefix(200)
    print("(loader figures skipped: tcaplay couldn't load a feature: \(reason))")
    return []
  }
  driverSession.run([":load \(file.path)"])
  frontendSession.run([":load \(file.path)"])
  inKernelSession.run([":load \(file.path)"])
  return [
    BenchmarkCase(
      "load (compile + dlopen + register)", requiresIdenticalOutput: false, goal: .slowdown(atMost: 4),
      baseline: version,
      candidate: { session.run([":load \(file.path)"]).contains("Loaded Checkout") ? 0 : 1 }
    ),
    BenchmarkCase(
      "reload an edited file", requiresIdenticalOutput: false, goal: .slowdown(atMost: 2.7),
      baseline: version,
      candidate: { reload(in: session) }
    ),
    BenchmarkCase(
      "reload: through swiftc / the compile plan", requiresIdenticalOutput: true,
      baseline: { reload(in: driverSession) },
      candidate: { reload(in: session) }
    ),
    BenchmarkCase(
      "reload: one-shot frontend / warm compiler", requiresIdenticalOutput: true,
      baseline: { reload(in: frontendSession) },
      candidate: { reload(in: session) }
    ),
    BenchmarkCase(
      "reload: warm compiler in the kernel / in the compile server", requiresIdenticalOutput: true,
      baseline: { reload(in: inKernelSession) },
      candidate: { reload(in: session) }
    ),
  ]
}
