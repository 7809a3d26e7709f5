import PlaygroundHost
import TCAScriptSyntax

/// Printing controls: which actions `_printChanges` shows (`:filter`), and which part of the
/// state it diffs (`:pin`).
@MainActor
package struct PrintingControls {
  package let printer: ChangePrinter
  package let evaluator: Evaluator

  package init(printer: ChangePrinter, evaluator: Evaluator) {
    self.printer = printer
    self.evaluator = evaluator
  }

  /// `:filter -\.timerTick` hides an action case, `:filter +\.load` shows only listed cases,
  /// `:filter` alone clears the filter. Returns the filter now in force.
  package func filter(_ filter: ActionFilter) throws(ScriptError) -> PrintingSetting {
    guard case let .rules(rules) = filter else {
      self.printer.hiddenCases = []
      self.printer.shownCases = []
      return .filter(shown: [], hidden: [])
    }
    for rule in rules {
      let name: String
      switch rule {
      case let .hide(hidden): name = hidden
      case let .show(shown): name = shown
      case .malformed: throw ScriptError("expected '-\\.case' to hide a case or '+\\.case' to show only some", at: nil)
      }
      if let store = self.evaluator.environment.currentStore {
        let cases = TypeSchema.of(store.driver.actionType).cases.map(\.name)
        guard cases.contains(name) else {
          throw ScriptError("'\(name)' is not a case of \(_typeName(store.driver.actionType))\(Diagnostics.didYouMean(name, among: cases))", at: nil)
        }
      }
      if case .hide = rule { self.printer.hiddenCases.insert(name) } else { self.printer.shownCases.insert(name) }
    }
    return .filter(shown: self.printer.shownCases.sorted(), hidden: self.printer.hiddenCases.sorted())
  }

  /// `:pin \.cart` diffs only that part of the current store's state after each action;
  /// `:pin` alone unpins.
  package func pin(_ target: PinTarget) throws(ScriptError) -> PrintingSetting {
    guard case let .path(typed, parsed) = target else {
      self.printer.pinned = nil
      self.printer.pinnedDescription = nil
      return .pin(path: nil, store: nil)
    }
    guard let store = self.evaluator.environment.currentStore else { throw ScriptError("no store yet: create one or :load a feature", at: nil) }
    let path = try parsed.get()
    let keyPath = try self.evaluator.paths.keyPath(
      root: path.root, path.components, range: path.range, scope: EvaluationScope(closureParameter: nil, store: store)
    )
    let range = path.range
    self.printer.pinned = { [weak evaluator = self.evaluator] state in
      try? evaluator?.paths.read(state, along: keyPath.components, at: range)
    }
    self.printer.pinnedDescription = typed
    return .pin(path: typed, store: store.name)
  }
}
