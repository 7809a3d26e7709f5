import ComposableArchitecture
import PlaygroundHost
import ScriptEvaluation
import TCAScriptSyntax

/// `:cancel`: effects in flight cancelled by their cancel identifier, as `Effect.cancel(id:)`
/// cancels them.
extension HistoryService {
  /// `:cancel ID`: cancels the current store's effects in flight under the cancel identifier
  /// that reads as `text` (`CancelID.timer`; `timer` or `.timer` when only one identifier ends
  /// so), as `Effect.cancel(id:)` would; returns them.
  package func cancelEffects(_ text: String) async throws(ScriptError) -> [EffectSummary] {
    guard let store = self.environment.currentStore else {
      throw ScriptError("there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'", at: nil)
    }
    let typed = text.trimmingCharacters(in: .whitespaces)
    guard !typed.isEmpty else { throw ScriptError("':cancel' needs a cancel id, as ':effects' lists them", at: nil) }
    let ids = store.driver.inFlightEffects.flatMap(\.source.cancelIDs)
    let names = Array(Set(ids.map(\.description))).sorted()
    let matching = names.filter { $0 == typed }.isEmpty
      ? names.filter { name in
        let bare = typed.hasPrefix(".") ? String(typed.dropFirst()) : typed
        return name.hasSuffix("." + bare) || name == "\"\(bare)\""
      }
      : [typed]
    guard matching.count == 1, let name = matching.first else {
      if matching.count > 1 {
        throw ScriptError("ambiguous cancel id '\(typed)': it could be \(matching.joined(separator: " or "))", at: nil)
      }
      // A typo of the identifier's last part (`tmer` for `CancelID.timer`) suggests the whole.
      let bare = typed.split(separator: ".").last.map(String.init) ?? typed
      let suggestion = Diagnostics.suggestion(for: bare, among: names.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        .flatMap { part in names.first { $0.hasSuffix(part) } }
        .map { "; did you mean '\($0)'?" } ?? Diagnostics.didYouMean(typed, among: names)
      let known = names.isEmpty
        ? " (none of the effects in flight has one)"
        : suggestion.isEmpty ? "; the effects in flight have \(names.joined(separator: ", "))" : suggestion
      throw ScriptError("no effect in flight has the cancel id '\(typed)'\(known)", at: nil)
    }
    let before = self.inFlightEffects(of: store).filter { $0.cancelIDs.contains(name) }
    for id in Set(ids.filter { $0.description == name }) {
      store.driver.cancelEffects(id: id)
    }
    await store.driver.settle()
    return before
  }
}
