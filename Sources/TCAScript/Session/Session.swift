@_spi(Hosting) import ComposableArchitecture
import FeatureCatalog
import Foundation
import PlaygroundHost
import ScriptEvaluation
import SessionHistory
import TCAScriptSyntax

/// An interpreter session: the stores, bindings and history of one user (a REPL, a notebook,
/// a test), evaluating scripts in the playground's TCA-shaped language against a ``Catalog``.
///
/// ```swift
/// let session = Session(catalog: day2Catalog)
/// let output = await session.run("let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
/// await session.run("store.send(.addItem) { $0.lastId = 1; … }")
/// ```
///
/// Nothing typed can crash the session: every problem is an ``Output`` of kind `.error` with a
/// position and a caret, and the session goes on.
///
/// The session is the façade front ends talk to, and a thin driver: it parses a script and has
/// the `Interpreter` execute each statement; names live in a `ScriptEnvironment`, expressions
/// are the `Evaluator`'s, and its other commands go to services over the stores' histories
/// (`HistoryService`, `Reloader`, `Transcript`, `TestExporter`).
@MainActor
public final class Session {
  // The driver owns the stages and services; each holds only what its job needs.
  let environment: ScriptEnvironment
  let evaluator: Evaluator
  let history: HistoryService
  let outputBuffer = OutputBuffer()
  let transcriptLog = Transcript()
  let interpreter: Interpreter
  let runner: ScriptRunner

  /// The catalog the session runs against (grown by ``install(_:)``).
  public var catalog: Catalog { self.environment.catalog }
  /// What `_printChanges` prints after each action.
  public var printer: ChangePrinter { self.outputBuffer.printer }
  /// Where statements are journaled as they run, if anywhere.
  public var journal: Journal? {
    get { self.transcriptLog.journal }
    set { self.transcriptLog.journal = newValue }
  }
  /// Runs a front end's `:` command found while replaying a saved session or journal; returns
  /// whether it succeeded. The REPL installs it.
  public var commandHandler: ((String) async -> Bool)?

  public init(catalog: Catalog) {
    self.environment = ScriptEnvironment(catalog: catalog)
    self.evaluator = Evaluator(environment: self.environment)
    self.history = HistoryService(environment: self.environment)
    self.interpreter = Interpreter(
      environment: self.environment, evaluator: self.evaluator, history: self.history, output: self.outputBuffer
    )
    self.runner = ScriptRunner(
      environment: self.environment, interpreter: self.interpreter, outputBuffer: self.outputBuffer,
      transcriptLog: self.transcriptLog
    )
    // Where unfinished effects were made, printed after the failure that reports them.
    self.history.note = { [issues = self.outputBuffer.issues] in issues.note($0) }
    // A change record names its store: the current store, or else the first by name.
    self.outputBuffer.storeName = { [environment = self.environment] id in
      if let current = environment.currentStore, ObjectIdentifier(current.driver) == id { return current.name }
      return environment.storesByName.sorted { $0.key < $1.key }.first { ObjectIdentifier($0.value.driver) == id }?.key
    }
    self.environment.reportRuntimeError = { [outputBuffer] text in outputBuffer.reportLater(text) }
  }

  /// One piece of what a script printed.
  public typealias Output = SessionOutput

  /// How long a store's `receive` and `finish` wait when no `timeout:` is given (200 ms: shorter
  /// than TCA's second, so that a mistyped expectation answers quickly at the prompt). Stores
  /// made afterwards use it.
  public var receiveTimeout: Duration {
    get { self.environment.receiveTimeout }
    set { self.environment.receiveTimeout = newValue }
  }

  /// How long a store's `advance(by:)` gives effects in flight, in real time, when nothing sleeps
  /// on the clock: before it, to start and schedule their timers; after it, to send what it woke
  /// them for (100 ms). Stores made afterwards use it.
  public var effectStartGrace: Duration {
    get { self.environment.effectStartGrace }
    set { self.environment.effectStartGrace = newValue }
  }

  /// How many effects the session's stores run now (not other sessions' in the process).
  public var runningEffectCount: Int { self.environment.effects.runningCount }

  /// Whether stores made afterwards record their history (each action and state, for
  /// `:history`, time travel, `:why`, `:export` and replays on reload): on by default. Turning it
  /// off is for embedding a session where none of that is asked for, and for measuring what
  /// recording costs (`tcaplay-bench`).
  public var recordsHistory: Bool {
    get { self.history.isRecording }
    set { self.history.isRecording = newValue }
  }

  /// The names of the session's stores.
  public var storeNames: [String] { self.environment.storesByName.keys.sorted() }

  /// The store commands apply to when none is named (the last one created or loaded).
  public var currentStoreName: String? { self.environment.currentStore?.name }

  /// Runs a script (one or more statements) and returns what it printed: parses it, then has
  /// the `Interpreter` execute each statement, collecting errors, changes and failures
  /// (``ScriptRunner``).
  ///
  /// - Parameters:
  ///   - origin: The file the source comes from, for error positions.
  ///   - firstLine: The line of `source`'s first line in that file.
  @discardableResult
  public func run(_ source: String, origin: String? = nil, firstLine: Int = 1) async -> [Output] {
    await self.runner.run(source, origin: origin, firstLine: firstLine)
  }

  /// Runs `body` with the session's issue reporters bound (TestStore failures, runtime warnings
  /// and `reportIssue` calls become the session's output), and ``run(_:origin:firstLine:)``
  /// inside it doesn't bind them again: a front end that runs many inputs binds them once
  /// around its loop. Tasks made inside it (as effects are) report to the session too.
  public func reportingIssues<R>(_ body: () async throws -> R) async rethrows -> R {
    try await withIssueReporters(self.outputBuffer.reporters) {
      try await OutputBuffer.$boundCollector.withValue(ObjectIdentifier(self.outputBuffer.issues)) {
        try await self.environment.effects.counting { try await body() }
      }
    }
  }

  /// Output produced outside `run` (effects delivered while idle, in a live store).
  public func drainAsynchronousOutput() -> [Output] {
    _ = self.outputBuffer.take()
    self.outputBuffer.flushChanges()
    self.outputBuffer.flushIssues()
    self.interpreter.reportSubscriptions()
    return self.outputBuffer.take()
  }
}
