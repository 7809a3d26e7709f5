import ComposableArchitecture
import CustomDump
import FeatureCatalog
import Foundation
import PlaygroundHost
import ScriptEvaluation
import StateDiff
import TCAScriptSyntax

/// Records each store's history as it runs, and travels through it: list, undo/redo, jump, diff
/// two steps, and skip a step (recomputing every later state as if it never happened, without
/// re-running effects).
@MainActor
package final class HistoryService: StoreHistoryRecording {
  package let environment: ScriptEnvironment
  /// What the stores' recording hooks share with the service.
  package let hooks = HistoryHooks()
  /// Whether a `send` command is being processed (history tells sent actions from effects').
  var isSending: Bool {
    get { self.hooks.isSending }
    set { self.hooks.isSending = newValue }
  }
  /// Prints a note after the failure just reported (the session's issue collector).
  package var note: ((String) -> Void)? {
    get { self.hooks.note }
    set { self.hooks.note = newValue }
  }

  package init(environment: ScriptEnvironment) {
    self.environment = environment
  }

  /// Whether stores made from now on record their history (``Session/recordsHistory``).
  package var isRecording = true

  /// Starts recording a store's history (unless ``isRecording`` is off: its history then stays
  /// at the start).
  package func attachHistory(to store: StoreHandle) {
    store.historyRecord = HistoryRecorder(history: StoreHistory(initialState: store.driver.initialState))
    // The hooks hold what they use strongly (the recorder, the shared flags) and the driver that
    // owns them unowned, so that none of these objects is ever weakly referenced: a weak
    // reference moves an object's reference count to a side table, and every retain and release
    // of the store or the service then takes the slow path (speed: docs/benchmarks-log.md,
    // "Recording a step without weak references"). The driver outlives every call: the store's handle, which holds it, removes the
    // hook as it goes.
    let recorder = store.historyRecorder
    let flags = store.recorder
    let hooks = self.hooks
    // The step takes the action and state the hook is given (`take()`), without a copy.
    let record = { [unowned driver = store.driver] (action: inout Any?, newState: inout Any?, reduction: ReductionInfo?, inputs: ReplayInputs) in
      let kind: StoreHistory.Kind = hooks.isSending && !flags.sentActionRecorded ? .sent : .received
      if kind == .sent { flags.sentActionRecorded = true }
      recorder.history.record(
        StoreHistory.Step(
          kind: kind, action: action.take(), state: newState.take()!, inputs: inputs, replayer: driver.replayer,
          reduction: reduction?.id, cause: reduction?.cause
        )
      )
    }
    store.driver.onReduce = self.isRecording ? record : nil
    let featureName = store.feature.name
    store.driver.onUnfinishedEffects = { effects in
      hooks.note?(Self.unfinishedEffectsNote(effects, feature: featureName, history: recorder.history))
    }
  }

  package func recordEdit(_ text: String, on store: StoreHandle) {
    store.history.record(
      StoreHistory.Step(
        kind: .edit, action: nil, fixedLabel: text, state: store.driver.state,
        inputs: ReplayInputs(time: store.driver.context.elapsed), replayer: nil
      )
    )
  }

  func historyStore(_ name: String?) throws(ScriptError) -> StoreHandle {
    if let name {
      guard let store = self.environment.storesByName[name] else {
        throw ScriptError("no store named '\(name)'\(Diagnostics.didYouMean(name, among: self.environment.storesByName.keys))", at: nil)
      }
      return store
    }
    guard let store = self.environment.currentStore else { throw ScriptError("no store yet: create one or :load a feature", at: nil) }
    return store
  }

  /// `:history [filter]`: the steps of the current store, numbered, the current one marked.
  package func historyListing(filter: String? = nil, store name: String? = nil) throws(ScriptError) -> HistoryListing {
    let store = try self.historyStore(name)
    let history = store.history
    var rows: [HistoryListing.Row] = []
    if filter == nil || filter!.isEmpty {
      rows.append(
        HistoryListing.Row(
          number: 0, kind: .start, label: _typeName(type(of: history.initialState)),
          isCurrent: history.currentNumber == 0, isSkipped: false, isUndone: false
        )
      )
    }
    for (offset, step) in history.steps.enumerated() {
      let number = offset + 1
      guard filter.map({ $0.isEmpty || step.label.localizedCaseInsensitiveContains($0) }) ?? true else { continue }
      let kind: HistoryListing.Row.Kind = switch step.kind {
      case .sent: .sent
      case .received: .received
      case .edit: .edit
      }
      rows.append(
        HistoryListing.Row(
          number: number, kind: kind, label: step.label, isCurrent: number == history.currentNumber,
          isSkipped: step.isSkipped, isUndone: offset >= history.cursor,
          cause: step.cause.map { self.cause($0, in: store) }
        )
      )
    }
    return HistoryListing(rows: rows, lastNumber: history.lastNumber)
  }

  /// `:undo`: goes back one step.
  package func undo(store name: String? = nil) throws(ScriptError) -> TimeTravel {
    let store = try self.historyStore(name)
    guard store.history.cursor > 0 else { throw ScriptError("nothing to undo", at: nil) }
    return try self.travel(store, toNumber: store.history.currentNumber - 1)
  }

  /// `:redo`: re-applies an undone step.
  package func redo(store name: String? = nil) throws(ScriptError) -> TimeTravel {
    let store = try self.historyStore(name)
    guard store.history.cursor < store.history.steps.count else { throw ScriptError("nothing to redo", at: nil) }
    return try self.travel(store, toNumber: store.history.currentNumber + 1)
  }

  /// `:jump N`: makes step N the current state (0 is the start).
  package func jump(to number: Int, store name: String? = nil) throws(ScriptError) -> TimeTravel {
    try self.travel(try self.historyStore(name), toNumber: number)
  }

  private func travel(_ store: StoreHandle, toNumber number: Int) throws(ScriptError) -> TimeTravel {
    guard let state = store.history.state(after: number) else {
      throw ScriptError("no step \(number) (steps 0…\(store.history.lastNumber))", at: nil)
    }
    let change = try self.replaceState(of: store, with: state)
    store.history.cursor = number
    return TimeTravel(.step(number, of: store.history.lastNumber), change: change)
  }

  /// `:diff N M`: how the state changed from step N to step M.
  package func diff(from a: Int, to b: Int, store name: String? = nil) throws(ScriptError) -> StateChange {
    let store = try self.historyStore(name)
    guard let lhs = store.history.state(after: a) else { throw ScriptError("no step \(a)", at: nil) }
    guard let rhs = store.history.state(after: b) else { throw ScriptError("no step \(b)", at: nil) }
    return StateChange(from: lhs, to: rhs)
  }

  /// `:skip N` / `:unskip N`: recomputes every later state with step N left out (or put back),
  /// replaying recorded actions through the reducer without effects, and shows how the final
  /// state changed.
  package func skip(_ number: Int, skipped: Bool = true, store name: String? = nil) throws(ScriptError) -> TimeTravel {
    let store = try self.historyStore(name)
    guard let index = store.history.index(ofNumber: number) else {
      throw ScriptError("no step \(number) (steps 1…\(store.history.lastNumber))", at: nil)
    }
    guard store.history.steps[index].kind != .edit else {
      throw ScriptError("step \(number) is a manual edit; only actions can be skipped", at: nil)
    }
    try store.history.setSkipped(skipped, at: index)
    let change = try self.replaceState(of: store, with: store.history.currentState)
    return TimeTravel(.skip(number, isSkipped: skipped), change: change)
  }

  /// Puts `state` into the store (time travel, a recomputed history) and says how the state
  /// changed.
  func replaceState(of store: StoreHandle, with state: Any) throws(ScriptError) -> StateChange {
    let before = store.driver.state
    do { try store.driver.setState(state) } catch { throw ScriptError("\(error)", at: nil) }
    return StateChange(from: before, to: state)
  }
}

/// A store's history: what the store's recording hook changes, in a box it holds (the
/// ``StoreHandle`` that owns the box owns the hook too, through its driver).
@MainActor
final class HistoryRecorder {
  // (Unchecked: the session changes a history from the main actor, one command or one recorded
  // step at a time; nothing a step's recording calls can reach it: a replay runs the
  // feature's reducer on a state of its own, without effects. Speed: docs/benchmarks-log.md,
  // "A history step made by moves".)
  @exclusivity(unchecked) package var history: StoreHistory

  package init(history: StoreHistory) {
    self.history = history
  }
}

extension StoreHandle {
  /// The box with the store's history, which ``HistoryService/attachHistory(to:)`` put in when
  /// the store was made.
  var historyRecorder: HistoryRecorder {
    guard let recorder = self.historyRecord as? HistoryRecorder else {
      preconditionFailure("store '\(self.name)' was made without its history attached")
    }
    return recorder
  }

  /// Everything that happened to the store (``StoreHistory``).
  package var history: StoreHistory {
    get { self.historyRecorder.history }
    _modify {
      let recorder = self.historyRecorder
      yield &recorder.history
    }
  }
}
