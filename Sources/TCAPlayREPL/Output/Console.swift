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

/// The size of the terminal on a file descriptor.
public enum TerminalSize {
  /// The terminal's width in columns, or `nil` when `descriptor` isn't a terminal.
  public static func columns(of descriptor: Int32 = STDOUT_FILENO) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
