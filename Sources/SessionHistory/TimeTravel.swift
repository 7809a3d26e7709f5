import ScriptEvaluation
import StateDiff

/// How a command changed a store's state: the diff from the state before to the state after,
/// as lines with their kinds, or no diff when the state stayed as it was.
public struct StateChange: Equatable, Sendable {
  /// The diff (StateDiff's `fastDiffLines`); `nil` when the states are equal.
  public var diff: StructuredDiff?

  public init(diff: StructuredDiff?) {
    self.diff = diff
  }

  /// The change from `lhs` to `rhs`.
  package init(from lhs: Any, to rhs: Any) {
    self.diff = fastDiffLines(lhs, rhs)
  }
}

/// What a time-travel command did to a store (`:undo`, `:redo`, `:jump`, `:skip`, `:unskip`,
/// `:switch`): where its timeline stands now, and how its state changed.
public struct TimeTravel: Equatable, Sendable {
  /// Where the store went.
  public enum Move: Equatable, Sendable {
    /// To step `step` of the `of` steps of its timeline (`:undo`, `:redo`, `:jump`).
    case step(Int, of: Int)
    /// Step `step` left out (`isSkipped`) or put back, every later state recomputed.
    case skip(Int, isSkipped: Bool)
    /// Onto the branch named `name`, at its last step, `step`.
    case branch(String, step: Int)
  }

  public var move: Move
  public var change: StateChange

  public init(_ move: Move, change: StateChange) {
    self.move = move
    self.change = change
  }
}

/// A store's steps as `:history` lists them.
public struct HistoryListing: Equatable, Sendable {
  /// One step (or the start).
  public struct Row: Equatable, Sendable {
    /// What a step is.
    public enum Kind: String, Equatable, Sendable {
      /// The state the store started with (number 0).
      case start
      /// An action sent to the store.
      case sent = "send"
      /// An action an effect delivered.
      case received = "recv"
      /// A manual edit of the state.
      case edit
    }

    /// The step's number (0 is the start).
    public var number: Int
    public var kind: Kind
    /// The action's case labels, the edit statement, or the start's state type.
    public var label: String
    /// Whether the store stands at this step.
    public var isCurrent: Bool
    /// Whether the step is left out of the states (`:skip`).
    public var isSkipped: Bool
    /// Whether the step is after the current one (`:undo`, `:jump`).
    public var isUndone: Bool
    /// For a received step: the step whose effect delivered it (`nil` when the history no
    /// longer holds it), and the effect.
    public var cause: Cause?

    /// The effect that delivered a received step's action.
    public struct Cause: Equatable, Sendable {
      /// The number of the step whose action returned the effect.
      public var returnedBy: Int?
      /// The effect: `effect at Feature.swift:12, cancel id CancelID.timer`.
      public var effect: String
    }
  }

  /// The rows, in order (the start first unless a filter left it out).
  public var rows: [Row]
  /// The number of the timeline's last step (the listing's numbers are as wide as it).
  public var lastNumber: Int
}

/// A store's timelines as `:branches` lists them.
public struct BranchListing: Equatable, Sendable {
  /// One timeline.
  public struct Row: Equatable, Sendable {
    public var name: String
    /// Whether it is the store's timeline now.
    public var isCurrent: Bool
    /// How many steps it has.
    public var stepCount: Int
    /// The step of the current timeline it forked after (`nil` for the current timeline).
    public var forkNumber: Int?
    /// Its last step's action.
    public var lastLabel: String?
  }

  /// The current timeline first, then the branches; only the current one when there is no
  /// branch.
  public var rows: [Row]
}
