/// How many effects are running among the stores of one host's session: a `.run` effect from
/// the moment it starts until its operation returns (also after a cancellation, until it winds
/// down), a stream effect until it ends.
///
/// A store counts its effects in the activity that was ``current`` when it was created (its
/// runner keeps it), so that two sessions in one process, each binding its own, don't see each
/// other's effects. Stores created outside any binding share ``process``.
///
/// The playground's store driver yields after a send (``_Concurrency/Task/settle(turns:isolation:)``)
/// only while some effect of its session runs: with none, a yield has nothing to let deliver.
@_spi(Hosting) @MainActor public final class EffectActivity: Sendable {
  /// The effects running now.
  public private(set) var runningCount = 0

  nonisolated public init() {}

  /// What stores created outside any ``current`` binding count their effects in.
  public static let process = EffectActivity()

  /// The activity the stores created in this task count their effects in.
  @TaskLocal public static var current = EffectActivity.process

  func begin() {
    self.runningCount += 1
  }

  func end() {
    self.runningCount -= 1
  }
}
