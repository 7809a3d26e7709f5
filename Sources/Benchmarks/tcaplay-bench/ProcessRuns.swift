import FeatureLoader
import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// Runs whole processes for the program figures: piped, or on a pseudo-terminal as a person
/// starts `tcaplay`, and builds the trivial Swift binary that start-up is measured against.
enum ProcessRuns {
  /// The environment every timed process gets: no history file, no journal.
  static let environment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["TCAPLAY_HISTORY"] = ""
    environment["TCAPLAY_JOURNAL"] = ""
    return environment
  }()

  /// This run's scratch folder (`tcaplay-bench-PID` in the temporary folder): the trivial
  /// baselines and the loader's feature file are written there; removed when the bench exits.
  static let scratchDirectory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: ProcessRuns.scratchDirectory) }
    return url
  }()

  /// `tcaplay` beside this benchmark, `nil` unless it and `tcaplay-kernel` (which it starts, and
  /// hands everything but the REPL to) are both built there.
  static let tcaplay: String? = {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binaries = ["tcaplay", "tcaplay-kernel"].map { directory.appendingPathComponent($0).path }
    return binaries.allSatisfy(FileManager.default.isExecutableFile(atPath:)) ? binaries[0] : nil
  }()

  /// Runs `executable` with `input` on standard input (output discarded) and waits for it to
  /// exit. Spawned directly, as the terminal runs are, so that both kinds of figure pay the same
  /// for starting a process (Foundation's `Process` adds a few milliseconds of its own).
  /// With `inProcess`, `tcaplay` runs its session in its own process (`TCAPLAY_KERNEL=inprocess`)
  /// rather than in a kernel.
  static func piped(_ executable: String, _ arguments: [String], input: String = "", inProcess: Bool = false) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var pid: pid_t = 0
    let spawned = Self.spawn(
      &pid, executable, arguments, actions: &actions, attributes: nil,
      environment: inProcess ? ["TCAPLAY_KERNEL": "inprocess"] : [:]
    )
    close(pipeEnds[0])
    if spawned { _ = Self.writeAll(Array(input.utf8), to: pipeEnds[1]) }
    close(pipeEnds[1])
    if spawned {
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
  }

  /// Writes all of `bytes` to `descriptor`; `false` if the reader went away first.
  fileprivate static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { return false }
      offset += count
    }
    return true
  }

  /// `posix_spawn` with ``environment`` and C strings made from `arguments`.
  fileprivate static func spawn(
    _ pid: inout pid_t, _ executable: String, _ arguments: [String],
    actions: inout posix_spawn_file_actions_t, attributes: UnsafePointer<posix_spawnattr_t>?,
    environment extra: [String: String] = [:]
  ) -> Bool {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = Self.environment.merging(extra) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    return posix_spawn(&pid, executable, &actions, attributes, argv, envp) == 0
  }

  /// Starts `executable` on a new pseudo-terminal, waits until it prints `prompt`, types
  /// `keys`, and waits for it to exit (`false` if the prompt never came within 10 s).
  @discardableResult
  static func onTerminal(_ executable: String, _ arguments: [String], prompt: String, keys: String) -> Bool {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { return false }
    defer { close(master) }
    var locked: Int32 = 0
    var number: UInt32 = 0
    // TIOCSPTLCK and TIOCGPTN (Glibc's module doesn't export unlockpt/ptsname).
    guard ioctl(master, UInt(0x4004_5431), &locked) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
      return false
    }
    var size = winsize(ws_row: 50, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID: the pty becomes its terminal
    var pid: pid_t = 0
    guard Self.spawn(&pid, executable, arguments, actions: &actions, attributes: &attributes) else { return false }
    var seen = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let promptBytes = Array(prompt.utf8)
    let deadline = Date().addingTimeInterval(10)
    var sawPrompt = false
    while Date() < deadline {
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { break }
      seen += buffer[..<count]
      if seen.count >= promptBytes.count, seen.containsBytes(promptBytes) {
        sawPrompt = true
        break
      }
    }
    _ = Self.writeAll(Array(keys.utf8), to: master)
    // Drain until the terminal closes, so the program never blocks writing, then reap it.
    while read(master, &buffer, buffer.count) > 0 {}
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    return sawPrompt
  }

  /// Builds the smallest Swift program (it exits at once) with the toolchain's `swiftc`, `-O`,
  /// the baseline start-up is measured against; `nil` without a toolchain. With `importing`, the
  /// same program importing that module and touching one of its types, so that its libraries
  /// load (`Foundation`: what a command-line tool on Foundation pays to start).
  static func trivialBinary(importing module: String? = nil, touching type: String = "") -> String? {
    guard let swiftc = Toolchain.find()?.swiftc else { return nil }
    let name = "trivial" + (module.map { "-" + $0 } ?? "")
    let directory = Self.scratchDirectory.appendingPathComponent(name)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let source = directory.appendingPathComponent("main.swift")
    let binary = directory.appendingPathComponent(name).path
    let program = (module.map { "import \($0)\nlet type: Any.Type = \(type).self\n" } ?? "") + "let arguments = CommandLine.arguments.count\n"
    guard (try? program.write(to: source, atomically: true, encoding: .utf8)) != nil else { return nil }
    let process = Process()
    process.executableURL = swiftc
    process.arguments = ["-O", source.path, "-o", binary]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? binary : nil
  }
}

extension Array where Element == UInt8 {
  fileprivate func containsBytes(_ needle: [UInt8]) -> Bool {
    guard needle.count <= self.count else { return false }
    for start in 0...(self.count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }
}

/// A `tcaplay` process kept running on pipes, for figures of work inside one session (loading
/// and reloading a feature file): each step writes lines and waits until the session has
/// answered a sentinel typed after them.
final class PipedSession {
  private let pid: pid_t
  private let input: Int32
  private let output: Int32
  private var sentinels = 0
  private var pending = [UInt8]()

  init?(_ executable: String, environment extra: [String: String] = [:]) {
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
    for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
    var pid: pid_t = 0
    let spawned = ProcessRuns.spawn(&pid, executable, [], actions: &actions, attributes: nil, environment: extra)
    close(toChild[0])
    close(fromChild[1])
    guard spawned else {
      close(toChild[1])
      close(fromChild[0])
      return nil
    }
    self.pid = pid
    // Kept at high descriptors, close-on-exec: a descriptor closed twice elsewhere in the bench
    // (after a child exits, on a dispatch thread) once took a session's input with it, and the
    // session then waited for a line forever. Low numbers are the ones reused.
    self.input = Self.movedUp(toChild[1])
    self.output = Self.movedUp(fromChild[0])
  }

  /// `descriptor` moved to a free descriptor ≥ 200, close-on-exec (itself if that fails).
  private static func movedUp(_ descriptor: Int32) -> Int32 {
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 200)
    guard moved >= 0 else { return descriptor }
    close(descriptor)
    return moved
  }

  deinit {
    close(self.input)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(self.output, &buffer, buffer.count) > 0 {}
    close(self.output)
    var status: Int32 = 0
    _ = waitpid(self.pid, &status, 0)
  }

  /// The first line of `output` that reports an error, if any: a session that errs at once
  /// (a kernel without the lessons' glue, a copy away from its modules) would time as a fast one.
  static func errorLine(in output: String) -> Substring? {
    output.split(separator: "\n").first { $0.contains("error") }
  }

  /// Types `lines`, then waits until the session has run them; returns what they printed.
  @discardableResult
  func run(_ lines: [String]) -> String {
    self.sentinels += 1
    let sentinel = "\"tcaplay-bench-\(self.sentinels)\""
    guard ProcessRuns.writeAll(Array(((lines + [sentinel]).joined(separator: "\n") + "\n").utf8), to: self.input) else {
      return ""
    }
    let marker = Array((sentinel + "\n").utf8)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !self.pending.containsBytes(marker) {
      let count = read(self.output, &buffer, buffer.count)
      if count <= 0 { break }
      self.pending += buffer[..<count]
    }
    defer { self.pending.removeAll() }
    return String(decoding: self.pending, as: UTF8.self)
  }
}
