import PlaygroundHost
import TCAScriptSyntax

/// Printing controls: which actions `_printChanges` shows (`:filter`), and which part of the
/// state it diffs (`:pin`).
@MainActor
struct PrintingControls {
  let printer: ChangePrinter
  let evaluator: Evaluator

  /// `:filter -\.timerTick` hides an action case, `:filter +\.load` shows only listed cases,
  /// `:filter` alone clears the filter. Returns a description of the filter now in force.
  func filter(_ argument: String) throws(ScriptError) -> String {
    let trimmed = argument.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed == "off" {
      self.printer.hiddenCases = []
      self.printer.shownCases = []
      return "Printing every action."
    }
    for word in trimmed.split(separator: " ") {
      guard let sign = word.first, sign == "-" || sign == "+" else {
        throw ScriptError("expected '-\\.case' to hide a case or '+\\.case' to show only some", at: nil)
      }
      var name = String(word.dropFirst())
      if name.hasPrefix("\\.") { name.removeFirst(2) } else if name.hasPrefix(".") { name.removeFirst() }
      if let store = self.evaluator.environment.currentStore {
        let cases = TypeSchema.of(store.driver.actionType).cases.map(\.name)
        guard cases.contains(name) else {
          throw ScriptError("'\(name)' is not a case of \(_typeName(store.driver.actionType))\(Diagnostics.didYouMean(name, among: cases))", at: nil)
        }
      }
      if sign == "-" { self.printer.hiddenCases.insert(name) } else { self.printer.shownCases.insert(name) }
    }
    var parts: [String] = []
    if !self.printer.shownCases.isEmpty { parts.append("showing only " + self.printer.shownCases.sorted().map { "\\.\($0)" }.joined(separator: ", ")) }
    if !self.printer.hiddenCases.isEmpty { parts.append("hiding " + self.printer.hiddenCases.sorted().map { "\\.\($0)" }.joined(separator: ", ")) }
    return "Printing: " + parts.joined(separator: "; ") + "."
  }

  /// `:pin \.cart` diffs only that part of the current store's state after each action;
  /// `:pin` alone unpins.
  func pin(_ argument: String) throws(ScriptError) -> String {
    let trimmed = argument.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed != "off" else {
      self.printer.pinned = nil
      self.printer.pinnedDescription = nil
      return "Diffing the whole state."
    }
    guard let store = self.evaluator.environment.currentStore else { throw ScriptError("no store yet: create one or :load a feature", at: nil) }
    let expr = try Parser.parseExpression(trimmed.hasPrefix("\\") ? trimmed : "\\." + trimmed)
    guard case let .keyPath(root, components, range) = expr else {
      throw ScriptError("expected a key path such as \\.cart", at: nil)
    }
    let keyPath = try self.evaluator.paths.keyPath(root: root, components, range: range, scope: EvaluationScope(closureParameter: nil, store: store))
    self.printer.pinned = { [weak evaluator = self.evaluator] state in
      try? evaluator?.paths.read(state, along: keyPath.components, at: range)
    }
    self.printer.pinnedDescription = trimmed
    return "Diffing only \(trimmed) of \(store.name)'s state."
  }
}
