import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

/// One end of the socket between the front end and its kernel: whole messages out (from any
/// thread), and a thread reading messages in.
public final class KernelChannel: @unchecked Sendable {
  /// The descriptor a kernel inherits its end of the socket on.
  public static let kernelDescriptor: Int32 = 3

  public let descriptor: Int32
  private let writeLock = Lock()

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Sends one message; `false` when the other end is gone.
  @discardableResult
  public func send<Message: Encodable>(_ message: Message) -> Bool {
    let frame = KernelFrame.encode(message)
    return self.writeLock.withLock {
      frame.withUnsafeBytes { buffer in
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
    }
  }

  /// Reads messages on a thread of its own until the other end closes (or sends garbage), then
  /// calls `ended`.
  public func startReading<Message: Decodable & Sendable>(
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
        decoder.append(Data(buffer[0..<count]))
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

/// Reads a descriptor (a kernel's standard output or error) line by line on a thread of its own.
enum LineReader {
  static func start(descriptor: Int32, name: String, line: @escaping @Sendable (String) -> Void, ended: @escaping @Sendable () -> Void) {
    BlockingThread.start(name: name) {
      var pending = Data()
      var buffer = [UInt8](repeating: 0, count: 16384)
      while true {
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        pending.append(contentsOf: buffer[0..<count])
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          line(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
          pending.removeSubrange(pending.startIndex...newline)
        }
      }
      if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
      _ = Glibc.close(descriptor)
      ended()
    }
  }
}
