import FeatureCatalog
import Foundation
import Notebooks
import TCAScript
import KernelProtocol

/// `tcaplay run NOTEBOOK [--step]`: shows a notebook as a lesson — narration, then each cell's
/// code and its output — optionally pausing before each cell for a class to follow.
///
/// A cell that traps shows the trap's report as its output and fails the lesson; the next cell
/// runs in the restarted session.
@MainActor
public struct NotebookPresenter {
  /// Reads the answer at a pause: Enter runs the cell, `q` quits, `:repl` opens a REPL on the
  /// notebook's session (leave it with `:quit` or Ctrl-D to go on).
  public enum StepAnswer: Equatable, Sendable {
    case next
    case quit
    case repl
  }

  public var step: Bool
  /// Prints one or more lines (the newline ending the last one is added).
  public var output: (StyledText) -> Void
  public var ask: () async -> StepAnswer
  /// Opens a REPL on the notebook's session (see ``NotebookSession/exploring(on:_:)``).
  public var openREPL: (NotebookSession) async -> Void
  /// Reads the reader's prediction for a predict cell's action (with `step`): an assertion
  /// closure, or `nil` (an empty line) to see the answer.
  public var predict: (_ action: String) async -> String?

  public init(
    step: Bool, output: @escaping (StyledText) -> Void,
    ask: @escaping () async -> StepAnswer, openREPL: @escaping (NotebookSession) async -> Void,
    predict: @escaping (_ action: String) async -> String? = { _ in nil }
  ) {
    self.step = step
    self.output = output
    self.ask = ask
    self.openREPL = openREPL
    self.predict = predict
  }

  /// Presents a notebook in `session` (a fresh one); returns whether every cell behaved as
  /// recorded (no unexpected errors or failures, no trap).
  public func present(_ notebook: Notebook, in session: NotebookSession) async -> Bool {
    var ok = true
    var score = PredictionScore()
    defer { if self.step, score.asked > 0 { self.output(StyledText(score.summary)) } }
    for block in notebook.blocks {
      switch block {
      case let .prose(text):
        self.output(StyledText(text + "\n"))
      case let .cell(cell):
        if self.step {
          pausing: while true {
            self.output(StyledText("[Enter] run the next cell · q quit · :repl explore", .hint))
            switch await self.ask() {
            case .next: break pausing
            case .quit: return ok
            case .repl: await self.openREPL(session)
            }
          }
        }
        if self.step, let prediction = cell.prediction {
          if !(await self.askPrediction(prediction, cell: cell, session: session, score: &score)) { ok = false }
          continue
        }
        let code = cell.runnableCode.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated().map { ($0.offset == 0 ? "tca> " : "...> ") + $0.element }.joined(separator: "\n")
        self.output(StyledText(code, .code))
        let output = await session.run(cell: cell.runnableCode, line: cell.line)
        if !output.text.isEmpty { self.output(output.text) }
        if output.failed != cell.expectsFailure || output.trapReport != nil { ok = false }
        self.output(StyledText())
      }
    }
    return ok
  }
}
