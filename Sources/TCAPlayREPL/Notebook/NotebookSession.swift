import FeatureCatalog
import Foundation
import Notebooks
import TCAScript

/// Runs notebook cells in one playground session, the way the REPL runs typed input (`:`
/// commands such as `:view` included), capturing the output as plain text (or coloured, for a
/// presentation on a terminal).
@MainActor
public final class NotebookSession {
  public let repl: REPL
  private let console = CapturingConsole()

  public init(catalog: Catalog, style: TextStyle = TextStyle(isColored: false)) {
    let session = Session(catalog: catalog)
    session.effectStartGrace = Launcher.unattendedEffectStartGrace
    self.repl = REPL(session: session, console: self.console, style: style)
    self.repl.compilesFeatureFiles = false
  }

  /// Runs a cell's code and returns its output and whether it printed an error or a failure.
  ///
  /// Error positions count lines from the top of the cell (not of the notebook), so that
  /// recording outputs above a cell doesn't change what a later cell prints.
  public func run(cell code: String, line: Int) async -> (text: String, failed: Bool) {
    let problemsBefore = self.repl.problemCount
    _ = self.console.drain()
    var accumulator = InputAccumulator()
    for text in code.split(separator: "\n", omittingEmptySubsequences: false) {
      guard case let .complete(input) = accumulator.add(String(text)) else { continue }
      await self.execute(input, firstLine: accumulator.startLine)
    }
    if let pending = accumulator.flush() {
      await self.execute(pending, firstLine: accumulator.startLine)
    }
    let output = self.console.drain()
    let text = output.hasSuffix("\n") ? String(output.dropLast()) : output
    return (text, self.repl.problemCount > problemsBefore)
  }

  /// Runs `body` (a REPL loop on the notebook's session, `:repl` at a pause) with the session's
  /// output going to `console` as it is printed, rather than kept for the next cell.
  public func exploring(on console: any Console, _ body: (REPL) async -> Void) async {
    _ = self.console.drain()
    self.console.passThrough(to: console)
    defer { self.console.passThrough(to: nil) }
    await body(self.repl)
  }

  /// The executor a ``NotebookRunner`` calls.
  public var executor: NotebookRunner.Executor {
    { [self] code, line in await self.run(cell: code, line: line) }
  }

  private func execute(_ input: String, firstLine: Int) async {
    _ = await self.repl.execute(input, firstLine: firstLine)
    await InputLoop.settle()
    self.repl.pollAsynchronousOutput()
  }
}

/// A console that keeps what is written, or passes it on while a person explores the session.
final class CapturingConsole: Console, @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""
  private var passThrough: (any Console)?

  func write(_ text: String) {
    let target: (any Console)? = self.lock.withLock {
      if let passThrough = self.passThrough { return passThrough }
      self.text += text
      return nil
    }
    target?.write(text)
  }

  /// Writes go to `console` instead of being kept, until `nil`.
  func passThrough(to console: (any Console)?) {
    self.lock.withLock { self.passThrough = console }
  }

  func drain() -> String {
    self.lock.withLock {
      defer { self.text = "" }
      return self.text
    }
  }
}
