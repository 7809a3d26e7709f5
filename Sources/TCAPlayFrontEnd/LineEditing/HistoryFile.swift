#if canImport(Glibc)
  import Glibc
#endif

/// Where the REPL keeps its history between sessions: `~/.tcaplay_history`, or the path in
/// `TCAPLAY_HISTORY`; none when `TCAPLAY_HISTORY` is set but empty.
public struct HistoryFile: Equatable, Sendable {
  public var path: String
  /// Entries kept (the file is truncated to this many).
  public var limit: Int

  public init(path: String, limit: Int = 1000) {
    self.path = path
    self.limit = limit
  }

  public static func resolve(environment: [String: String]) -> HistoryFile? {
    let home = environment["HOME"] ?? Self.accountHome()
    if let configured = environment["TCAPLAY_HISTORY"] {
      guard !configured.isEmpty else { return nil }
      // `~/…` is the home directory, as a shell expands it.
      if let home, configured == "~" || configured.hasPrefix("~/") {
        return HistoryFile(path: home + configured.dropFirst())
      }
      return HistoryFile(path: configured)
    }
    guard let home, !home.isEmpty else { return nil }
    return HistoryFile(path: (home.hasSuffix("/") ? home : home + "/") + ".tcaplay_history")
  }

  /// The user's home directory from the account database (when `HOME` isn't set).
  private static func accountHome() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }
}
