import PlaygroundHost
import ScriptEvaluation
import TCAScriptSyntax

/// The states of a history's steps: recomputed by replaying actions from the nearest state kept,
/// and which states are kept (checkpoints by replay time, and the steps that can't be replayed).
extension StoreHistory {
  /// The state after the step at `index` (-1 is the start): the nearest state kept at or before
  /// it, with the actions after that replayed.
  package func state(atIndex index: Int) -> Any {
    var anchor = index
    while anchor >= 0, self.steps[anchor].state == nil { anchor -= 1 }
    var state = anchor < 0 ? self.initialState : self.steps[anchor].state!
    guard anchor < index else { return state }
    // One redirection of standard output for all the replays (``SilencedStandardOutput`` nests).
    SilencedStandardOutput.run {
      for next in (anchor + 1)...index { self.replay(at: next, on: &state) }
    }
    return state
  }

  /// Calls `body` with the index and state of each step before `end`, in order, replaying from
  /// the start once (a state kept is taken as it is).
  func forEachState<Failure: Error>(
    before end: Int, _ body: (_ index: Int, _ state: Any) throws(Failure) -> Void
  ) throws(Failure) {
    var state = self.initialState
    for index in 0..<min(end, self.steps.count) {
      self.advance(&state, past: index)
      try body(index, state)
    }
  }

  /// Moves `state`, the state before the step at `index`, past that step: to the state the step
  /// keeps, or by replaying its action.
  func advance(_ state: inout Any, past index: Int) {
    if let kept = self.steps[index].state {
      state = kept
    } else {
      self.replay(at: index, on: &state)
    }
  }

  /// Applies the step at `index` to `state`, in place: its action replayed, unless it is skipped
  /// or has none. Its replay was checked when it was recorded; should it fail now, the state is
  /// left as it was.
  private func replay(at index: Int, on state: inout Any) {
    let step = self.steps[index]
    guard !step.isSkipped, let action = step.action, let replayer = step.replayer else { return }
    _ = try? replayer.replay(&state, action: action, inputs: step.inputs, reportingIssues: false)
  }

  /// Before a step is appended: checks the last step's replay (or counts it as replayable
  /// unchecked, past what ``verification`` may spend), and lets go of the state before it, which
  /// nothing needs any more.
  mutating func settleLastStep() {
    // In whole nanoseconds of the monotonic clock's coarse time, not `Duration`s: the credit is
    // earned over many steps (speed: docs/benchmarks-log.md, "Recording a step without weak references").
    if case .sampled(let share) = self.verification {
      let now = Self.monotonicNanoseconds(coarse: true)
      if let previous = self.lastRecordTime {
        self.verificationCredit = min(
          self.verificationCredit + Int64(Double(now - previous) * share), Self.maximumVerificationCredit
        )
      }
      self.lastRecordTime = now
    }
    let last = self.steps.count - 1
    guard last >= 0 else { return }
    if self.steps[last].retention == .unverified {
      // (Decided in place: a method of `self` called here took a copy of the whole history,
      // and one of the step, for each step recorded.)
      let checks: Bool
      switch self.verification {
      case .everyStep: checks = true
      case .sampled: checks = self.verificationCredit > 0 || self.steps[last].isAlwaysChecked
      }
      if checks {
        let start = Self.monotonicNanoseconds()
        self.verify(at: last)
        self.verificationCredit -= Self.monotonicNanoseconds() - start
      } else {
        self.markReplayed(at: last, cost: self.replayEstimate)
      }
    }
    if last >= 1, !self.steps[last - 1].keepsState {
      self.steps[last - 1].state = nil
    }
  }

  /// Replays the step at `index` on the state before it and compares the result with the state
  /// recorded: equal, the step is replayed from now on (or made a checkpoint, when the replays
  /// since the last state kept reach the budget); different, or not replayable, it keeps its
  /// state.
  private mutating func verify(at index: Int) {
    let step = self.steps[index]
    guard let action = step.action, let replayer = step.replayer, let recorded = step.state else {
      self.steps[index].retention = .pinned(.replayFailed)
      return
    }
    var state = self.takeState(before: index)
    let start = Self.monotonicNanoseconds()
    let outcome = Result { try replayer.replay(&state, action: action, inputs: step.inputs, reportingIssues: false) }
    let cost = Self.monotonicNanoseconds() - start
    switch outcome {
    case .failure:
      self.steps[index].retention = .pinned(.replayFailed)
    case .success(.usedUncontrolledGenerator):
      self.steps[index].retention = .pinned(.usedUncontrolledGenerator)
    case .success(.replayed):
      self.replayEstimate = cost
      if replayer.isSameState(state, recorded) {
        self.markReplayed(at: index, cost: cost)
      } else {
        self.steps[index].retention = .pinned(.differsOnReplay)
      }
    }
  }

  /// The state before the step at `index`, to replay that step on: taken out of the step before
  /// when it is held there only for this (so that nothing else holds it, and the replay changes
  /// it in place), shared when kept, recomputed otherwise.
  private mutating func takeState(before index: Int) -> Any {
    guard index >= 1 else { return self.initialState }
    let previous = index - 1
    guard let state = self.steps[previous].state else { return self.state(atIndex: previous) }
    if !self.steps[previous].keepsState { self.steps[previous].state = nil }
    return state
  }

  /// Marks the step at `index` as recomputed by replay, which took `cost`: a checkpoint when the
  /// replays since the last state kept reach the budget.
  private mutating func markReplayed(at index: Int, cost: Int64) {
    let since = index >= 1 && !self.steps[index - 1].keepsState ? self.steps[index - 1].replayCost : 0
    if since + cost >= self.replayBudgetNanoseconds {
      self.steps[index].retention = .checkpoint
      self.steps[index].replayCost = 0
    } else {
      self.steps[index].retention = .replayed
      self.steps[index].replayCost = since + cost
    }
  }

  /// `:skip N` / `:unskip N`: takes the step at `index` out of the timeline (or puts it back) and
  /// recomputes every later state, replaying recorded actions without effects. An edit keeps the
  /// state it set.
  mutating func setSkipped(_ skipped: Bool, at index: Int) throws(ScriptError) {
    var recomputed = self
    recomputed.steps[index].isSkipped = skipped
    var state = self.state(atIndex: index - 1)
    let last = recomputed.steps.count - 1
    for later in index...last {
      let step = recomputed.steps[later]
      var outcome = ReplayOutcome.replayed
      var cost: Int64 = 0
      if step.kind == .edit {
        state = step.state!
      } else if !step.isSkipped, let action = step.action, let replayer = step.replayer {
        let start = Self.monotonicNanoseconds()
        do { outcome = try replayer.replay(&state, action: action, inputs: step.inputs, reportingIssues: true) } catch {
          throw ScriptError("replaying step \(later + 1) failed: \(error)", at: nil)
        }
        cost = Self.monotonicNanoseconds() - start
      }
      recomputed.keep(state, at: later, outcome: outcome, cost: cost, isLast: later == last)
    }
    // The last step's replay is what was just computed: the state before it is of no more use.
    if last >= 1, !recomputed.steps[last - 1].keepsState { recomputed.steps[last - 1].state = nil }
    self = recomputed
  }

  /// Appends a step whose state was recomputed (a reload's replay on a new version of the
  /// feature), ``keep(_:at:outcome:cost:isLast:)``ing its state.
  mutating func appendRecomputed(_ step: Step, state: Any, outcome: ReplayOutcome, cost: Int64, isLast: Bool) {
    if let reduction = step.reduction {
      if reduction < self.lastReduction { self.reductionsAreOrdered = false }
      self.lastReduction = reduction
    }
    self.recordedCount = max(self.recordedCount, step.serial)
    self.steps.append(step)
    self.keep(state, at: self.steps.count - 1, outcome: outcome, cost: cost, isLast: isLast)
  }

  /// Gives the step at `index` a recomputed state (a replay's or a reload's, which took `cost`
  /// nanoseconds): held when the step
  /// keeps its state, can't be replayed or is the last (`isLast`); otherwise the step is replayed
  /// from then on. (Holding no other state lets the caller's next replay change this one in
  /// place.)
  private mutating func keep(_ state: Any, at index: Int, outcome: ReplayOutcome, cost: Int64, isLast: Bool) {
    switch self.steps[index].retention {
    case .pinned(.edit), .pinned(.differsOnReplay), .pinned(.replayFailed):
      // What replaying gave this time stands (an edit's state is its own).
      self.steps[index].state = state
      return
    case .pinned(.usedUncontrolledGenerator), .checkpoint, .replayed, .unverified:
      break
    }
    if outcome == .usedUncontrolledGenerator {
      self.steps[index].retention = .pinned(.usedUncontrolledGenerator)
      self.steps[index].state = state
      return
    }
    if self.steps[index].retention == .checkpoint {
      self.steps[index].replayCost = 0
    } else {
      self.markReplayed(at: index, cost: cost)
    }
    self.steps[index].state = self.steps[index].keepsState || isLast ? state : nil
  }
}
