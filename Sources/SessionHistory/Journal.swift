import Foundation

#if canImport(Glibc)
  import Glibc
import TCAScriptSyntax
#endif

/// An append-only record of the statements that changed a session, one per line, written as
/// they happen: if a user's reducer crashes the process, nothing before it is lost, and
/// ``Session/resume(from:)`` replays the file to rebuild the session.
///
/// The format is the script language itself (a journal is a runnable script), headed by a
/// comment line. Only statements that change something are journaled: bindings, store
/// commands, assignments; reads are not.
///
/// A journal belongs to one process at a time: it holds an exclusive lock on the file while it
/// is open, so two `tcaplay`s never interleave one journal (``open(preferring:)`` gives the
/// second one a journal of its own).
public final class Journal {
  public let url: URL
  private let handle: FileHandle

  /// The journal is open in another process.
  public struct InUse: Error {}

  /// Opens (creating if needed) a journal file for appending, and locks it; throws ``InUse``
  /// when another process holds it.
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
    guard flock(self.handle.fileDescriptor, LOCK_EX | LOCK_NB) == 0 else {
      try? self.handle.close()
      throw InUse()
    }
    try self.handle.seekToEnd()
  }

  /// The journal files a session may use, in order: `url` itself, then `journal-2.tca` …
  /// `journal-9.tca` beside it for sessions that run while another holds `url`.
  public static func candidates(for url: URL) -> [URL] {
    let base = url.deletingPathExtension()
    let pathExtension = url.pathExtension
    return [url] + (2...9).map { number in
      let name = base.lastPathComponent + "-\(number)"
      let sibling = base.deletingLastPathComponent().appendingPathComponent(name)
      return pathExtension.isEmpty ? sibling : sibling.appendingPathExtension(pathExtension)
    }
  }

  /// Opens the first of ``candidates(for:)`` that no other process holds; for `--resume`
  /// (`newest`), the most recently written of the free ones instead. `nil` when all are held.
  public static func open(preferring url: URL, newest: Bool = false) -> Journal? {
    var candidates = Self.candidates(for: url)
    if newest {
      let manager = FileManager.default
      func modified(_ url: URL) -> Date {
        ((try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
      }
      candidates = candidates.filter { manager.fileExists(atPath: $0.path) }
        .sorted { modified($0) > modified($1) } + candidates
    }
    for candidate in candidates {
      if let journal = try? Journal(url: candidate) { return journal }
    }
    return nil
  }

  /// The complete statements of a journal's text: a last line cut off by a crash mid-write
  /// (no final newline) is dropped.
  public static func completeStatements(_ text: String) -> String {
    guard !text.isEmpty, !text.hasSuffix("\n") else { return text }
    guard let lastNewline = text.lastIndex(of: "\n") else { return "" }
    return String(text[...lastNewline])
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
