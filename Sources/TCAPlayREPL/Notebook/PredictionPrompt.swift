import Foundation
import Notebooks
import TCAScript
import KernelProtocol
import TCAScriptSyntax

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
    self.output(StyledText("tca> " + prediction.action, .code))
    score.asked += 1
    while true {
      self.output(StyledText("Predict the state change as an assertion closure, such as { $0.count = 1 } (Enter shows the answer):", .hint))
      guard let guess = await self.predict(prediction.action)?.trimmingCharacters(in: .whitespaces), !guess.isEmpty else {
        self.output(StyledText("The answer: " + prediction.answer))
        let output = await session.run(cell: cell.runnableCode, line: cell.line)
        if !output.text.isEmpty { self.output(output.text) }
        self.output(StyledText())
        return output.failed == cell.expectsFailure && output.trapReport == nil
      }
      let code = Notebook.Cell.code(action: prediction.action, answer: guess)
      do {
        _ = try Parser.parse(code)
      } catch {
        self.output(StyledText(Diagnostics.render(error, source: code, showsPosition: false)))
        continue
      }
      let output = await session.run(cell: code, line: cell.line)
      if !output.text.isEmpty { self.output(output.text) }
      if !output.failed { score.right += 1 }
      self.output(StyledText(PredictionScore.verdict(right: !output.failed)))
      if output.failed { self.output(StyledText("The recorded answer: " + prediction.answer)) }
      self.output(StyledText())
      return output.trapReport == nil
    }
  }
}
