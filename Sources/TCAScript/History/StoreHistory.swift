import ComposableArchitecture
import Foundation
import PlaygroundHost

/// Everything that happened to one store, step by step: each action it reduced (sent by the
/// user or delivered by an effect) and each manual state edit, with the state after it.
///
/// States are Swift values, so consecutive steps share storage copy-on-write; the history keeps
/// at most ``maximumSteps`` steps (like Redux DevTools' `maxAge`), dropping the oldest.
public struct StoreHistory {
  enum Kind: String {
    case sent = "send"
    case received = "recv"
    case edit = "edit"
  }

  struct Step {
    var kind: Kind
    /// The action (for `.sent`/`.received`), or `nil` for an edit.
    var action: Any?
    /// The label, when it isn't made from ``action`` as it is read: an edit's statement, or a
    /// step replayed on a new version of its feature (it keeps the label it was recorded with).
    var fixedLabel: String?
    /// How the step reads in a listing: the action's case labels, or the edit statement. (Made
    /// when read: a send doesn't pay for text nobody may ask for.)
    var label: String { self.fixedLabel ?? self.action.map { debugCaseOutput($0) } ?? "" }
    /// The state after the step.
    var state: Any
    /// Whether `:skip` took the step out of the timeline.
    var isSkipped = false
    /// Test-clock time when the step happened.
    var time: Duration
    /// The step's serial number in the store's history (set by ``StoreHistory/record(_:)``):
    /// the steps two branches share have the same.
    var serial = 0
    /// The store's reduction of the action (`nil` for an edit): effects name it as their origin.
    var reduction: Int? = nil
    /// For an action an effect delivered: that effect.
    var cause: EffectSource? = nil
  }

  var initialState: Any
  var steps: [Step] = []
  /// How many steps are applied: `steps.count` unless the user went back in time.
  var cursor = 0
  /// The cap. A step keeps its own copy of whatever part of the state its action changed (a
  /// 10k-row list changed by one row is a new 10k-element array), so the cap bounds memory:
  /// like Redux DevTools' `maxAge`, older steps are dropped.
  var maximumSteps = StoreHistory.defaultMaximumSteps
  public static let defaultMaximumSteps = 1_000
  /// Steps dropped from the front because of the cap (so printed indexes stay stable).
  var droppedCount = 0

  init(initialState: Any) {
    self.initialState = initialState
  }

  /// Another timeline of the same store: what was the future when the user went back in time
  /// and sent something else. It holds its whole list of steps (sharing the common ones'
  /// states copy-on-write), so that switching is a swap.
  struct Branch {
    var name: String
    var steps: [Step]
    /// The step number after which it and the timeline it was split from differ.
    var forkNumber: Int
  }

  /// The name of the timeline ``steps`` holds (`main` until a branch is switched to).
  var branchName = "main"
  /// The other timelines, in the order they were made.
  var branches: [Branch] = []
  private var branchCount = 0
  private var recordedCount = 0

  /// Appends a step. Steps undone before it (after the cursor) are kept as a branch under the
  /// timeline's name, and the timeline continues under a new one (`branch-1`, …).
  mutating func record(_ step: Step) {
    if self.cursor < self.steps.count {
      self.branches.append(Branch(name: self.branchName, steps: self.steps, forkNumber: self.currentNumber))
      self.branchCount += 1
      self.branchName = "branch-\(self.branchCount)"
      self.steps.removeSubrange(self.cursor...)
    }
    var step = step
    self.recordedCount += 1
    step.serial = self.recordedCount
    self.steps.append(step)
    self.cursor = self.steps.count
    // Trim in batches, so that a long session doesn't shift the array on every step.
    if self.steps.count > self.maximumSteps + max(1, self.maximumSteps / 10) {
      let overflow = self.steps.count - self.maximumSteps
      self.initialState = self.steps[overflow - 1].state
      self.steps.removeFirst(overflow)
      self.droppedCount += overflow
      self.cursor = self.steps.count
      // A branch that forked within the dropped steps has lost its start.
      self.branches = self.branches.compactMap { branch in
        guard branch.forkNumber >= self.droppedCount, branch.steps.count >= overflow else { return nil }
        var kept = branch
        kept.steps.removeFirst(overflow)
        return kept
      }
    }
  }

  /// Makes the branch named `name` the timeline, at its last step; the timeline it leaves
  /// becomes a branch under its own name. Returns `false` when there's no such branch.
  mutating func switchBranch(to name: String) -> Bool {
    guard let index = self.branches.firstIndex(where: { $0.name == name }) else { return false }
    let target = self.branches.remove(at: index)
    let fork = self.droppedCount + zip(self.steps, target.steps).prefix { $0.serial == $1.serial }.count
    self.branches.append(Branch(name: self.branchName, steps: self.steps, forkNumber: fork))
    self.branchName = target.name
    self.steps = target.steps
    self.cursor = self.steps.count
    return true
  }

  /// The history as it would be on the branch named `name` (or this one), at its last step.
  func onBranch(_ name: String) -> StoreHistory? {
    if name == self.branchName { return self }
    var history = self
    return history.switchBranch(to: name) ? history : nil
  }

  /// The state after step `number` (1-based, as listed; 0 is the initial state).
  func state(after number: Int) -> Any? {
    let index = number - self.droppedCount
    if index == 0 { return self.initialState }
    guard index >= 1, index <= self.steps.count else { return nil }
    return self.steps[index - 1].state
  }

  /// The state after the current step.
  var currentState: Any { self.cursor == 0 ? self.initialState : self.steps[self.cursor - 1].state }
  /// The state after the timeline's last step.
  var lastState: Any { self.steps.last?.state ?? self.initialState }

  /// The listed number of the current step.
  var currentNumber: Int { self.cursor + self.droppedCount }
  var lastNumber: Int { self.steps.count + self.droppedCount }

  /// The listed number of the step that reduced `reduction`, if the history still holds it.
  func number(ofReduction reduction: Int) -> Int? {
    self.steps.lastIndex { $0.reduction == reduction }.map { $0 + 1 + self.droppedCount }
  }

  /// The listed number of the last step whose reduction began at or before `reduction`.
  func number(atOrBeforeReduction reduction: Int) -> Int? {
    self.steps.lastIndex { ($0.reduction ?? Int.max) <= reduction }.map { $0 + 1 + self.droppedCount }
  }

  func index(ofNumber number: Int) -> Int? {
    let index = number - self.droppedCount - 1
    return self.steps.indices.contains(index) ? index : nil
  }
}
