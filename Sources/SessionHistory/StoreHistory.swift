import ComposableArchitecture
import Foundation
import PlaygroundHost
import ScriptEvaluation

/// Everything that happened to one store, step by step: each action it reduced (sent by the
/// user or delivered by an effect) and each manual state edit, with no limit on their number.
///
/// A step keeps its action and what its reducer read of the playground's generators and time
/// (``PlaygroundHost/ReplayInputs``), not its state: a state is recomputed by replaying the
/// actions since the nearest step that keeps one, without effects (``state(atIndex:)``, in
/// `StoreHistory+States.swift`). The states kept are the start, checkpoints placed so that
/// reaching any step replays at most ``replayBudget`` of reducer time, the states that can't be
/// replayed (edits, and actions whose replay gives another state), and the last steps'.
@MainActor
public struct StoreHistory {
  package enum Kind: String {
    case sent = "send"
    case received = "recv"
    case edit = "edit"
  }

  /// Which steps' replays are checked (replayed on the state before them and compared with the
  /// state recorded) before they are counted as replayable. A check needs the two states the
  /// history holds anyway (the last step's and the one's before it), and no copy.
  enum Verification: Equatable {
    /// Every step.
    case everyStep
    /// As many as fit in `share` of the time between steps (every step of a session typed at
    /// the prompt; a sample of a script's or a benchmark's fast run), and every step of a store
    /// whose `uuid` or random generator isn't the playground's (the check is what finds out
    /// whether the reducer called it).
    case sampled(share: Double)
  }

  /// Whether a step keeps its state, and why.
  enum Retention: Equatable {
    /// Recomputed by replaying the step's action on the state before it; its state is held only
    /// while it is the last step, or the one before an ``unverified`` last step.
    case replayed
    /// Kept, so that reaching the steps after it replays from here: the replays since the last
    /// state kept took ``StoreHistory/replayBudget``.
    case checkpoint
    /// Kept, because the step can't be replayed.
    case pinned(Pin)
    /// The last step, not yet counted as replayable: when the next step is recorded, its replay
    /// is checked against its recorded state (the state before it is then held nowhere else, so
    /// the replay changes it in place instead of copying it), or, past what sampled
    /// ``Verification`` may spend, it is counted as replayable unchecked.
    case unverified
  }

  /// Why a step's state can't be recomputed.
  enum Pin: Equatable {
    /// A manual edit: the state it set.
    case edit
    /// Replaying the action gave another state than the one recorded (a reducer reading
    /// something the replay doesn't set back: a global, the system's clock or random numbers).
    case differsOnReplay
    /// The reducer drew from a generator that isn't the playground's.
    case usedUncontrolledGenerator
    /// The replay failed (the action or state isn't of the store's type).
    case replayFailed
  }

  package struct Step {
    // The fields are declared largest first, so that the small ones share the last word, an
    // effect's source is held by reference and the replay cost is nanoseconds, not a
    // `Duration`: a step is 176 bytes, not 240 (speed: docs/benchmarks-log.md, "A history step made by moves").

    /// The action (for `.sent`/`.received`), or `nil` for an edit (or an action a new version of
    /// its feature no longer has: replaying it changes nothing).
    // (`Optional<Any>`, not `Any?`: a `T?` variable starts as `nil`, and the initializer's first
    // store would copy through the generic optional's witnesses; see the same section.)
    package var action: Optional<Any>
    /// The state after the step, when it is held (see ``retention``); ``StoreHistory/state(atIndex:)``
    /// gives it in every case.
    package var state: Optional<Any>
    /// The label, when it isn't made from ``action`` as it is read: an edit's statement, or a
    /// step replayed on a new version of its feature (it keeps the label it was recorded with).
    var fixedLabel: String?
    /// What the reducer read of the playground's generators and time, for its replay.
    var inputs: ReplayInputs
    /// Replays the action (the store's reducer with the dependencies it had then).
    var replayer: Optional<any StoreReplayer> {
      didSet { self.isAlwaysChecked = self.replayer?.controlsEveryGenerator == false }
    }
    /// Reducer time to replay from the last state kept before this step through this one, in
    /// whole nanoseconds (not a `Duration`: docs/benchmarks-log.md, "A history step made by moves").
    var replayCost: Int64 = 0
    /// The step's serial number in the store's history (set by ``StoreHistory/record(_:)``):
    /// the steps two branches share have the same.
    var serial = 0
    private let causeBox: CauseBox?
    /// The store's reduction of the action (`nil` for an edit): effects name it as their origin.
    var reduction: Int? = nil
    package var kind: Kind
    var retention: Retention
    /// Whether `:skip` took the step out of the timeline.
    package var isSkipped = false
    /// Whether sampled ``Verification`` checks the step whatever its credit: its replayer doesn't
    /// control every generator (noted here once, where the step is made, instead of asking the
    /// replayer again as each step is settled).
    private(set) var isAlwaysChecked: Bool

    /// How the step reads in a listing: the action's case labels, or the edit statement. (Made
    /// when read: a send doesn't pay for text nobody may ask for.)
    package var label: String { self.fixedLabel ?? self.action.map { debugCaseOutput($0) } ?? "" }
    /// Test-clock time when the step happened.
    var time: Duration { self.inputs.time }
    /// For an action an effect delivered: that effect.
    package var cause: EffectSource? { self.causeBox?.source }

    /// An effect's source, shared by the copies of its step (it never changes).
    private final class CauseBox {
      package let source: EffectSource
      package init(_ source: EffectSource) { self.source = source }
    }

    /// A step recorded as it happened: an action the store reduced, or an edit (the state it set).
    package init(
      kind: Kind, action: consuming Any?, fixedLabel: String? = nil, state: consuming Any, inputs: ReplayInputs,
      replayer: (any StoreReplayer)?, reduction: Int? = nil, cause: EffectSource? = nil
    ) {
      self.kind = kind
      self.action = action
      self.fixedLabel = fixedLabel
      self.state = state
      self.retention = kind == .edit ? .pinned(.edit) : replayer == nil ? .pinned(.replayFailed) : .unverified
      self.inputs = inputs
      self.replayer = replayer
      self.reduction = reduction
      self.causeBox = cause.map(CauseBox.init)
      self.isAlwaysChecked = replayer?.controlsEveryGenerator == false
    }

    /// Whether the state is kept for good (not only while the step is last).
    var keepsState: Bool {
      switch self.retention {
      case .checkpoint, .pinned: return true
      case .replayed, .unverified: return false
      }
    }
  }

  var initialState: Any
  var steps = ChunkedList<Step>()
  /// How many steps are applied: `steps.count` unless the user went back in time.
  package var cursor = 0
  /// The most reducer time a step's state may take to recompute: checkpoints are placed when the
  /// replays since the last state kept reach it (measured as each step is recorded).
  var replayBudget: Duration {
    get { .nanoseconds(self.replayBudgetNanoseconds) }
    set { self.replayBudgetNanoseconds = Int64(PlaygroundContext.nanoseconds(newValue)) }
  }
  /// ``replayBudget`` in nanoseconds, as ``Step/replayCost`` counts (kept as such: a step's
  /// settling compares against it).
  private(set) var replayBudgetNanoseconds = Int64(PlaygroundContext.nanoseconds(StoreHistory.defaultReplayBudget))
  /// ``replayBudget``'s default: well within the 50 ms that reaching any step may take, a state
  /// copy and printing its diff included.
  nonisolated public static let defaultReplayBudget: Duration = .milliseconds(20)
  /// Which steps' replays are checked against the state their action gave when it was sent.
  var verification = Verification.sampled(share: StoreHistory.defaultVerificationShare)
  /// ``verification``'s default share of the time between steps: with the step's own
  /// bookkeeping, a send's recording stays within the 20% that history may add to it (at 10%,
  /// a fast run of cheap sends checked nearly every step and history added 19–36%; at 5%, the
  /// checks were still a fifth of what recording a step cost). A step typed at the prompt is
  /// always checked: the time between two steps is then far longer than a check.
  nonisolated public static let defaultVerificationShare = 0.02
  /// The time sampled verification may still spend, in nanoseconds (it earns its share of the
  /// time between steps, up to ``maximumVerificationCredit``).
  var verificationCredit: Int64 = 0
  /// (A credit above zero is enough for one check, however long it takes; a larger one let a
  /// fast run check every step for a while after a pause, 5 ms of checks in a row.)
  nonisolated static let maximumVerificationCredit: Int64 = 1_000_000  // 1 ms

  /// The monotonic clock's time (`CLOCK_MONOTONIC`), in nanoseconds; `coarse`, the same clock
  /// as of its last tick (`CLOCK_MONOTONIC_COARSE`: a few milliseconds' resolution, for a fifth
  /// of the cost).
  nonisolated static func monotonicNanoseconds(coarse: Bool = false) -> Int64 {
    var time = timespec()
    clock_gettime(coarse ? CLOCK_MONOTONIC_COARSE : CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
  /// When the last step was recorded (for ``verificationCredit``), in
  /// ``monotonicNanoseconds(coarse:)``'s coarse time.
  var lastRecordTime: Int64?
  /// The reducer time of the last replay checked, in nanoseconds: what a step accepted
  /// unchecked is counted as costing to replay.
  var replayEstimate: Int64 = 0

  package init(initialState: Any) {
    self.initialState = initialState
  }

  /// Another timeline of the same store: what was the future when the user went back in time
  /// and sent something else. Its list of steps shares those before the fork with the timeline
  /// it was split from (``ChunkedList``), so that switching is a swap.
  package struct Branch {
    package var name: String
    var steps: ChunkedList<Step>
    /// The step number after which it and the timeline it was split from differ.
    package var forkNumber: Int
  }

  /// The name of the timeline ``steps`` holds (`main` until a branch is switched to).
  package var branchName = "main"
  /// The other timelines, in the order they were made.
  package var branches: [Branch] = []
  private var branchCount = 0
  /// The serial number of the last step recorded.
  var recordedCount = 0
  /// Whether every timeline lists its steps' reductions in increasing order (they are numbered
  /// in the order they begin), so that a reduction's step is found by bisection.
  var reductionsAreOrdered = true
  var lastReduction = 0

  /// Appends a step. Steps undone before it (after the cursor) are kept as a branch under the
  /// timeline's name, and the timeline continues under a new one (`branch-1`, …).
  mutating package func record(_ step: consuming Step) {
    if self.cursor < self.steps.count {
      self.branches.append(Branch(name: self.branchName, steps: self.steps, forkNumber: self.currentNumber))
      self.branchCount += 1
      self.branchName = "branch-\(self.branchCount)"
      self.steps.removeSuffix(from: self.cursor)
    }
    self.settleLastStep()
    self.recordedCount += 1
    step.serial = self.recordedCount
    if let reduction = step.reduction {
      if reduction < self.lastReduction { self.reductionsAreOrdered = false }
      self.lastReduction = reduction
    }
    self.steps.append(step)
    self.cursor = self.steps.count
  }

  /// Makes the branch named `name` the timeline, at its last step; the timeline it leaves
  /// becomes a branch under its own name. Returns `false` when there's no such branch.
  mutating package func switchBranch(to name: String) -> Bool {
    guard let index = self.branches.firstIndex(where: { $0.name == name }) else { return false }
    let target = self.branches.remove(at: index)
    let fork = zip(self.steps, target.steps).prefix { $0.serial == $1.serial }.count
    self.branches.append(Branch(name: self.branchName, steps: self.steps, forkNumber: fork))
    self.branchName = target.name
    self.steps = target.steps
    self.cursor = self.steps.count
    return true
  }

  /// The history as it would be on the branch named `name` (or this one), at its last step.
  package func onBranch(_ name: String) -> StoreHistory? {
    if name == self.branchName { return self }
    var history = self
    return history.switchBranch(to: name) ? history : nil
  }

  /// The state after step `number` (1-based, as listed; 0 is the initial state).
  package func state(after number: Int) -> Any? {
    guard number >= 0, number <= self.steps.count else { return nil }
    return self.state(atIndex: number - 1)
  }

  /// The state after the current step.
  var currentState: Any { self.state(atIndex: self.cursor - 1) }
  /// The state after the timeline's last step.
  var lastState: Any { self.state(atIndex: self.steps.count - 1) }

  /// The listed number of the current step.
  var currentNumber: Int { self.cursor }
  package var lastNumber: Int { self.steps.count }

  /// The listed number of the step that reduced `reduction`, if the timeline holds it.
  package func number(ofReduction reduction: Int) -> Int? {
    guard let index = self.lastIndex(reducedAtMost: reduction) else { return nil }
    return self.steps[index].reduction == reduction ? index + 1 : nil
  }

  /// The listed number of the last step whose reduction began at or before `reduction`.
  package func number(atOrBeforeReduction reduction: Int) -> Int? {
    self.lastIndex(reducedAtMost: reduction).map { $0 + 1 }
  }

  /// The index of the last step with a reduction at most `reduction` (edits have none).
  private func lastIndex(reducedAtMost reduction: Int) -> Int? {
    guard self.reductionsAreOrdered else {
      return self.steps.lastIndex { ($0.reduction ?? Int.max) <= reduction }
    }
    // The first index whose reduction — or, for an edit, that of the nearest step before it
    // that has one — is greater than `reduction`.
    func key(_ index: Int) -> Int? {
      var index = index
      while index >= 0 {
        if let reduction = self.steps[index].reduction { return reduction }
        index -= 1
      }
      return nil
    }
    var low = 0
    var high = self.steps.count
    while low < high {
      let middle = (low + high) / 2
      if let key = key(middle), key > reduction { high = middle } else { low = middle + 1 }
    }
    var index = low - 1
    while index >= 0, self.steps[index].reduction == nil { index -= 1 }
    return index >= 0 ? index : nil
  }

  package func index(ofNumber number: Int) -> Int? {
    let index = number - 1
    return self.steps.indices.contains(index) ? index : nil
  }
}
