import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The loader's warm compiles in a process of their own (`tcaplay-kernel compile-server`): the
/// ``WarmCompiler`` there, spoken to over a socket on the server's standard input and output.
///
/// Why not in the kernel: every feature library the kernel opens brings Swift conformance
/// records, and the Swift runtime then empties its whole conformance cache. The compiler's own
/// Swift code (its SIL passes, macro expansion) casts a lot, and after each `:reload` it looked
/// those casts up again by scanning every record in the process. Measured in a release kernel: a
/// compile right after a library was opened took 148–151 ms, the same compile once more without
/// one in between 120–122 ms. The server opens no feature library, so its cache stays warm. It
/// also keeps the compiler's memory (about 170 MB) and LLVM's signal handlers out of the kernel,
/// and a crash in the compiler ends the server, not the session.
///
/// ```swift
/// // tcaplay-kernel compile-server --library …/libsourcekitdInProc.so
/// CompileServer.serve(library: library)
/// ```
///
/// The kernel's side is ``CompileServerConnection``.
public enum CompileServer {
  /// One compile: what ``WarmCompiler/compile(driverArguments:inputs:moduleName:object:)`` takes.
  struct Request: Codable, Sendable, Equatable {
    var driverArguments: [String]
    var inputs: [String]
    var moduleName: String
    var object: String
  }

  /// Opens `library`'s warm compiler and answers each request read from `input` with its
  /// ``WarmCompiler/Outcome`` on `output`, one at a time, until `input` ends (the kernel closed
  /// its end or died).
  public static func serve(library: URL, input: Int32 = 0, output: Int32 = 1) {
    let compiler = Result { () throws(WarmCompiler.Unavailable) in try WarmCompiler.shared(library: library) }
    while let frame = Frames.read(from: input) {
      let outcome: WarmCompiler.Outcome
      switch (compiler, try? JSONDecoder().decode(Request.self, from: frame)) {
      case (.success(let compiler), .some(let request)):
        outcome = compiler.compile(
          driverArguments: request.driverArguments, inputs: request.inputs, moduleName: request.moduleName,
          object: request.object
        )
      case (.failure(let unavailable), _):
        outcome = .requestFailed(unavailable.reason)
      case (.success, .none):
        outcome = .requestFailed("the compile server could not read the request")
      }
      guard let reply = try? JSONEncoder().encode(outcome), Frames.write(reply, to: output) else { return }
      // While the kernel links and opens the library, not at the start of the next compile.
      if case .success(let compiler) = compiler { compiler.releaseLastCompile() }
    }
  }

  /// Messages on a stream: each a 4-byte little-endian length and that many bytes.
  enum Frames {
    /// The next message, or `nil` when the stream ended (or failed) before a whole one.
    static func read(from descriptor: Int32) -> Data? {
      guard let header = self.read(count: 4, from: descriptor) else { return nil }
      let length = header.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
      return self.read(count: length, from: descriptor)
    }

    /// Writes `message` whole; `false` when the other end is gone. Never raises SIGPIPE on a
    /// socket.
    static func write(_ message: Data, to descriptor: Int32) -> Bool {
      var bytes = withUnsafeBytes(of: UInt32(message.count).littleEndian) { Data($0) }
      bytes.append(message)
      return bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let pointer = buffer.baseAddress! + offset
          var written = send(descriptor, pointer, buffer.count - offset, Int32(MSG_NOSIGNAL))
          if written < 0, errno == ENOTSOCK { written = Glibc.write(descriptor, pointer, buffer.count - offset) }
          if written < 0, errno == EINTR { continue }
          guard written > 0 else { return false }
          offset += written
        }
        return true
      }
    }

    private static func read(count: Int, from descriptor: Int32) -> Data? {
      var data = Data(count: count)
      var offset = 0
      let complete = data.withUnsafeMutableBytes { buffer in
        while offset < count {
          let got = Glibc.read(descriptor, buffer.baseAddress! + offset, count - offset)
          if got < 0, errno == EINTR { continue }
          guard got > 0 else { return false }
          offset += got
        }
        return true
      }
      return complete ? data : nil
    }
  }
}
