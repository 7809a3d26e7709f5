import FeatureCatalog
import Foundation
import Notebooks
import TCAScript

/// `tcaplay run NOTEBOOK [--step]`: shows a notebook as a lesson — narration, then each cell's
/// code and its output — optionally pausing before each cell for a class to follow.
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
  public var style: TextStyle
  public var output: (String) -> Void
  public var ask: () async -> StepAnswer
  /// Opens a REPL on the notebook's session (see ``NotebookSession/exploring(on:_:)``).
  public var openREPL: (NotebookSession) async -> Void
  /// Reads the reader's prediction for a predict cell's action (with `step`): an assertion
  /// closure, or `nil` (an empty line) to see the answer.
  public var predict: (_ action: String) async -> String?

  public init(
    step: Bool, style: TextStyle, output: @escaping (String) -> Void,
    ask: @escaping () async -> StepAnswer, openREPL: @escaping (NotebookSession) async -> Void,
    predict: @escaping (_ action: String) async -> String? = { _ in nil }
  ) {
    self.step = step
    self.style = style
    self.output = output
    self.ask = ask
    self.openREPL = openREPL
    self.predict = predict
  }

  /// Presents a notebook; returns whether every cell behaved as recorded (no unexpected errors
  /// or failures).
  public func present(_ notebook: Notebook, catalog: Catalog) async -> Bool {
    // The session prints as the REPL does, coloured by what each output (and line) is.
    let session = NotebookSession(catalog: catalog, style: self.style)
    var ok = true
    var score = PredictionScore()
    defer { if self.step, score.asked > 0 { self.output(score.summary) } }
    for block in notebook.blocks {
      switch block {
      case let .prose(text):
        self.output(text + "\n")
      case let .cell(cell):
        if self.step {
          pausing: while true {
            self.output(self.style.paint("[Enter] run the next cell · q quit · :repl explore", .dim))
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
        self.output(self.style.paint(code, .boldCyan))
        let (text, failed) = await session.run(cell: cell.runnableCode, line: cell.line)
        if !text.isEmpty { self.output(text) }
        if failed != cell.expectsFailure { ok = false }
        self.output("")
      }
    }
    return ok
  }
}
