/// What the process's stores are reducing right now: the feature and the action, kept while a
/// reducer runs, so that a crash handler can say which action a trap interrupted.
///
/// Setting it costs two stores per reduced action: the action is noted where its caller holds
/// it, and read (and formatted) only when the process is about to die.
public enum ReducerActivity {
  nonisolated(unsafe) private static var current: Reduction?

  /// A reduction under way. (A struct, not a tuple: an optional tuple's type metadata was looked
  /// up at run time on every action reduced.)
  private struct Reduction {
    let feature: String
    /// The action, at its caller's address (valid while the reduction runs), and its type: noting
    /// it copies nothing, where boxing it in an `Any` allocates for every action (speed:
    /// docs/benchmarks-log.md, "A history step made by moves").
    let action: UnsafeRawPointer
    let actionType: Any.Type
  }

  /// Runs `body` as the reduction of `action` by `feature`'s reducer.
  @inline(__always)
  static func reducing<Action, Result>(_ action: Action, of feature: String, _ body: () -> Result) -> Result {
    withUnsafePointer(to: action) { address in
      let previous = Self.current
      Self.current = Reduction(feature: feature, action: UnsafeRawPointer(address), actionType: Action.self)
      defer { Self.current = previous }
      return body()
    }
  }

  /// `reducing .increment in Counter`, or `nil` when no reducer runs. Formats the action: call
  /// it only when the process is dying.
  public static func describe() -> String? {
    guard let current = Self.current else { return nil }
    func load<Action>(_: Action.Type) -> Any { current.action.assumingMemoryBound(to: Action.self).pointee }
    return "reducing .\(String(describing: load(current.actionType))) in \(current.feature)"
  }
}
