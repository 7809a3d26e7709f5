/// What the process's stores are reducing right now: the feature and the action, kept while a
/// reducer runs, so that a crash handler can say which action a trap interrupted.
///
/// Setting it costs a store and a reference per reduced action; it is read (and formatted) only
/// when the process is about to die.
public enum ReducerActivity {
  nonisolated(unsafe) private static var current: (feature: String, action: Any)?

  /// Runs `body` as the reduction of `action` by `feature`'s reducer.
  @inline(__always)
  static func reducing<Result>(_ action: Any, of feature: String, _ body: () -> Result) -> Result {
    let previous = Self.current
    Self.current = (feature, action)
    defer { Self.current = previous }
    return body()
  }

  /// `reducing .increment in Counter`, or `nil` when no reducer runs. Formats the action: call
  /// it only when the process is dying.
  public static func describe() -> String? {
    guard let (feature, action) = Self.current else { return nil }
    return "reducing .\(String(describing: action)) in \(feature)"
  }
}
