import Foundation

/// The Swift compiler the loader builds feature files with: `swiftc`, found on `PATH`.
public struct Toolchain: Sendable, Equatable {
  /// The `swiftc` executable.
  public var swiftc: URL

  public init(swiftc: URL) {
    self.swiftc = swiftc
  }

  /// The first executable `swiftc` on a search path (by default the process's `PATH`), or `nil`.
  public static func find(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> Toolchain? {
    for directory in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return Toolchain(swiftc: candidate)
      }
    }
    return nil
  }

  /// Whether the toolchain ships the FoundationNetworking module (Linux: `URLSession` is there).
  var hasFoundationNetworking: Bool {
    let library = self.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lib/swift/linux/FoundationNetworking.swiftmodule")
    return FileManager.default.fileExists(atPath: library.path)
  }

  /// Runs `swiftc` with arguments and returns its exit status and everything it printed
  /// (standard output and standard error, interleaved as printed).
  ///
  /// The output goes to a file (`outputFile`, created or emptied), and the caller waits for the
  /// process without holding a thread: the main actor stays free while the compiler runs.
  func run(_ arguments: [String], outputFile: URL) async throws -> (status: Int32, output: String) {
    guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputFile.path])
    }
    let output = try FileHandle(forWritingTo: outputFile)
    let process = Process()
    // At a lower CPU priority (`nice`, where there is one): on a busy machine the session's own
    // work — effects that have a second to deliver, the prompt — goes first; alone, the compiler
    // runs as fast.
    let nice = URL(fileURLWithPath: "/usr/bin/nice")
    if FileManager.default.isExecutableFile(atPath: nice.path) {
      process.executableURL = nice
      process.arguments = ["-n", "10", self.swiftc.path] + arguments
    } else {
      process.executableURL = self.swiftc
      process.arguments = arguments
    }
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
      process.terminationHandler = { process in continuation.resume(returning: process.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    try? output.close()
    let data = (try? Data(contentsOf: outputFile)) ?? Data()
    return (status, String(decoding: data, as: UTF8.self))
  }
}
