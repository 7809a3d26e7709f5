import FeatureCatalog
import Foundation
import Notebooks
import TCAScript
import KernelClient
import KernelProtocol

/// Runs a notebook's cells in one playground session, the way the REPL runs typed input (`:`
/// commands such as `:view` included), and keeps each cell's output.
///
/// The session is a kernel's (``NotebookKernel``: a cell that traps is that cell's failure, and
/// the next cell runs in a restarted session) or, with `TCAPLAY_KERNEL=inprocess`, one in this
/// process.
@MainActor
public final class NotebookSession {
  /// What one cell printed.
  public struct CellOutput: Sendable {
    /// The output, each part marked with what it is (without the newline ending its last line).
    public var text: StyledText
    /// Whether it printed an error or a failure.
    public var failed: Bool
    /// When the cell trapped: the report's lines (what trapped, where, what was running).
    public var trapReport: [String]?
  }

  /// What the cells run in.
  public let runner: any InputRunner
  private let kernel: KernelREPL?
  private let console: CapturingConsole

  /// A session in this process: a trap ends the process.
  public convenience init(catalog: Catalog) {
    let console = CapturingConsole()
    let session = Session(catalog: catalog)
    session.effectStartGrace = Launcher.unattendedEffectStartGrace
    let repl = REPL(session: session, console: console)
    repl.compilesFeatureFiles = false
    self.init(runner: repl, kernel: nil, console: console)
  }

  /// A session in `kernel`, which prints to `console`.
  init(kernel: KernelREPL, console: CapturingConsole) {
    self.runner = kernel
    self.kernel = kernel
    self.console = console
  }

  private init(runner: any InputRunner, kernel: KernelREPL?, console: CapturingConsole) {
    self.runner = runner
    self.kernel = kernel
    self.console = console
  }

  /// Runs a cell's code input by input, up to the end or to an input that traps.
  ///
  /// Error positions count lines from the top of the cell (not of the notebook), so that
  /// recording outputs above a cell doesn't change what a later cell prints.
  public func run(cell code: String, line: Int) async -> CellOutput {
    let problemsBefore = self.runner.problemCount
    let trapsBefore = self.kernel?.trapCount ?? 0
    var accumulator = InputAccumulator()
    var inputs: [(text: String, line: Int)] = []
    for text in code.split(separator: "\n", omittingEmptySubsequences: false) {
      guard case let .complete(input) = accumulator.add(String(text)) else { continue }
      inputs.append((input, accumulator.startLine))
    }
    if let pending = accumulator.flush() { inputs.append((pending, accumulator.startLine)) }
    for input in inputs {
      _ = await self.runner.execute(input.text, firstLine: input.line, origin: nil)
      await self.runner.settle()
      if let kernel = self.kernel, kernel.trapCount > trapsBefore { break }
    }
    let trapped = (self.kernel?.trapCount ?? 0) > trapsBefore
    return CellOutput(
      text: self.console.drain().droppingFinalNewline(), failed: self.runner.problemCount > problemsBefore,
      trapReport: trapped ? self.kernel?.lastTrapReport : nil
    )
  }

  /// Runs `body` (a REPL loop on the notebook's session, `:repl` at a pause) with the session's
  /// output going to `console` as it is printed, rather than kept for the next cell.
  public func exploring(on console: any Console, _ body: @MainActor (any InputRunner) async -> Void) async {
    console.write(self.console.drain())
    self.console.passThrough(to: console)
    defer { self.console.passThrough(to: nil) }
    await body(self.runner)
  }

  /// The executor a ``NotebookRunner`` calls: the output as plain text.
  public var executor: NotebookRunner.Executor {
    { [self] code, line in
      let output = await self.run(cell: code, line: line)
      return NotebookRunner.CellOutput(
        text: output.text.plainText, failed: output.failed, trapReport: output.trapReport?.joined(separator: "\n")
      )
    }
  }
}

/// A console that keeps what is written, or passes it on while a person explores the session.
final class CapturingConsole: Console, @unchecked Sendable {
  private let lock = NSLock()
  private var text = StyledText()
  private var passThrough: (any Console)?

  func write(_ text: StyledText) {
    let target: (any Console)? = self.lock.withLock {
      if let passThrough = self.passThrough { return passThrough }
      self.text.append(text)
      return nil
    }
    target?.write(text)
  }

  /// Writes go to `console` instead of being kept, until `nil`.
  func passThrough(to console: (any Console)?) {
    self.lock.withLock { self.passThrough = console }
  }

  /// What was kept since the last call.
  func drain() -> StyledText {
    self.lock.withLock {
      defer { self.text = StyledText() }
      return self.text
    }
  }
}
