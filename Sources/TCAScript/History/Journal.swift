import Foundation

/// An append-only record of the statements that changed a session, one per line, written as
/// they happen: if a user's reducer crashes the process, nothing before it is lost, and
/// ``Session/resume(from:)`` replays the file to rebuild the session.
///
/// The format is the script language itself (a journal is a runnable script), headed by a
/// comment line. Only statements that change something are journaled: bindings, store
/// commands, assignments; reads are not.
public final class Journal {
  public let url: URL
  private let handle: FileHandle

  /// Opens (creating if needed) a journal file for appending.
  public init(url: URL) throws {
    self.url = url
    let manager = FileManager.default
    if !manager.fileExists(atPath: url.path) {
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      guard manager.createFile(atPath: url.path, contents: Data("// tcaplay journal\n".utf8)) else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
      }
    }
    self.handle = try FileHandle(forWritingTo: url)
    try self.handle.seekToEnd()
  }

  deinit {
    try? self.handle.close()
  }

  /// Appends a statement and flushes it to disk.
  public func append(_ statement: String) {
    let line = statement.replacingOccurrences(of: "\n", with: " ") + "\n"
    try? self.handle.write(contentsOf: Data(line.utf8))
    try? self.handle.synchronize()
  }

  /// Empties the journal (a new session starts).
  public func reset() throws {
    try self.handle.truncate(atOffset: 0)
    try self.handle.write(contentsOf: Data("// tcaplay journal\n".utf8))
  }
}

extension Statement {
  /// Whether the statement changes the session (and so belongs in a journal or an export).
  var isMutating: Bool {
    switch self {
    case .binding, .assignment: return true
    case let .expression(.call(.member(_, method, _), _, _, _)):
      return ["send", "receive", "finish", "skipReceivedActions", "skipInFlightEffects", "advance", "subscribe", "unsubscribe"]
        .contains(method) || Session.mutatingMethods.contains(method)
    case .expression: return false
    default: return true
    }
  }
}
