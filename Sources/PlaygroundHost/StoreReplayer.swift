import ComposableArchitecture
import Foundation

/// What a reducer could read, when it ran, of the values the playground controls: its id and
/// random generators, the stack element ids and the test clock's time. The history notes them
/// before each action it records, so that a replay gives the reducer the same values again.
public struct ReplayInputs: Sendable, Equatable {
  /// Where the `uuid` and `withRandomNumberGenerator` generators were.
  public var generators: PlaygroundGenerators.State
  /// The generation of the next `StackElementID`.
  public var stackElementGeneration: Int
  /// The test clock's time (the playground's time advanced so far).
  public var time: Duration

  public init(generators: PlaygroundGenerators.State = .init(), stackElementGeneration: Int = 0, time: Duration = .zero) {
    self.generators = generators
    self.stackElementGeneration = stackElementGeneration
    self.time = time
  }
}

/// How a replayed action went.
public enum ReplayOutcome: Sendable, Equatable {
  /// The reducer ran with the inputs it had when the action was recorded.
  case replayed
  /// The reducer drew from a generator that isn't the playground's (a `uuid` or random
  /// generator that a test's `withDependencies` or a dependency variant set): a replay can't
  /// give it the values it had, so the state isn't the recorded one.
  case usedUncontrolledGenerator
}

/// Runs a store's reducer again on a recorded action, without effects, with the dependencies the
/// store had when the action was recorded and its generators and time set back to where they
/// were (``ReplayInputs``): how the history recomputes states (time travel, `:skip`, replays on a
/// new version of a feature) instead of keeping every one.
///
/// A replay changes nothing outside the state it is given: it draws ids and random numbers from
/// generators of its own, and a generator it can't set back (one the playground doesn't own)
/// isn't called but reported (``ReplayOutcome/usedUncontrolledGenerator``).
@MainActor
public protocol StoreReplayer: AnyObject {
  /// Reduces `action` into `state`, in place (no copy of a state held nowhere else), discarding
  /// the effects; throws when the state or the action isn't of the store's type.
  ///
  /// - Parameter reportingIssues: Whether the runtime warnings the reducer reports (an action
  ///   for a `nil` optional child, say) reach the session, as they did when the action was
  ///   recorded; a replay that only recomputes a recorded state keeps them quiet.
  func replay(_ state: inout Any, action: Any, inputs: ReplayInputs, reportingIssues: Bool) throws -> ReplayOutcome
  /// Whether the store's `uuid`, random generator and clocks are all the playground's: a replay
  /// then gives the reducer what it read when the action was recorded. (Otherwise a step's
  /// replay is checked against its recorded state, which finds out whether the reducer read
  /// them.)
  nonisolated var controlsEveryGenerator: Bool { get }
  /// Whether two states of the store's type are equal (`==`).
  func isSameState(_ lhs: Any, _ rhs: Any) -> Bool
}
