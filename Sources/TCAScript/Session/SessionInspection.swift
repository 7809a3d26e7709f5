import ComposableArchitecture
import FeatureCatalog
import ScriptEvaluation
import SessionHistory
import TCAScriptSyntax

/// What a store of a session is and where it stands (`:stores`, `:clock`).
public struct StoreSummary: Equatable, Sendable {
  public var name: String
  public var featureName: String
  /// A `TestStore` (asserted, effects' actions queued) rather than a live `Store`.
  public var isTestStore: Bool
  /// Whether commands apply to this store when none is named.
  public var isCurrent: Bool
  /// Actions effects delivered that the test has not yet received, dumped.
  public var receivedActions: [String]
  /// Effects still running (test stores).
  public var inFlightEffectCount: Int
  /// Test time advanced so far on the store's clock.
  public var elapsed: Duration
}

/// Read-only views of a session's stores for tools around the interpreter (the REPL's `:stores`,
/// `:state`, `:type`, `:why`, `:effects`, `:clock` and `:view` commands).
extension Session {
  /// Every store of the session, sorted by name.
  public func storeSummaries() -> [StoreSummary] {
    self.storeNames.compactMap { self.storeSummary(named: $0) }
  }

  /// The store named `name`, or the current store when `name` is `nil`.
  public func storeSummary(named name: String? = nil) -> StoreSummary? {
    guard let store = self.environment.store(named: name) else { return nil }
    return StoreSummary(
      name: store.name, featureName: store.feature.name, isTestStore: store.driver.isTestStore,
      isCurrent: store === self.environment.currentStore,
      receivedActions: store.driver.receivedActions.map { String(customDumping: $0) },
      inFlightEffectCount: store.driver.inFlightEffectCount, elapsed: store.driver.context.elapsed
    )
  }

  /// The state of a store (the current one when `storeName` is `nil`) as a value.
  public func state(ofStore storeName: String? = nil) -> Any? {
    self.environment.store(named: storeName)?.driver.state
  }

  /// The catalogued text view of a store's feature, if the catalog has one for its state type.
  public func featureView(forStore storeName: String? = nil) -> FeatureView? {
    guard let store = self.environment.store(named: storeName) else { return nil }
    return self.catalog.views.first { $0.stateType == store.driver.stateType }
  }

  /// The current store's state, or the part of it at `path` (a key path without its leading
  /// `\.`, such as `stackData[id: 1]?.text`), dumped as the REPL shows values; an `.error`
  /// output with a caret under `path` when the path does not resolve.
  public func describeState(at path: String = "") -> Output {
    StatePaths(evaluator: self.evaluator).describeState(at: path)
  }

  /// The type of an expression's value, as `:type EXPR` prints it: `store.state.stackData` is
  /// `IdentifiedArray<Int, DemoItemState>`. The expression is evaluated, so one that would
  /// change the session (`store.send(…)`, a mutating method) is refused.
  public func describeType(of source: String) async -> Output {
    await self.interpreter.describeType(of: source)
  }

  /// `:why \.path`: the step of the current store that last changed the value at `path`, and
  /// the chain of steps whose effects caused it; the key path's error otherwise.
  public func why(_ path: StatePath) -> Result<WhyAnswer, ScriptError> {
    StatePaths(evaluator: self.evaluator).why(path, history: self.history)
  }

  /// The effects in flight on the current store, oldest first (`nil` when there is no store).
  public func inFlightEffects() -> [EffectSummary]? {
    self.environment.currentStore.map { self.history.inFlightEffects(of: $0) }
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
    try await self.history.cancelEffects(text)
  }

  /// `:end`: ends the current test store's test, as the end of a Swift test does; what it
  /// reports (TCA's texts, each unfinished effect followed by where it was made), or a line
  /// saying nothing was left.
  public func endTest() async throws(ScriptError) -> [Output] {
    try await self.interpreter.endTest()
  }
}
