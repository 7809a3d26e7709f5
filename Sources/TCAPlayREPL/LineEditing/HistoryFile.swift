import Foundation

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
    if let configured = environment["TCAPLAY_HISTORY"] {
      return configured.isEmpty ? nil : HistoryFile(path: (configured as NSString).expandingTildeInPath)
    }
    guard let home = environment["HOME"] ?? (NSHomeDirectory() as String?), !home.isEmpty else { return nil }
    return HistoryFile(path: (home as NSString).appendingPathComponent(".tcaplay_history"))
  }
}
