import Foundation
import TCAScript
import TCAScriptSyntax

extension MetaCommand {
  static let predict = MetaCommand(
    name: "predict", synopsis: "[ACTION]", summary: "predict an action's state change, then check it",
    help: """
      :predict store.send(.addItem)   the next line you type is your prediction: the state
                                      change you expect, as an assertion closure such as
                                      { $0.lastId = 2 }. The action then runs with it as a
                                      TestStore assertion: ✔, or TCA's failure diff.
      :predict                        how many predictions were right so far
      The action's store must be a TestStore (':load --test FEATURE').
      """,
    run: { repl, arguments in
      let action = arguments.trimmingCharacters(in: .whitespaces)
      guard !action.isEmpty else {
        repl.print(repl.predictionScore.asked == 0 ? "No predictions yet: ':predict store.send(.someAction)'." : repl.predictionScore.summary)
        if let pending = repl.pendingPrediction { repl.print("Waiting for your prediction for \(pending).") }
        return .continue
      }
      do throws(ScriptError) {
        let statements = try Parser.parse(action)
        guard statements.count == 1, !action.hasSuffix("}") else {
          throw ScriptError("expected one action without its closure, as in ':predict store.send(.addItem)'", at: nil)
        }
      } catch {
        repl.printError(Diagnostics.render(error, source: action, showsPosition: false).replacingOccurrences(of: "error: ", with: ""), origin: ":predict")
        return .continue
      }
      repl.pendingPrediction = action
      repl.print("Type the state change you expect from \(action), as an assertion closure ({ $0.count = 1 }; { } for none):")
      return .continue
    }
  )
}

extension REPL {
  /// Runs a `:predict` action with the reader's closure as its assertion, shows ✔ or TCA's
  /// failure diff, and counts the prediction.
  func checkPrediction(action: String, guess: String) async -> Control {
    let code = action + " " + guess
    if case let .failure(error) = Result(catching: { () throws(ScriptError) in try Parser.parse(code) }) {
      self.printError(Diagnostics.render(error, source: code, showsPosition: false).replacingOccurrences(of: "error: ", with: ""))
      self.print("Your prediction didn't parse; type it again (the action hasn't run).")
      self.pendingPrediction = action
      return .continue
    }
    let outputs = await self.session.run(code)
    self.show(outputs)
    if outputs.contains(where: { $0.kind == .error }) {
      self.print("Your prediction couldn't be checked (the error above); it doesn't count. :predict needs a TestStore (':load --test FEATURE').")
      return .continue
    }
    let right = !outputs.contains { $0.kind == .failure }
    self.predictionScore.asked += 1
    if right { self.predictionScore.right += 1 }
    self.print(PredictionScore.verdict(right: right) + "  (" + self.predictionScore.summary + ")")
    self.updateView()
    return .continue
  }
}
