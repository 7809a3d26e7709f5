import ComposableArchitecture
import PlaygroundHost
import ScriptEvaluation
import SessionHistory
import TCAScriptSyntax

/// Runs scripts for a ``Session``: parses a script (or finds it parsed: ``ParsedScripts``), has
/// the ``Interpreter`` execute each statement, and ends each (errors reported, changes and
/// failures flushed, mutating statements recorded in the transcript).
@MainActor
final class ScriptRunner {
  let environment: ScriptEnvironment
  let interpreter: Interpreter
  let outputBuffer: OutputBuffer
  let transcriptLog: Transcript
  /// The scripts run so far, parsed, by their text.
  private var parsedScripts = ParsedScripts()

  init(environment: ScriptEnvironment, interpreter: Interpreter, outputBuffer: OutputBuffer, transcriptLog: Transcript) {
    self.environment = environment
    self.interpreter = interpreter
    self.outputBuffer = outputBuffer
    self.transcriptLog = transcriptLog
  }

  /// Runs a script (``Session/run(_:origin:firstLine:)``).
  func run(_ source: String, origin: String?, firstLine: Int) async -> [Session.Output] {
    _ = self.outputBuffer.take()
    let script: ParsedScripts.Script
    do {
      script = try self.parsedScripts.script(source)
    } catch {
      return [Session.Output(.error, Diagnostics.render(error, source: source, origin: origin, firstLine: firstLine))]
    }
    self.environment.runningSource = (source, origin, firstLine)
    var index = 0
    while true {
      // The statements that don't suspend run in a synchronous function; this asynchronous one
      // only awaits what they leave (speed: docs/benchmarks-log.md, "A run's statements without
      // suspending").
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
    // again: IssueReporting's binding allocates a lock for each call (speed: docs/benchmarks-log.md,
    // "Issue reporters bound once, not for each statement"). Bound here, it is for each statement, not once around them: the
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
        output.append(Session.Output(.error, Diagnostics.render(shown, source: source, origin: origin, firstLine: firstLine)))
      case is RequirementFailure:
        // `#require` printed its failure; the statement stops, as a Swift test does.
        break
      default:
        output.append(Session.Output(.error, "error: \(error)"))
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
}
