import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

/// One end of the socket between the front end and its kernel: whole messages out (from any
/// thread), and a thread reading messages in.
public final class KernelChannel: @unchecked Sendable {
  /// The descriptor a kernel inherits its end of the socket on.
  public static let kernelDescriptor: Int32 = 3
  /// The descriptor a kernel inherits the reading end of its own standard output on
  /// (``forwardStandardOutput(from:as:)``).
  public static let kernelOutputDescriptor: Int32 = 4

  public let descriptor: Int32
  private let writeLock = Lock()
  /// Standard output to send ahead of each message (``forwardStandardOutput(from:as:)``).
  private var forwarded: ForwardedOutput?
  /// Messages held back while ``isHolding`` (the kernel's answers to inputs sent ahead).
  private var held: HeldFrames?
  private var holding = false

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Sends one message; `false` when the other end is gone.
  @discardableResult
  public func send<Message: KernelMessage>(_ message: Message) -> Bool {
    self.send([message])
  }

  /// Sends `messages` in one write, so that the other end's reader wakes once for them all.
  @discardableResult
  public func send<Message: KernelMessage>(_ messages: [Message]) -> Bool {
    let frames = messages.count == 1 ? KernelFrame.encode(messages[0]) : messages.flatMap { KernelFrame.encode($0) }
    return self.writeLock.withLock { self.sendForwardedOutput() && self.write(frames) }
  }

  /// Sends the lines read from `descriptor` (the reading end of this process's standard output)
  /// as messages made by `message`: each time the channel sends a message, what was printed
  /// before it goes first, and, on a thread of its own, whatever is printed while nothing is
  /// sent. A line a reducer prints thus reaches the other end in its place among the messages,
  /// which a second descriptor read by another thread there couldn't promise.
  public func forwardStandardOutput(from descriptor: Int32, as message: @escaping @Sendable (String) -> [UInt8]) {
    let forwarded = ForwardedOutput(descriptor: descriptor, message: message)
    self.writeLock.withLock { self.forwarded = forwarded }
    BlockingThread.start(name: "tcaplay.kernel-stdout") { [self] in
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      while !forwarded.isAtEnd {
        if poll(&ready, 1, -1) < 0, errno != EINTR { break }
        guard self.writeLock.withLock({ self.sendForwardedOutput() }) else { break }
      }
    }
  }

  /// Sends the forwarded output's whole lines read so far (holding ``writeLock``).
  private func sendForwardedOutput() -> Bool {
    guard let forwarded = self.forwarded else { return true }
    return forwarded.readLines().allSatisfy { self.write($0) }
  }

  /// Whether messages are held back until ``sendHeld()`` (or until they don't fit), in order
  /// with the standard output forwarded between them. A trap still sends them
  /// (``HeldFrames/sendAfterCrash()``).
  public var isHolding: Bool {
    get { self.writeLock.withLock { self.holding } }
    set {
      self.writeLock.withLock {
        if newValue, self.held == nil { self.held = HeldFrames(descriptor: self.descriptor) }
        self.holding = newValue
      }
    }
  }

  /// Sends the messages held back, in one write.
  @discardableResult
  public func sendHeld() -> Bool {
    self.writeLock.withLock { self.held?.send() ?? true }
  }

  /// Writes all of `frame`, or holds it back (holding ``writeLock``).
  private func write(_ frame: [UInt8]) -> Bool {
    if self.holding, let held = self.held {
      if held.append(frame) { return true }
      guard held.send() else { return false }
      if held.append(frame) { return true }
    }
    return frame.withUnsafeBytes(self.write(bytes:))
  }

  private func write(bytes buffer: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < buffer.count {
      let written = Glibc.send(self.descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Reads messages on a thread of its own until the other end closes (or sends garbage), then
  /// calls `ended`.
  public func startReading<Message: KernelMessage>(
    _ type: Message.Type, name: String, received: @escaping @Sendable (Message) -> Void,
    ended: @escaping @Sendable () -> Void
  ) {
    let descriptor = self.descriptor
    BlockingThread.start(name: name) {
      var decoder = KernelFrame.Decoder()
      var buffer = [UInt8](repeating: 0, count: 65536)
      reading: while true {
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        decoder.append(buffer[0..<count])
        do {
          while let message = try decoder.next(type) { received(message) }
        } catch {
          break reading
        }
      }
      ended()
    }
  }

  public func close() {
    _ = shutdown(self.descriptor, Int32(SHUT_RDWR))
    _ = Glibc.close(self.descriptor)
  }
}

/// The reading end of a process's own standard output, read without waiting: the lines printed
/// so far, as messages (used under ``KernelChannel``'s write lock only).
private final class ForwardedOutput: @unchecked Sendable {
  let descriptor: Int32
  let message: @Sendable (String) -> [UInt8]
  private var partial: [UInt8] = []
  private let ended = Lock()
  private var endedValue = false

  init(descriptor: Int32, message: @escaping @Sendable (String) -> [UInt8]) {
    self.descriptor = descriptor
    self.message = message
  }

  /// Whether the writing end was closed (everything read).
  var isAtEnd: Bool { self.ended.withLock { self.endedValue } }

  /// The messages of the whole lines that can be read now.
  func readLines() -> [[UInt8]] {
    var messages: [[UInt8]] = []
    var buffer = [UInt8](repeating: 0, count: 16384)
    var ready = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
    while !self.isAtEnd, poll(&ready, 1, 0) > 0 {
      let count = Glibc.read(self.descriptor, &buffer, buffer.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        self.ended.withLock { self.endedValue = true }
        if !self.partial.isEmpty { messages.append(self.message(String(decoding: self.partial, as: UTF8.self))) }
        self.partial = []
        break
      }
      self.partial += buffer[..<count]
      var start = self.partial.startIndex
      while let newline = self.partial[start...].firstIndex(of: UInt8(ascii: "\n")) {
        messages.append(self.message(String(decoding: self.partial[start..<newline], as: UTF8.self)))
        start = newline + 1
      }
      self.partial.removeSubrange(..<start)
    }
    return messages
  }
}
