import Foundation

/// Prediction cells: before an action runs, the reader types the state change they expect as an
/// assertion closure, and the playground checks it as a `TestStore` assertion.
///
/// ````markdown
/// ```tca predict
/// store.send(.addItem)
/// {
///   $0.lastId = 1
///   $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true))
/// }
/// ```
/// ````
///
/// The first line is the action (a `send` without its closure); the lines after it are the
/// recorded answer, a closure. `tcaplay test` (and `tcaplay run` without `--step`) runs the
/// action with the recorded answer as its trailing closure; `tcaplay run --step` asks for the
/// reader's closure instead, shows ✔ or TCA's failure diff, and ends with a score.
extension Notebook.Cell {
  /// The action and the recorded answer of a predict cell; `nil` for other cells, or when the
  /// cell doesn't have that form.
  public var prediction: (action: String, answer: String)? {
    guard self.predicts else { return nil }
    let lines = self.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
    let action = lines[first].trimmingCharacters(in: .whitespaces)
    let answer = lines[(first + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !action.hasSuffix("{"), answer.hasPrefix("{"), answer.hasSuffix("}") else { return nil }
    return (action, answer)
  }

  /// The code a run checks: a predict cell's action with its recorded answer as the trailing
  /// closure; any other cell's code as written.
  public var runnableCode: String {
    guard let prediction = self.prediction else { return self.code }
    return Self.code(action: prediction.action, answer: prediction.answer)
  }

  /// An action with an answer closure as its trailing closure.
  public static func code(action: String, answer: String) -> String {
    action + " " + answer
  }

  static let predictionFormat =
    "a predict cell holds an action on its first line (store.send(.addItem)) and the recorded answer closure ({ $0.lastId = 1 }) on the lines after it"
}
