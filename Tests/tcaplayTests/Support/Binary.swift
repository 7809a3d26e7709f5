import Foundation
import Synchronization
import TestSupport

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

  /// The kernel `tcaplay` starts: of `tcaplay-kernel` and `tcaplay-kernel-tool` beside it, the
  /// newer.
  static var kernel: String {
    let directory = URL(fileURLWithPath: self.tcaplay).resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = ["tcaplay-kernel", "tcaplay-kernel-tool"].map { directory.appendingPathComponent($0).path }
    func modified(_ path: String) -> Date {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
    return candidates.filter { FileManager.default.isExecutableFile(atPath: $0) }.max { modified($0) < modified($1) }
      ?? candidates[0]
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

  /// How a test starts `executable` with `arguments`: in a scheduling group of its own at a
  /// lower CPU priority than this process (`niceness` 10; 19 for long runs of compiles).
  ///
  /// A test run starts hundreds of `tcaplay`s, and each starts a kernel, the compiler, the macro
  /// plugins, the linker and, when it traps, the crash reporter (2 s of CPU a report in a debug
  /// build, and it resets its own niceness). They kept both cores busy for a minute, and the TCA
  /// tests beside them in this process, which wait one second for an effect (`receive`), timed
  /// out when the main actor's thread got a tenth of a core. Linux shares the CPU between
  /// scheduling groups (autogroups: one a session) before it looks at niceness, so the child
  /// starts a session (`setsid`, which a terminal's child has done already) and lowers its
  /// group's priority (`/proc/self/autogroup`) before it runs `executable` through `nice`;
  /// everything it starts stays in that group. They take what this process leaves, and have
  /// 30 s to answer.
  static func launch(
    _ executable: String, _ arguments: [String], niceness: Int = 10, newSession: Bool = true
  ) -> (executable: String, arguments: [String]) {
    let lowered = [
      "/bin/sh", "-c",
      // Only a session's leader: any other process's group is this process's.
      #"read -r p _ _ _ _ s _ < /proc/self/stat; [ "$p" = "$s" ] && { echo "$0" > /proc/self/autogroup; } 2>/dev/null; exec /usr/bin/nice -n "$0" "$@""#,
      "\(niceness)", executable,
    ] + arguments
    // `--wait`: the status is the program's even if `setsid` has to fork (a group leader can't
    // start a session).
    return newSession ? ("/usr/bin/setsid", ["--wait"] + lowered) : (lowered[0], Array(lowered.dropFirst()))
  }

  /// A fresh temporary file path.
  static func temporaryPath(_ name: String) -> String {
    TestScratch.path(name).path
  }

  struct Result: Sendable {
    var output: String
    var error: String
    var status: Int32
  }

  /// Runs `executable` (`tcaplay`) with `input` piped to it.
  static func run(
    _ arguments: [String], input: String = "", executable: String = Self.tcaplay,
    environment: [String: String]? = nil, lowPriority: Bool = false
  ) async throws -> Result {
    try await self.run(
      arguments, inputBytes: Array(input.utf8), executable: executable, environment: environment, lowPriority: lowPriority
    )
  }

  /// Runs `executable` (`tcaplay`) with `inputBytes` (which need not be UTF-8) piped to it,
  /// waiting off the concurrency pool.
  static func run(
    _ arguments: [String], inputBytes: [UInt8], executable: String = Self.tcaplay,
    environment: [String: String]? = nil, lowPriority: Bool = false
  ) async throws -> Result {
    try await offPool {
      try self.runBlocking(
        arguments, inputBytes: inputBytes, executable: executable, environment: environment, lowPriority: lowPriority
      )
    }
  }

  /// A started child: its process, the writing end of its input, the reading ends of its output
  /// and (unless discarded) its error output.
  struct Child {
    var executable: String
    var process: Process
    var input: FileHandle
    var output: FileHandle
    var error: FileHandle?

    /// Starts the clock on the child: if it hasn't ended `seconds` from now, what is left of it
    /// (see ``Leftovers``) is ended and ``Deadline/finish(output:)`` throws ``Hung``.
    func deadline(_ arguments: [String], seconds: Double = Binary.deadline) -> Deadline {
      Deadline(
        command: ([self.executable] + arguments).joined(separator: " "), seconds: seconds,
        process: self.process.processIdentifier, output: self.output
      )
    }
  }

  /// Starts `executable` (`tcaplay`) with pipes for its input, output and error output (or its
  /// errors discarded), through ``launch(_:_:niceness:newSession:)``.
  static func start(
    _ arguments: [String], executable: String = Self.tcaplay, environment: [String: String]? = nil,
    directory: String? = nil, niceness: Int = 10, discardingErrors: Bool = false
  ) throws -> Child {
    let process = Process()
    let launch = Self.launch(executable, arguments, niceness: niceness)
    process.executableURL = URL(fileURLWithPath: launch.executable)
    process.arguments = launch.arguments
    process.environment = environment ?? Self.environment(history: nil)
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdin = try ChildPipe()
    let stdout = try ChildPipe()
    let stderr = discardingErrors ? nil : try ChildPipe()
    process.standardInput = stdin.fileHandleForReading
    process.standardOutput = stdout.fileHandleForWriting
    process.standardError = stderr?.fileHandleForWriting ?? FileHandle.nullDevice
    try process.run()
    // The child has its own copies now.
    try stdin.fileHandleForReading.close()
    try stdout.fileHandleForWriting.close()
    try stderr?.fileHandleForWriting.close()
    return Child(
      executable: executable, process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading,
      error: stderr?.fileHandleForReading
    )
  }

  /// Runs `executable` (`tcaplay`) on the calling thread, for callers that have a thread of
  /// their own.
  static func runBlocking(
    _ arguments: [String], inputBytes: [UInt8] = [], executable: String = Self.tcaplay,
    environment: [String: String]? = nil, directory: String? = nil, lowPriority: Bool = false,
    deadline seconds: Double = Self.deadline
  ) throws -> Result {
    // Many compiles in a row (the corpus) run at the lowest priority.
    let child = try self.start(
      arguments, executable: executable, environment: environment, directory: directory,
      niceness: lowPriority ? 19 : 10
    )
    let (process, stdin, stdout) = (child.process, child.input, child.output)
    // Write on another thread: a big input and a big output would otherwise wait on each other.
    let writer = Thread {
      stdin.write(Data(inputBytes))
      try? stdin.close()
    }
    writer.start()
    // Behind a lock, not a shared variable: the reader thread's write and this thread's read
    // (after `isFinished`) were once reported as an overlapping access.
    let error = Mutex(Data())
    let errorReader = Thread {
      let data = child.error?.readDataToEndOfFile() ?? Data()
      error.withLock { $0 = data }
    }
    errorReader.start()
    let deadline = child.deadline(arguments, seconds: seconds)
    let output = stdout.readDataToEndOfFile()
    while !errorReader.isFinished || !writer.isFinished { usleep(1_000) }
    process.waitUntilExit()
    try deadline.finish(output: output)
    return Result(
      output: String(decoding: output, as: UTF8.self), error: error.withLock { String(decoding: $0, as: UTF8.self) },
      status: process.terminationStatus
    )
  }
}

/// A pipe for a child's standard input, output or error whose descriptors close on exec.
///
/// Foundation's `Pipe` leaves its descriptors inheritable, so a process another test starts at
/// the same moment without a list of descriptors to close (SourceKit's macro plugins, which then
/// live on) keeps a copy of the writing end, and the child waits for the end of its input
/// forever. `Process` duplicates the child's end onto 0, 1 or 2, which drops the mark there.
struct ChildPipe {
  let fileHandleForReading: FileHandle
  let fileHandleForWriting: FileHandle

  init() throws {
    var ends: [Int32] = [0, 0]
    // Made closing on exec, with no instant between the pipe and the flag in which a process
    // another test starts could inherit an end (red CIs at 3e1c65a and 40f51a9: the server's
    // input never ended, with `pipe` then `fcntl`).
    guard pipeClosingOnExec(&ends, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
    self.fileHandleForReading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    self.fileHandleForWriting = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
  }
}

/// `pipe2`, which Glibc's Swift module doesn't declare.
@_silgen_name("pipe2")
private func pipeClosingOnExec(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
