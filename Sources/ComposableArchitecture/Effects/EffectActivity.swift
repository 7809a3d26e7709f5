/// How many effects are running in the process, across every store: a `.run` effect from the
/// moment it starts until its operation returns (also after a cancellation, until it winds
/// down), a stream effect until it ends.
///
/// The playground's store driver yields after a send (``_Concurrency/Task/settle(turns:isolation:)``)
/// only while some effect runs: with none, a yield has nothing to let deliver.
@_spi(Hosting) @MainActor public enum EffectActivity {
  /// The effects running now.
  public private(set) static var runningCount = 0

  static func begin() {
    self.runningCount += 1
  }

  static func end() {
    self.runningCount -= 1
  }
}
