import Foundation

/// The `tcaplay` binary `swift build` put next to the test bundle (`.build/debug/tcaplay`), with
/// the kernel it starts beside it (`tcaplay-kernel` or `tcaplay-kernel-tool`, the newer); the
/// test target depends on both executables, so `swift test` builds them.
enum Binary {
  static var tcaplay: String {
    if let path = ProcessInfo.processInfo.environment["TCAPLAY_BINARY"] { return path }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    // Test bundles may sit in a subdirectory of the build folder.
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("tcaplay").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    return executable.deletingLastPathComponent().appendingPathComponent("tcaplay").path
  }

  /// A clean environment for the binary: a temporary home, no colour preference inherited, no
  /// user inputrc.
  static func environment(history: String?, extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": FileManager.default.temporaryDirectory.path,
      "TERM": "xterm-256color",
      "LANG": "C.UTF-8",
      "INPUTRC": "/dev/null",
      "TCAPLAY_HISTORY": history ?? "",
      "TCAPLAY_JOURNAL": "",
    ]
    environment.merge(extra) { $1 }
    return environment
  }

  /// `tcaplay` with `arguments` on a new pseudo-terminal, waited for until its first prompt
  /// (longer with `--load`, which compiles first).
  static func terminal(_ arguments: [String], history: String? = nil, promptTimeout: TimeInterval = 30) async throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(executable: self.tcaplay, arguments: arguments, environment: self.environment(history: history))
    try await terminal.expect("tca> ", timeout: promptTimeout)
    return terminal
  }

  /// A fresh temporary file path.
  static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("tcaplay-tests-\(UUID().uuidString)-\(name)").path
  }

  struct Result: Sendable {
    var output: String
    var error: String
    var status: Int32
  }

  /// Runs `tcaplay` with `input` piped to it.
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String]? = nil, lowPriority: Bool = false
  ) async throws -> Result {
    try await self.run(arguments, inputBytes: Array(input.utf8), environment: environment, lowPriority: lowPriority)
  }

  /// Runs `tcaplay` with `inputBytes` (which need not be UTF-8) piped to it, waiting off the
  /// concurrency pool.
  static func run(
    _ arguments: [String], inputBytes: [UInt8], environment: [String: String]? = nil, lowPriority: Bool = false
  ) async throws -> Result {
    try await offPool {
      try self.runBlocking(arguments, inputBytes: inputBytes, environment: environment, lowPriority: lowPriority)
    }
  }

  /// Runs `tcaplay` on the calling thread, for callers that have a thread of their own.
  static func runBlocking(
    _ arguments: [String], inputBytes: [UInt8] = [], environment: [String: String]? = nil,
    directory: String? = nil, lowPriority: Bool = false
  ) throws -> Result {
    let process = Process()
    if lowPriority {
      // Many compiles in a row (the corpus) run at the lowest CPU priority, so that the tests
      // running beside them in this process, which wait on effects for a second at most, aren't
      // starved on a 2-core machine.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
      process.arguments = ["-n", "19", Self.tcaplay] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: Self.tcaplay)
      process.arguments = arguments
    }
    process.environment = environment ?? Self.environment(history: nil)
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Write on another thread: a big input and a big output would otherwise wait on each other.
    let writer = Thread {
      stdin.fileHandleForWriting.write(Data(inputBytes))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    nonisolated(unsafe) var error = Data()
    let errorReader = Thread { error = stderr.fileHandleForReading.readDataToEndOfFile() }
    errorReader.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    while !errorReader.isFinished || !writer.isFinished { usleep(1_000) }
    process.waitUntilExit()
    return Result(
      output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self),
      status: process.terminationStatus
    )
  }
}
