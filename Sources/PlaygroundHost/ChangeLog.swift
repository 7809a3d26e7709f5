import ComposableArchitecture

/// What a playground store's reducer reports after each action, kept on the main actor: the
/// history hook, which action is the one being sent, and the records of a test store's effects,
/// held until the test receives their actions.
///
/// The log knows its store by identity only: the store owns it, and so does the store's reducer,
/// which may outlive the store while effects finish.
@MainActor
final class ChangeLog {
  private let printer: ChangePrinter
  private let isTestStore: Bool
  /// The store's identity; `nil` once the store is gone (its reducer reports nothing more).
  var storeID: ObjectIdentifier?
  /// Called with every action reduced, the new state, the reduction (why it was reduced) and
  /// what the reducer could read of the playground's generators and time.
  var onReduce: ((_ action: inout Any?, _ newState: inout Any?, _ reduction: ReductionInfo?, _ inputs: ReplayInputs) -> Void)?
  /// The inputs of the action being reduced (noted only while ``onReduce`` is set).
  // (Unchecked: written before the reducer runs and read after it, never while another access
  // to it is under way. Speed: docs/benchmarks-log.md, "A history step made by moves".)
  @exclusivity(unchecked) private var inputs = ReplayInputs()
  /// The store's `stackElementID` generator's `peek`, read from its dependencies at the first
  /// action and kept until they change (``dependenciesChanged()``): reading it through
  /// `DependencyValues` for every action is slow (docs/benchmarks-log.md, "Recording a step without weak references").
  private var peekStackElementID: (@Sendable () -> StackElementID)?
  /// How many upcoming printed records belong to an action being sent (printed at once); the
  /// rest, in a test store, belong to actions effects deliver, and wait for their `receive`.
  private var immediateRecords = 0
  private var heldRecords: [ChangeRecord] = []
  /// How many upcoming reduced actions are sent ones: the first action reduced during a `send`
  /// is the one sent; any other came from an effect.
  private var sentActions = 0

  init(printer: ChangePrinter, isTestStore: Bool) {
    self.printer = printer
    self.isTestStore = isTestStore
  }

  /// A `send` begins: the next action reduced is the one sent, and prints at once.
  func beginSend() {
    self.sentActions = 1
    if self.isTestStore {
      self.heldRecords.removeAll()
      self.immediateRecords = 1
    }
  }

  func endSend() {
    self.sentActions = 0
    self.immediateRecords = 0
  }

  /// Notes, before the store's reducer runs (on the main actor, inside the store's
  /// dependencies), what it can read of the playground's generators and time.
  nonisolated func willReduce(in context: PlaygroundContext) {
    MainActor.assumeIsolated {
      guard self.onReduce != nil else { return }
      // Read from the values the store's reducer runs with, as `@Dependency` would, but without
      // its getter's merge of the values it captured into them (speed: docs/benchmarks-log.md,
      // "The playground store's send, trimmed").
      if self.peekStackElementID == nil {
        // (Stored only when read: storing the closure read back from the optional would wrap it
        // in one more reabstraction thunk for every action.)
        self.peekStackElementID = DependencyValues._current.stackElementID.peek
      }
      let generation = self.peekStackElementID!().generation
      self.inputs = context.replayInputs(stackElementGeneration: generation)
    }
  }

  /// The store's dependencies changed (a test store's `dependencies`, a variant applied): its
  /// `stackElementID` generator is read again at the next action.
  func dependenciesChanged() {
    self.peekStackElementID = nil
  }

  /// Reports an action reduced (from the store's reducer, on the main actor); returns why it was
  /// reduced (sent or received) and the store's identity, or `nil` when the store is gone.
  nonisolated func reduced<Action, State>(
    action: Action, newState: State
  ) -> (origin: ChangeRecord.Origin, storeID: ObjectIdentifier)? {
    // Handed over, not copied: the hook takes the boxed action and state out of these (a
    // history step keeps them): passed as `consuming` arguments, across the module boundary, they
    // were still copied twice each (speed: docs/benchmarks-log.md, "A history step made by moves").
    var boxed = Boxed(action: action, newState: newState)
    return MainActor.assumeIsolated { self.isolatedReduced(&boxed.action, &boxed.newState) }
  }

  private func isolatedReduced(_ action: inout Any?, _ newState: inout Any?) -> (origin: ChangeRecord.Origin, storeID: ObjectIdentifier)? {
    guard let storeID = self.storeID else { return nil }
    self.onReduce?(&action, &newState, ReductionInfo.current, self.inputs)
    defer { self.sentActions = max(0, self.sentActions - 1) }
    return (self.sentActions > 0 ? .sent : .received, storeID)
  }

  /// Prints the record of a reduced action, or holds it (a test store's effect's action).
  nonisolated func printed(_ record: ChangeRecord) {
    MainActor.assumeIsolated { self.isolatedPrinted(record) }
  }

  private func isolatedPrinted(_ record: ChangeRecord) {
    if !self.isTestStore || self.immediateRecords > 0 {
      self.immediateRecords = max(0, self.immediateRecords - 1)
      self.printer.print(record)
    } else {
      self.heldRecords.append(record)
    }
  }

  /// Prints the record of the next received action (a test store prints an effect's action when
  /// the test receives it, not when it arrives).
  func releaseHeldRecord() {
    guard !self.heldRecords.isEmpty else { return }
    self.printer.print(self.heldRecords.removeFirst())
  }

  func dropHeldRecords() {
    self.heldRecords.removeAll()
  }
}

/// A reduced action and the new state, boxed for the history hook (which runs on the main actor,
/// where they were reduced, and takes them).
private struct Boxed: @unchecked Sendable {
  var action: Any?
  var newState: Any?
}
