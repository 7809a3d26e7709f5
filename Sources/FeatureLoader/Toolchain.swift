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

  /// Runs `swiftc` with arguments and returns its exit status and everything it printed
  /// (standard output and standard error, interleaved as printed).
  func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = self.swiftc
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
