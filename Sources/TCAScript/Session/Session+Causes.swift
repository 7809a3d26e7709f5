import ComposableArchitecture
import CustomDump
import PlaygroundHost
import TCAScriptSyntax

/// Why things happened: `:why`, the effects in flight for `:effects`, and `:cancel`.
extension Session {
  /// `:why \.path`: the step of the current store that last changed the value at `path`, and
  /// the chain of steps whose effects caused it; the key path's error otherwise.
  public func why(_ path: String) -> Result<WhyAnswer, ScriptError> {
    guard let store = self.environment.currentStore else {
      return .failure(ScriptError("there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'", at: nil))
    }
    let trimmed = path.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else {
      return .failure(ScriptError("':why' needs a key path of the state, as in ':why \\.count'", at: nil))
    }
    switch self.statePath(trimmed, of: store, origin: ":why") {
    case let .failure(error):
      return .failure(ScriptError(error.error?.message ?? error.output.text, at: nil))
    case let .success(resolved):
      let paths = self.evaluator.paths
      let shown = trimmed.hasPrefix("\\") ? trimmed : trimmed.hasPrefix(".") ? "\\" + trimmed : "\\." + trimmed
      let answer = self.history.why(shown, read: { state in
        (try? paths.read(state, along: resolved.components, at: resolved.range)).map { String(customDumping: $0) }
      }, store: store)
      return .success(answer)
    }
  }

  /// The effects in flight on the current store, oldest first (`nil` when there is no store).
  public func inFlightEffects() -> [EffectSummary]? {
    guard let store = self.environment.currentStore else { return nil }
    return self.history.inFlightEffects(of: store)
  }

  /// Whether the current store has effects in flight (what ``inFlightEffects()`` lists, without
  /// describing them).
  public var currentStoreHasEffectsInFlight: Bool {
    (self.environment.currentStore?.driver.inFlightEffectCount ?? 0) > 0
  }

  /// `:cancel ID`: cancels the current store's effects in flight under the cancel identifier
  /// that reads as `text` (`CancelID.timer`; `timer` or `.timer` when only one identifier ends
  /// so), as `Effect.cancel(id:)` would; returns them.
  public func cancelEffects(_ text: String) async throws(ScriptError) -> [EffectSummary] {
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
    let before = self.history.inFlightEffects(of: store).filter { $0.cancelIDs.contains(name) }
    for id in Set(ids.filter { $0.description == name }) {
      store.driver.cancelEffects(id: id)
    }
    await store.driver.settle()
    return before
  }

  /// `:end`: ends the current test store's test, as the end of a Swift test does; what it
  /// reports (TCA's texts, each unfinished effect followed by where it was made), or a line
  /// saying nothing was left.
  public func endTest() async throws(ScriptError) -> [Output] {
    guard let store = self.environment.currentStore else {
      throw ScriptError("there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'", at: nil)
    }
    guard store.driver.isTestStore else {
      throw ScriptError("\(store.name) is a live Store; ':end' ends a TestStore's test", at: nil)
    }
    _ = self.outputBuffer.take()
    await withIssueReporters(self.outputBuffer.reporters) {
      await store.driver.endTest()
    }
    self.outputBuffer.flushChanges()
    self.outputBuffer.flushIssues()
    let outputs = self.outputBuffer.take()
    guard outputs.isEmpty else { return outputs }
    return [Output(.info, "\(store.name)'s test ended with nothing left unasserted.")]
  }
}
