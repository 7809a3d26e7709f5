import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the text files people hand the playground (scripts, notebooks, saved sessions, feature
/// sources) and says plainly why one can't be read.
///
/// Foundation's errors for these cases read "The operation could not be completed", which says
/// neither what went wrong nor what to do; ``TextFileError`` names the reason in a few words:
///
/// ```swift
/// do {
///   let script = try TextFile.read(atPath: "Counter.tca")
/// } catch {
///   print("error: \(error)")  // error: can't read Counter.tca: no such file
/// }
/// ```
public enum TextFile {
  /// The largest file the playground reads (64 MiB): anything larger is not a script.
  public static let sizeLimit = 64 << 20

  /// The contents of the file at `path`, which must be UTF-8 text.
  public static func read(atPath path: String) throws(TextFileError) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw TextFileError(path: path, reason: Self.reason(errno: errno))
    }
    if (status.st_mode & S_IFMT) == S_IFDIR { throw TextFileError(path: path, reason: .isADirectory) }
    if status.st_size > Self.sizeLimit { throw TextFileError(path: path, reason: .tooLarge(bytes: Int(status.st_size))) }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw TextFileError(path: path, reason: Self.reason(errno: access(path, R_OK) == 0 ? EIO : errno))
    }
    defer { try? handle.close() }
    let data: Data
    do { data = try handle.readToEnd() ?? Data() } catch { throw TextFileError(path: path, reason: .other(error.localizedDescription)) }
    guard let text = String(data: data, encoding: .utf8) else {
      throw TextFileError(path: path, reason: .notUTF8(offset: Self.firstInvalidByte(in: data)))
    }
    return text
  }

  /// The contents of the file at `url` (see ``read(atPath:)``).
  public static func read(_ url: URL) throws(TextFileError) -> String {
    try self.read(atPath: url.path)
  }

  static func reason(errno code: Int32) -> TextFileError.Reason {
    switch code {
    case ENOENT, ENOTDIR: return .noSuchFile
    case EACCES, EPERM: return .permissionDenied
    case EISDIR: return .isADirectory
    default: return .other(String(cString: strerror(code)))
    }
  }

  /// The offset of the first byte that is not part of valid UTF-8.
  static func firstInvalidByte(in data: Data) -> Int {
    var offset = 0
    var iterator = data.makeIterator()
    var decoder = UTF8()
    while case let .scalarValue(scalar) = decoder.decode(&iterator) {
      offset += UTF8.width(scalar)
    }
    return offset
  }
}

/// Why a text file can't be read; its description is one line: "can't read PATH: REASON".
public struct TextFileError: Error, Equatable, CustomStringConvertible {
  /// The path as it was given.
  public var path: String
  public var reason: Reason

  public enum Reason: Equatable, Sendable, CustomStringConvertible {
    case noSuchFile
    case isADirectory
    case permissionDenied
    case notUTF8(offset: Int)
    case tooLarge(bytes: Int)
    case other(String)

    public var description: String {
      switch self {
      case .noSuchFile: return "no such file"
      case .isADirectory: return "it is a directory"
      case .permissionDenied: return "permission denied"
      case let .notUTF8(offset): return "not UTF-8 text (invalid byte at offset \(offset))"
      case let .tooLarge(bytes): return "too large (\(bytes) bytes; the limit is \(TextFile.sizeLimit) bytes)"
      case let .other(message): return message
      }
    }
  }

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "can't read \(self.path): \(self.reason)" }
}
