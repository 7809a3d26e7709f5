/// The exhaustivity of assertions made by a ``TestStore``.
public enum Exhaustivity: Equatable, Sendable {
  /// Exhaustive assertions: every state change must be asserted, every received action handled,
  /// and every effect finished by the end of the test.
  case on

  /// Non-exhaustive assertions: only the state changes and actions asserted are checked.
  ///
  /// - Parameter showSkippedAssertions: Whether to report what was not asserted as expected
  ///   (known) issues, which helps show what a non-exhaustive test leaves out.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive assertions, without reporting what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
