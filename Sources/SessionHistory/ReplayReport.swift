/// What replaying a store's history on a new version of its feature found: where the new run's
/// states first differ from the recorded ones, or that they don't.
///
/// Its ``description`` is what the REPL prints after `:reload`:
///
/// ```
/// Reloaded `store` with Counter (UserFeature_2): replayed 4 actions without effects.
/// First difference at step 3 (recv Counter.Action.incrementButtonTapped):
/// - Counter.State(count: 0)
/// + Counter.State(count: 1)
/// 2 of 5 states differ (the start and 4 steps).
/// ```
public struct ReplayReport: Equatable, Sendable {
  /// A step whose state differs between the recorded run and the replay.
  public struct Divergence: Equatable, Sendable {
    /// The step's number, as `:history` lists it (0 is the start).
    public var step: Int
    /// How the step reads in `:history`: `send .incrementButtonTapped`, `start`.
    public var label: String
    /// The recorded state against the replayed one, in CustomDump's diff format (`-` recorded,
    /// `+` replayed).
    public var diff: String
  }

  /// The store that was moved to the new feature.
  public var storeName: String
  /// The new feature's name and module: `Counter (UserFeature_2)`.
  public var feature: String
  /// How many recorded actions were replayed (sent and received; skipped steps are not).
  public var replayedActionCount: Int
  /// How many steps there are, the start not counted.
  public var stepCount: Int
  /// The first step whose state differs, or `nil` when none does.
  public var firstDivergence: Divergence?
  /// How many steps' states differ (the start counts as a step here).
  public var divergingStepCount: Int
  /// Steps that could not be replayed, with why: an action the new feature no longer has, say.
  public var notReplayed: [String]
  /// How the start state crossed over to the new state type.
  public var startNote: String?

  public var description: String {
    var lines = [
      "Reloaded `\(self.storeName)` with \(self.feature): replayed \(self.replayedActionCount) "
        + "action\(self.replayedActionCount == 1 ? "" : "s") without effects"
        + (self.firstDivergence == nil ? "; no differences." : ".")
    ]
    if let startNote { lines.append(startNote) }
    lines += self.notReplayed
    if let divergence = self.firstDivergence {
      lines.append("First difference at step \(divergence.step) (\(divergence.label)):")
      lines.append(divergence.diff)
      let total = self.stepCount + 1
      lines.append("\(self.divergingStepCount) of \(total) states differ (the start and \(self.stepCount) step\(self.stepCount == 1 ? "" : "s")).")
    }
    return lines.joined(separator: "\n")
  }
}
