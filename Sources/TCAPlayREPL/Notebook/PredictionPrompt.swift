import Foundation
import Notebooks
import TCAScript

/// How many predictions a reader got right: `Predictions: 2 of 3 right`.
public struct PredictionScore: Equatable, Sendable {
  public var asked = 0
  public var right = 0

  public init() {}

  public var summary: String { "Predictions: \(self.right) of \(self.asked) right" }

  /// The line shown after a checked prediction.
  static func verdict(right: Bool) -> String {
    right
      ? "✔ Right: the state changed as you predicted."
      : "✘ Not quite: TCA's diff above shows your prediction (−) against what happened (+)."
  }
}

extension NotebookPresenter {
  /// Runs a predict cell with `--step`: shows the action, reads the reader's closure, runs the
  /// action with it as a `TestStore` assertion and shows ✔ or TCA's failure diff. A closure that
  /// doesn't parse is asked again; an empty answer shows the recorded one (counted as missed).
  /// Returns whether the cell behaved as recorded (the action ran without an error).
  func askPrediction(
    _ prediction: (action: String, answer: String), cell: Notebook.Cell, session: NotebookSession,
    score: inout PredictionScore
  ) async -> Bool {
    self.output(self.style.paint("tca> " + prediction.action, .boldCyan))
    score.asked += 1
    while true {
      self.output(self.style.paint("Predict the state change as an assertion closure, such as { $0.count = 1 } (Enter shows the answer):", .dim))
      guard let guess = await self.predict(prediction.action)?.trimmingCharacters(in: .whitespaces), !guess.isEmpty else {
        self.output("The answer: " + prediction.answer)
        let (text, failed) = await session.run(cell: cell.runnableCode, line: cell.line)
        if !text.isEmpty { self.output(text) }
        self.output("")
        return failed == cell.expectsFailure
      }
      let code = Notebook.Cell.code(action: prediction.action, answer: guess)
      do {
        _ = try Parser.parse(code)
      } catch {
        self.output(Diagnostics.render(error, source: code, showsPosition: false))
        continue
      }
      let (text, failed) = await session.run(cell: code, line: cell.line)
      if !text.isEmpty { self.output(text) }
      if !failed { score.right += 1 }
      self.output(PredictionScore.verdict(right: !failed))
      if failed { self.output("The recorded answer: " + prediction.answer) }
      self.output("")
      return true
    }
  }
}
