import KernelProtocol
import Dispatch
#if canImport(Glibc)
  import Glibc
#endif

/// Where the REPL's lines come from. Reading never blocks the main actor, so that effects keep
/// running while the user types.
public protocol LineSource: AnyObject, Sendable {
  func readLine(prompt: String) async -> LineInput
  /// A line the source already holds, without waiting for one (piped input read ahead, a
  /// script's lines); `nil` when the next line would have to be waited for.
  func bufferedLine() -> String?
}

extension LineSource {
  public func bufferedLine() -> String? { nil }
}

/// Lines from a pipe or file on standard input: no prompts, no echo, no editing.
///
/// Reads whatever the pipe holds at once and hands out its lines without another wait, so that
/// the input loop sees which inputs are already there (``bufferedLine()``). Lines are split as
/// `Swift.readLine(strippingNewline:)` splits them: at `\n`, a `\r` before it dropped, the
/// last line without one kept.
public final class PlainLineSource: LineSource, @unchecked Sendable {
  private let descriptor: Int32
  private let queue = DispatchQueue(label: "tcaplay.plain-input")
  private let lock = Lock()
  /// Lines read and not handed out yet, from ``nextLine``.
  private var lines: [String] = []
  private var nextLine = 0
  /// Bytes read after the last complete line.
  private var partial: [UInt8] = []
  private var isAtEnd = false

  public init(descriptor: Int32 = 0) {
    self.descriptor = descriptor
  }

  public func readLine(prompt: String) async -> LineInput {
    if let line = self.bufferedLine() { return .line(line) }
    return await withCheckedContinuation { continuation in
      self.queue.async { continuation.resume(returning: self.waitForLine()) }
    }
  }

  public func bufferedLine() -> String? {
    self.lock.withLock {
      guard self.nextLine < self.lines.count else { return nil }
      defer {
        self.nextLine += 1
        if self.nextLine == self.lines.count { (self.lines, self.nextLine) = ([], 0) }
      }
      return self.lines[self.nextLine]
    }
  }

  /// Blocks (on ``queue``) until a line or the end of the input.
  private func waitForLine() -> LineInput {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      if let line = self.bufferedLine() { return .line(line) }
      if self.lock.withLock({ self.isAtEnd }) { return .endOfInput }
      let count = read(self.descriptor, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      self.lock.withLock {
        guard count > 0 else {
          self.isAtEnd = true
          if !self.partial.isEmpty { self.lines.append(Self.decode(self.partial[...])) }
          self.partial = []
          return
        }
        self.partial += buffer[..<count]
        var start = self.partial.startIndex
        while let newline = self.partial[start...].firstIndex(of: UInt8(ascii: "\n")) {
          var end = newline
          if end > start, self.partial[end - 1] == UInt8(ascii: "\r") { end -= 1 }
          self.lines.append(Self.decode(self.partial[start..<end]))
          start = newline + 1
        }
        self.partial.removeSubrange(..<start)
      }
    }
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
