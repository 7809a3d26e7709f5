// `@preconcurrency`: C's global `stdout` is otherwise unusable from Swift 6 code.
#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Runs code whose standard output nobody should see: a reducer replayed on a recorded action
/// (a history's state recomputed, a replay checked), whose `print`s were shown when the action
/// was first reduced.
///
/// While it runs, standard output's `FILE` is locked, so that other threads' `print`s wait
/// rather than being dropped, and descriptor 1 points at `/dev/null`; both are put back after.
/// Calls nest: only the outermost one redirects (a history replaying many actions pays once).
/// Two `dup2` calls a time: what descriptor 1 was is kept from the first call (the playground
/// doesn't redirect it).
@MainActor
public enum SilencedStandardOutput {
  private static var depth = 0
  private static let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
  private static let saved = Self.null >= 0 ? fcntl(1, F_DUPFD_CLOEXEC, 3) : -1

  public static func run<Value>(_ body: () throws -> Value) rethrows -> Value {
    if Self.depth == 0 { Self.silence() }
    Self.depth += 1
    defer {
      Self.depth -= 1
      if Self.depth == 0 { Self.restore() }
    }
    return try body()
  }

  private static func silence() {
    flockfile(stdout)
    fflush(stdout)
    if Self.saved >= 0 { _ = dup2(Self.null, 1) }
  }

  private static func restore() {
    fflush(stdout)
    if Self.saved >= 0 { _ = dup2(Self.saved, 1) }
    funlockfile(stdout)
  }
}
