import BenchmarkHarness
import ComposableArchitecture
import Day2
import Foundation

/// Start-up (issue #21's P3): `tcaplay` to its first prompt, piped and on a terminal, and
/// `--help`, against a trivial Swift binary built in this run; and the same binary importing
/// Foundation and FoundationNetworking, what a tool on them pays before doing anything.
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let startUpSuite = BenchmarkSuite(
  title: "Start-up",
  subtitle: "baseline: a trivial Swift binary (built with swiftc -O in this run) · candidate: starting"
) {
  guard let binary = ProcessRuns.tcaplay, let trivial = ProcessRuns.trivialBinary() else {
    print("(start-up figures skipped: build the tcaplay products in the same configuration first, and put swiftc on PATH)")
    return []
  }
  let baseline = { ProcessRuns.piped(trivial, []); return 0 }
  var cases: [BenchmarkCase] = []
  for (module, type) in [("Foundation", "Date"), ("FoundationNetworking", "URLSession")] {
    guard let importing = ProcessRuns.trivialBinary(importing: module, touching: type) else { continue }
    cases.append(
      BenchmarkCase(
        "the trivial binary importing \(module)", requiresIdenticalOutput: false,
        baseline: baseline,
        candidate: { ProcessRuns.piped(importing, []); return 0 }
      )
    )
  }
  return cases + [
    BenchmarkCase(
      "start to first prompt and quit (piped)", requiresIdenticalOutput: false, goal: .slowdown(atMost: 5),
      baseline: baseline,
      candidate: { ProcessRuns.piped(binary, [], input: ":quit\n"); return 0 }
    ),
    // A session that needs its kernel: the first statement's answer waits for the kernel to
    // start (the line above may quit before it is ready).
    BenchmarkCase(
      "start, first statement's answer and quit (piped)", requiresIdenticalOutput: false,
      baseline: baseline,
      candidate: { ProcessRuns.piped(binary, [], input: "1 + 1\n:quit\n"); return 0 }
    ),
    BenchmarkCase(
      "start to first prompt and quit (terminal)", requiresIdenticalOutput: false, goal: .slowdown(atMost: 5),
      baseline: baseline,
      candidate: { ProcessRuns.onTerminal(binary, [], prompt: "tca>", keys: ":quit\r"); return 0 }
    ),
    // Handed to tcaplay-kernel (exec): the front end's start, then the kernel binary's.
    BenchmarkCase(
      "tcaplay --help", requiresIdenticalOutput: false,
      baseline: baseline,
      candidate: { ProcessRuns.piped(binary, ["--help"]); return 0 }
    ),
  ]
}

/// One send through the kernel: typed into a running `tcaplay` (front end, socket, kernel's
/// interpreter, printing off) against the same `store.send` in compiled code.
@MainActor let kernelSendSuite = BenchmarkSuite(
  title: "The kernel",
  subtitle: "baseline: compiled store.send · candidate: the same typed into a running tcaplay (printing off)"
) {
  guard let binary = ProcessRuns.tcaplay, let session = PipedSession(binary) else {
    print("(kernel figures skipped: build the tcaplay products in the same configuration first)")
    return []
  }
  let store = blockingOnMainActor {
    Store(initialState: DemoForEachState()) { Reduce(demoForEachReducer, environment: .mock) }
  }
  let send = "store.send(.child(id: 1, action: .toggle))"
  // A kernel that answers each send with an error (a tcaplay-kernel built without the lessons'
  // generated glue) would read as a send ten times cheaper: check that a send runs.
  let setUp = session.run([
    ":print off", "let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)", send,
  ])
  if let error = PipedSession.errorLine(in: setUp) {
    print("(kernel figures skipped: tcaplay couldn't send: \(error))")
    return []
  }
  return [
    // Ten sends and the session's sentinel per run: the figure over ten is about one send's,
    // a round trip between the processes included.
    BenchmarkCase(
      "10 sends through the kernel", requiresIdenticalOutput: false,
      baseline: { compiledSends(10, to: store) },
      candidate: { session.run(Array(repeating: send, count: 10)).isEmpty ? 1 : 0 }
    ),
    // What a send costs in a long piped run (a script, a notebook), where both processes work
    // in runs and the round trip is spread over 400 sends.
    BenchmarkCase(
      "400 sends through the kernel (a send in a long piped run)", requiresIdenticalOutput: false,
      baseline: { compiledSends(400, to: store) },
      candidate: { session.run(Array(repeating: send, count: 400)).isEmpty ? 1 : 0 }
    ),
  ]
}
