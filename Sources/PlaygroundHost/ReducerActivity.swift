/// What the process's stores are reducing right now: the feature and the action, kept while a
/// reducer runs, so that a crash handler can say which action a trap interrupted.
///
/// Setting it costs a store and a reference per reduced action; it is read (and formatted) only
/// when the process is about to die.
public enum ReducerActivity {
  nonisolated(unsafe) private static var current: Reduction?

  /// A reduction under way. (A struct, not a tuple: an optional tuple's type metadata was looked
  /// up at run time on every action reduced.)
  private struct Reduction {
    let feature: String
    let action: Any
  }

  /// Runs `body` as the reduction of `action` by `feature`'s reducer.
  @inline(__always)
  static func reducing<Result>(_ action: Any, of feature: String, _ body: () -> Result) -> Result {
    let previous = Self.current
    Self.current = Reduction(feature: feature, action: action)
    defer { Self.current = previous }
    return body()
  }

  /// `reducing .increment in Counter`, or `nil` when no reducer runs. Formats the action: call
  /// it only when the process is dying.
  public static func describe() -> String? {
    guard let current = Self.current else { return nil }
    return "reducing .\(String(describing: current.action)) in \(current.feature)"
  }
}
