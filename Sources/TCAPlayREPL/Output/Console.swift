import Foundation

/// Where the REPL prints: standard output, a line editor (which keeps the line being typed
/// intact when output arrives), or a buffer in tests.
public protocol Console: AnyObject, Sendable {
  /// Prints `text` (one or more whole lines, each ending in a newline).
  func write(_ text: String)
}

/// Standard output, flushed after each write.
public final class StandardOutputConsole: Console {
  public init() {}

  public func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}

/// Collects what is printed, for tests.
public final class BufferConsole: Console, @unchecked Sendable {
  private let lock = NSLock()
  private var buffer = ""

  public init() {}

  public func write(_ text: String) {
    self.lock.withLock { self.buffer += text }
  }

  /// Everything printed since the last call.
  public func take() -> String {
    self.lock.withLock {
      defer { self.buffer = "" }
      return self.buffer
    }
  }
}
