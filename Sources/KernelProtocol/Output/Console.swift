#if canImport(Glibc)
  import Glibc
#endif

/// Where the REPL prints: standard output, a line editor (which keeps the line being typed
/// intact when output arrives), a kernel's socket, or a buffer. Consoles that show the text
/// style it then (``TextStyle``); the others keep it as it is.
public protocol Console: AnyObject, Sendable {
  /// Prints `text` (one or more whole lines, each ending in a newline).
  func write(_ text: StyledText)
}

/// Standard output, flushed after each write.
public final class StandardOutputConsole: Console {
  public let style: TextStyle

  public init(style: TextStyle) {
    self.style = style
  }

  public func write(_ text: StyledText) {
    StandardStreams.write(self.style.render(text))
  }
}

/// Collects what is printed (for tests, and notebook cells, whose output is kept).
public final class BufferConsole: Console, @unchecked Sendable {
  private let lock = Lock()
  private var buffer = StyledText()

  public init() {}

  public func write(_ text: StyledText) {
    self.lock.withLock { self.buffer.append(text) }
  }

  /// Everything printed since the last call.
  public func takeStyled() -> StyledText {
    self.lock.withLock {
      defer { self.buffer = StyledText() }
      return self.buffer
    }
  }

  /// Everything printed since the last call, as plain text.
  public func take() -> String {
    self.takeStyled().plainText
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
