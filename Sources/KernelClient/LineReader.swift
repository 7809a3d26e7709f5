import FoundationEssentials
import KernelProtocol
#if canImport(Glibc)
  import Glibc
#endif

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
