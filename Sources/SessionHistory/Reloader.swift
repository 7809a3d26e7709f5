import ComposableArchitecture
import FeatureCatalog
import PlaygroundHost
import ScriptEvaluation
import TCAScriptSyntax

/// Hot reload: new versions of features (a user's feature file, compiled again) replace the old
/// ones, and every store running an old version moves to the new one by replaying its recorded
/// history on the new code.
///
/// The replay starts from the store's recorded start state and runs every recorded action — the
/// ones the user sent and the ones effects delivered — through the new reducer **without
/// effects**, as `:skip` does: effects are not run again, their recorded actions stand in for
/// them. So a change to a reducer's logic shows in the replay, a change to what an effect sends
/// does not. Manual edits (`store.state.x = …`) are replayed as the state they produced. Values
/// cross from the old types to the new ones through their `Codable` shape.
@MainActor
package struct Reloader {
  package let evaluator: Evaluator
  package let history: HistoryService
  package let printer: ChangePrinter

  package init(evaluator: Evaluator, history: HistoryService, printer: ChangePrinter) {
    self.evaluator = evaluator
    self.history = history
    self.printer = printer
  }

  private var environment: ScriptEnvironment { self.evaluator.environment }

  /// Adds features to the session, so scripts can create stores of them and name their types;
  /// a feature named like one the session has replaces it. Stores keep the feature they run
  /// (see ``reload(_:)``).
  ///
  /// - Returns: The names of the features replaced.
  @discardableResult
  package func install(_ catalog: Catalog) -> [String] {
    let names = Set(catalog.features.map(\.name))
    let replaced = self.environment.catalog.features.map(\.name).filter(names.contains)
    var merged = Catalog.merging([self.environment.catalog, catalog])
    merged.module = self.environment.catalog.module
    merged.features = self.environment.catalog.features.filter { !names.contains($0.name) } + catalog.features
    // Defaults of the replaced versions' state types are of no more use.
    let staleTypes = self.environment.catalog.features.filter { names.contains($0.name) }.map { ObjectIdentifier($0.stateType) }
    merged.fieldDefaults.removeAll { staleTypes.contains(ObjectIdentifier($0.owner)) }
    self.environment.replaceCatalog(merged)
    return replaced
  }

  /// Installs new versions of features (``install(_:)``) and moves every store running a
  /// feature of the same name onto its new version, replaying the store's history
  /// (``replace(feature:store:)``).
  ///
  /// - Returns: A report per store moved, in the order of the stores' names.
  package func reload(_ catalog: Catalog) async -> ReloadReport {
    self.install(catalog)
    var seen: Set<ObjectIdentifier> = []
    var reports: [ReplayReport] = []
    var failures: [String] = []
    for name in self.environment.storesByName.keys.sorted() {
      guard let store = self.environment.storesByName[name], seen.insert(ObjectIdentifier(store)).inserted,
        let feature = catalog.features.first(where: { $0.name == store.feature.name })
      else { continue }
      do {
        reports.append(try await self.replace(feature: feature, store: name))
      } catch {
        failures.append("Could not reload `\(name)`: \(error.message)")
      }
    }
    return ReloadReport(
      features: catalog.features.map { "\($0.name) (\(StoreFactory.moduleName(of: $0)))" }, stores: reports, failures: failures
    )
  }

  /// Moves a store (the current one when `name` is `nil`) onto another feature — typically a new
  /// version of its own — by replaying its history on it, and reports where the new run's states
  /// first differ from the recorded ones.
  ///
  /// The store keeps its name, history (recomputed), cursor and subscriptions; a test store's
  /// unasserted received actions and in-flight effects are dropped with the old store.
  package func replace(feature: any AnyFeature, store name: String? = nil) async throws(ScriptError) -> ReplayReport {
    guard let old = name.map({ self.environment.storesByName[$0] }) ?? self.environment.currentStore else {
      throw ScriptError(name.map { "no store named '\($0)'" } ?? "no store yet: create one or :load a feature", at: nil)
    }
    let history = old.history
    // A feature without an initial state of its own (`State` has no `init()`) starts from the
    // old start state or not at all.
    guard let fallback = feature.initialState ?? CrossVersionValues.convert(history.initialState, to: feature.stateType) else {
      throw ScriptError(
        "\(feature.name)'s new \(_typeName(feature.stateType)) can't hold the store's start state, and it has no initial state of its own",
        at: nil
      )
    }
    let start = CrossVersionValues.migrate(history.initialState, to: feature.stateType, fallback: fallback)
    let driver: any StoreDriver
    do {
      let environment = old.driver.environmentName.flatMap { feature.environmentNames.contains($0) ? $0 : nil }
      driver = try feature.makeStore(
        StoreConfiguration(
          initialState: start.state, environment: environment, isTestStore: old.driver.isTestStore, printer: self.printer,
          receiveTimeout: self.environment.receiveTimeout,
          effectStartGrace: self.environment.effectStartGrace, effects: self.environment.effects
        )
      )
    } catch {
      throw ScriptError("\(error)", at: nil)
    }
    driver.exhaustivity = old.driver.exhaustivity

    // Replay: the recorded states are recomputed on the old version as the new one's are
    // computed, step by step.
    var replayed = StoreHistory(initialState: start.state)
    replayed.replayBudget = history.replayBudget
    let replayer = driver.replayer
    var state = start.state
    var replayedCount = 0
    var notReplayed: [String] = []
    var divergences: [ReplayReport.Divergence] = []
    func compare(_ recorded: Any, _ new: Any, number: Int, label: String) {
      guard !CrossVersionValues.same(recorded, new) else { return }
      let diff = CrossVersionValues.diff(recorded, new) ?? "  (the states differ in ways their dumps don't show)"
      divergences.append(ReplayReport.Divergence(step: number, label: label, diff: diff))
    }
    compare(history.initialState, state, number: 0, label: "start")
    history.forEachState(before: history.steps.count) { offset, recorded in
      let step = history.steps[offset]
      let number = offset + 1
      var newStep = step
      newStep.fixedLabel = step.label
      newStep.replayer = step.kind == .edit ? nil : replayer
      var outcome = ReplayOutcome.replayed
      var cost: Int64 = 0
      if step.kind == .edit {
        state = CrossVersionValues.migrate(recorded, to: feature.stateType, fallback: state).state
      } else if let action = step.action {
        if let converted = CrossVersionValues.convert(action, to: feature.actionType) {
          newStep.action = converted
          if !step.isSkipped {
            let began = StoreHistory.monotonicNanoseconds()
            do {
              outcome = try replayer.replay(&state, action: converted, inputs: step.inputs, reportingIssues: true)
              replayedCount += 1
            } catch {
              newStep.retention = .pinned(.replayFailed)
              notReplayed.append("Step \(number) (\(step.kind.rawValue) \(step.label)) was not replayed: \(error).")
            }
            cost = StoreHistory.monotonicNanoseconds() - began
          }
        } else {
          newStep.action = nil
          notReplayed.append(
            "Step \(number) (\(step.kind.rawValue) \(step.label)) was not replayed: \(_typeName(feature.actionType)) has no such action now."
          )
        }
      }
      compare(recorded, state, number: number, label: "\(step.kind.rawValue) \(step.label)")
      newStep.state = nil
      replayed.appendRecomputed(newStep, state: state, outcome: outcome, cost: cost, isLast: number == history.steps.count)
    }
    replayed.cursor = history.cursor
    do { try driver.setState(replayed.currentState) } catch { throw ScriptError("\(error)", at: nil) }

    // Swap the store.
    await old.driver.skipReceivedActions()
    await old.driver.skipInFlightEffects()
    let handle = StoreHandle(name: old.name, driver: driver, feature: feature, subscribed: self.environment.subscribedStores)
    self.history.attachHistory(to: handle)
    handle.history = replayed
    handle.subscriptions = self.resubscribe(old.subscriptions, to: handle)
    self.environment.swap(old, for: handle)

    var startNote: String?
    if start.migration == .reset {
      startNote = "The recorded start state does not fit \(_typeName(feature.stateType)) any more: the replay starts from \(feature.name)'s initial state."
    } else if CrossVersionValues.fieldChanges(from: history.initialState, to: start.state) != ([], []) {
      startNote = Self.shapeNote(from: history.initialState, to: start.state)
    }
    return ReplayReport(
      storeName: old.name,
      feature: "\(feature.name) (\(StoreFactory.moduleName(of: feature)))",
      replayedActionCount: replayedCount,
      stepCount: history.steps.count,
      firstDivergence: divergences.first,
      divergingStepCount: divergences.count,
      notReplayed: notReplayed,
      startNote: startNote
    )
  }

  /// How a state type changed shape between versions: `Counter.State changed shape (new field:
  /// step); the start state kept the fields that still fit.`
  static func shapeNote(from old: Any, to new: Any) -> String {
    let changes = CrossVersionValues.fieldChanges(from: old, to: new)
    func list(_ what: String, _ fields: [String]) -> String? {
      fields.isEmpty ? nil : "\(what)\(fields.count == 1 ? "" : "s"): \(fields.joined(separator: ", "))"
    }
    let parts = [list("new field", changes.added), list("removed field", changes.removed)].compactMap { $0 }
    return "\(_typeName(type(of: new))) changed shape\(parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))"); "
      + "the start state kept the fields that still fit, and states are compared on the fields both versions have."
  }

  /// Subscriptions resolved again against a new store's state type (those whose key paths no
  /// longer resolve are dropped), showing their current values from now on.
  private func resubscribe(
    _ subscriptions: [(path: KeyPathValue, text: String, last: String)], to store: StoreHandle
  ) -> [(path: KeyPathValue, text: String, last: String)] {
    subscriptions.compactMap { subscription in
      guard let statements = try? Parser.parse(subscription.text), statements.count == 1,
        case let .expression(.keyPath(root, components, range)) = statements[0],
        let keyPath = try? self.evaluator.paths.keyPath(root: root, components, range: range, scope: EvaluationScope(closureParameter: nil, store: store)),
        let value = try? self.evaluator.paths.read(store.driver.state, along: keyPath.components, at: range)
      else { return nil }
      return (keyPath, subscription.text, String(customDumping: value))
    }
  }
}

/// What `:reload` did: the features it installed and, for each store running one of them, the
/// replay's report.
public struct ReloadReport: Equatable, Sendable {
  /// The new features, with their modules: `Counter (UserFeature_2)`.
  public var features: [String]
  public var stores: [ReplayReport]
  /// Stores that could not be moved, with why.
  public var failures: [String]

  public var description: String {
    var parts = self.stores.map(\.description) + self.failures
    if parts.isEmpty {
      parts.append("Reloaded \(self.features.joined(separator: ", ")); no store runs \(self.features.count == 1 ? "it" : "them").")
    }
    return parts.joined(separator: "\n")
  }
}
