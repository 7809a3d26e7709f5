import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax

/// Read-only views of a session's stores for tools around the interpreter (the REPL's `:stores`,
/// `:state`, `:effects`, `:clock` and `:view` commands).
extension Session {
  /// What a store of the session is and where it stands.
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

  /// Every store of the session, sorted by name.
  public func storeSummaries() -> [StoreSummary] {
    self.storeNames.compactMap { self.storeSummary(named: $0) }
  }

  /// The store named `name`, or the current store when `name` is `nil`.
  public func storeSummary(named name: String? = nil) -> StoreSummary? {
    guard let store = self.environment.store(named: name) else { return nil }
    return StoreSummary(
      name: store.name,
      featureName: store.feature.name,
      isTestStore: store.driver.isTestStore,
      isCurrent: store === self.environment.currentStore,
      receivedActions: store.driver.receivedActions.map { String(customDumping: $0) },
      inFlightEffectCount: store.driver.inFlightEffectCount,
      elapsed: store.driver.context.elapsed
    )
  }

  /// The state of a store (the current one when `storeName` is `nil`) as a value.
  public func state(ofStore storeName: String? = nil) -> Any? {
    guard let store = self.environment.store(named: storeName) else { return nil }
    return store.driver.state
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
    guard let store = self.environment.currentStore else {
      return Output(.error, "error: there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'")
    }
    let trimmed = path.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return Output(.value, String(customDumping: store.driver.state)) }
    switch self.statePath(trimmed, of: store, origin: ":state") {
    case let .failure(error):
      return error.output
    case let .success(path):
      do {
        return Output(.value, String(customDumping: try self.evaluator.paths.read(store.driver.state, along: path.components, at: path.range)))
      } catch {
        return Self.pathError(error, typed: trimmed, origin: ":state").output
      }
    }
  }
}

/// A key path typed after a command (`:state`, `:why`) that did not resolve: the error output.
struct StatePathError: Error {
  var output: Session.Output
  /// The error itself, when the interpreter raised it (its message fits one line).
  var error: ScriptError?
}

extension Session {
  /// A key path of a store's state typed after a command (`stackData[id: 1]?.text`, with or
  /// without its leading `\.`), resolved against the state's type; the error (with a caret and a
  /// "did you mean") as an output otherwise.
  func statePath(
    _ trimmed: String, of store: StoreHandle, origin: String
  ) -> Result<(components: [PathComponent], range: SourceRange), StatePathError> {
    let written = trimmed.hasPrefix("\\.") ? String(trimmed.dropFirst(2)) : trimmed.hasPrefix(".") ? String(trimmed.dropFirst()) : trimmed
    do {
      guard case let .keyPath(nil, components, range) = try Parser.parseExpression("\\." + written) else {
        throw ScriptError("expected a key path of the state, such as 'stackData[id: 1]?.text'", at: nil)
      }
      let scope = EvaluationScope(closureParameter: nil, store: store)
      let keyPath = try self.evaluator.paths.keyPath(root: nil, components, range: range, scope: scope)
      return .success((keyPath.components, range))
    } catch let error as ScriptError {
      return .failure(Self.pathError(error, typed: trimmed, origin: origin))
    } catch {
      return .failure(StatePathError(output: Output(.error, "error: \(error)")))
    }
  }

  /// An error resolving or reading a key path as typed after a command: its ranges point into
  /// `\.` + the path without its `\.`, and are shifted back onto what the user typed.
  static func pathError(_ error: ScriptError, typed trimmed: String, origin: String) -> StatePathError {
    let written = trimmed.hasPrefix("\\.") ? trimmed.count - 2 : trimmed.hasPrefix(".") ? trimmed.count - 1 : trimmed.count
    var shifted = error
    shifted.range?.column += trimmed.count - written - 2
    if let column = shifted.range?.column, column < 1 { shifted.range?.column = 1 }
    return StatePathError(
      output: Output(.error, Diagnostics.render(shifted, source: trimmed, origin: origin, showsPosition: false)), error: error
    )
  }
}
