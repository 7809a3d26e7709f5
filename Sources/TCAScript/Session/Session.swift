@_spi(Hosting) import ComposableArchitecture
import FeatureCatalog
import Foundation
import PlaygroundHost
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
  /// The scripts run so far, parsed, by their text.
  private var parsedScripts = ParsedScripts()
  let interpreter: Interpreter

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
  public struct Output: Equatable, Sendable {
    public enum Kind: String, Sendable {
      /// A value the user asked for.
      case value
      /// `_printChanges` output.
      case changes
      /// A failed assertion (TestStore's failure text, `#expect`'s, `XCTAssertEqual`'s…).
      case failure
      /// A passed assertion (`#expect`, `XCTAssertEqual`…): the REPL shows `✔` at a terminal,
      /// scripts and notebooks print nothing. Its text says more when there is more to say
      /// ("known issue: …").
      case pass
      /// A problem with the input: a one-line message with position and caret.
      case error
      /// A message from the playground itself.
      case info
    }
    public var kind: Kind
    public var text: String
    /// For `.changes`: the change as the store recorded it (the action, the store, and the
    /// printed lines with their kinds), whose text is ``text``.
    public var record: ChangeRecord?

    public init(_ kind: Kind, _ text: String) {
      self.kind = kind
      self.text = text
    }

    /// The output of one printed change: kind `.changes`, the record's text.
    public init(_ record: ChangeRecord) {
      self.kind = .changes
      self.text = record.text
      self.record = record
    }

    /// Outputs are equal when they print the same (a record is how the text was made).
    public static func == (lhs: Output, rhs: Output) -> Bool {
      lhs.kind == rhs.kind && lhs.text == rhs.text
    }

    /// The output as plain text, as the REPL prints it without colours: failures are marked
    /// with "✘ ".
    public var rendered: String {
      switch self.kind {
      case .failure: return "✘ " + self.text
      case .pass: return self.text.isEmpty ? "✔" : "✔ " + self.text
      default: return self.text
      }
    }
  }

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
  /// the `Interpreter` execute each statement, collecting errors, changes and failures.
  ///
  /// - Parameters:
  ///   - origin: The file the source comes from, for error positions.
  ///   - firstLine: The line of `source`'s first line in that file.
  @discardableResult
  public func run(_ source: String, origin: String? = nil, firstLine: Int = 1) async -> [Output] {
    _ = self.outputBuffer.take()
    let script: ParsedScripts.Script
    do {
      script = try self.parsedScripts.script(source)
    } catch {
      return [Output(.error, Diagnostics.render(error, source: source, origin: origin, firstLine: firstLine))]
    }
    self.environment.runningSource = (source, origin, firstLine)
    var index = 0
    while true {
      // The statements that don't suspend run in a synchronous function; this asynchronous one
      // only awaits what they leave (issue #21, P2: the asynchronous loop's frame and the
      // values it kept alive across suspensions were about a tenth of a typed send).
      switch self.runWithoutSuspending(script, from: index) {
      case .finished:
        return self.outputBuffer.take()
      case let .settling(driver, at: settled):
        await driver.settle()
        self.statementEnded(script, at: settled, error: nil)
        index = settled + 1
      case let .executing(at: executed):
        let interpreter = self.interpreter
        var failure: (any Error)?
        do {
          if self.outputBuffer.reportersAreBound {
            try await interpreter.execute(script.statements[executed], compiled: script.compiled?[executed])
          } else {
            try await withIssueReporters(self.outputBuffer.reporters) {
              try await interpreter.execute(script.statements[executed], compiled: script.compiled?[executed])
            }
          }
        } catch {
          failure = error
        }
        guard self.statementEnded(script, at: executed, error: failure) else { return self.outputBuffer.take() }
        index = executed + 1
      }
    }
  }

  /// Where ``runWithoutSuspending(_:from:)`` stopped.
  private enum SynchronousRun {
    /// The script ran to its end (or a top-level `return`).
    case finished
    /// The statement at `index`, a send, left effects running: they deliver what they have ready
    /// before it ends.
    case settling(any StoreDriver, at: Int)
    /// The statement at `index` runs through the interpreter, which may suspend.
    case executing(at: Int)
  }

  /// Runs `script`'s statements from `start` for as long as they run without suspending
  /// (compiled sends), ending each.
  private func runWithoutSuspending(_ script: ParsedScripts.Script, from start: Int) -> SynchronousRun {
    guard let compiled = script.compiled else {
      return start < script.statements.count ? .executing(at: start) : .finished
    }
    // Bound already (inside ``reportingIssues(_:)``), the session's issue reporters aren't bound
    // again: IssueReporting's binding allocates a lock for each call, an eighth of a typed send
    // (issue #21, P2). Bound here, it is for each statement, not once around them: the
    // synchronous binding, which a compiled send can have, costs a fifth of the asynchronous one.
    let bindsReporters = !self.outputBuffer.reportersAreBound
    let interpreter = self.interpreter
    var index = start
    while index < compiled.count {
      guard let send = compiled[index].send else { return .executing(at: index) }
      let outcome: CompiledSend.Outcome
      do {
        outcome = bindsReporters
          ? try withIssueReporters(self.outputBuffer.reporters) { try interpreter.run(send) }
          : try interpreter.run(send)
      } catch {
        guard self.statementEnded(script, at: index, error: error) else { return .finished }
        index += 1
        continue
      }
      switch outcome {
      case .sent: self.statementEnded(script, at: index, error: nil)
      case let .sentWithEffectsRunning(driver): return .settling(driver, at: index)
      case .notHeld: return .executing(at: index)
      }
      index += 1
    }
    return .finished
  }

  /// Ends the statement at `index`, which succeeded or threw `error`: notes it, reports the
  /// error, and flushes what it printed. Returns `false` when the script stops there (a
  /// top-level `return`).
  @discardableResult
  private func statementEnded(_ script: ParsedScripts.Script, at index: Int, error: (any Error)?) -> Bool {
    let output = self.outputBuffer
    if let error {
      if error is ScriptReturn {
        // A top-level `return` ends the script quietly.
        output.flushChanges()
        output.flushIssues()
        return false
      }
      let statement = script.statements[index]
      let (source, origin, firstLine) = self.environment.runningSource
      output.flushChanges()
      switch error {
      case let error as ScriptError:
        let shown = self.environment.cascadeError(error, in: statement)
        output.append(Output(.error, Diagnostics.render(shown, source: source, origin: origin, firstLine: firstLine)))
      case is RequirementFailure:
        // `#require` printed its failure; the statement stops, as a Swift test does.
        break
      default:
        output.append(Output(.error, "error: \(error)"))
      }
      self.environment.statementFailed(statement, line: statement.range.line + firstLine - 1)
    } else {
      // (Asked first: passing the statement copied it, for every send, to find nothing to do.)
      if !self.environment.failedDefinitions.isEmpty {
        self.environment.statementSucceeded(script.statements[index])
      }
      if script.isMutating[index] {
        self.transcriptLog.record(script.texts[index])
      }
    }
    output.flushChanges()
    output.flushIssues()
    self.interpreter.reportSubscriptions()
    return true
  }

  /// Runs `body` with the session's issue reporters bound (TestStore failures, runtime warnings
  /// and `reportIssue` calls become the session's output), and ``run(_:origin:firstLine:)``
  /// inside it doesn't bind them again: a front end that runs many inputs binds them once
  /// around its loop. Tasks made inside it (as effects are) report to the session too.
  public func reportingIssues<R>(_ body: () async throws -> R) async rethrows -> R {
    try await withIssueReporters(self.outputBuffer.reporters) {
      try await OutputBuffer.$boundCollector.withValue(ObjectIdentifier(self.outputBuffer.issues)) { try await body() }
    }
  }

  /// The statement as the user wrote it (its source lines), or its normalized form when it
  /// shares a line with others.
  nonisolated static func sourceText(of statement: Statement, in lines: [Substring]) -> String {
    let range = statement.range
    guard range.line >= 1, range.line <= lines.count else { return statement.description }
    let line = lines[range.line - 1]
    let start = line.index(line.startIndex, offsetBy: min(range.column - 1, line.count), limitedBy: line.endIndex) ?? line.endIndex
    let text = Self.trimmingWhitespace(line[start...])
    return text.count == range.length || text.count < range.length ? String(text) : statement.description
  }

  /// `text` without the spaces and tabs around it (as `trimmingCharacters(in: .whitespaces)`
  /// trims), without a trip through Foundation when there are none.
  nonisolated static func trimmingWhitespace(_ text: Substring) -> String {
    let isTrimmed = { (character: Character?) in
      character.map { $0.isASCII && $0 != " " && $0 != "\t" } ?? true
    }
    return isTrimmed(text.first) && isTrimmed(text.last) ? String(text) : text.trimmingCharacters(in: .whitespaces)
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
