import KernelProtocol
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

/// A running kernel (`tcaplay kernel`): the process, its socket, and the threads that read its
/// messages, standard output and standard error.
///
/// Every request but `interrupt` is answered once, in order; when the kernel dies, the answers
/// still owed are `nil`, and ``exit`` says how it died.
final class KernelProcess: @unchecked Sendable {
  let pid: pid_t
  private let channel: KernelChannel
  private let reportPath: String
  private let console: any Console
  private let standardOutput: any Console
  private let lock = Lock()
  private var answers: [@Sendable (KernelEvent?) -> Void] = []
  private var crashLines: [String] = []
  private var isShuttingDown = false
  private var standardOutputMuted = false
  private var exitValue: KernelExit?
  private let outputs = DispatchGroup()
  /// Signalled once ``exit`` is known.
  private let exited = DispatchSemaphore(value: 0)
  /// Called once the kernel has died and everything it printed was read, with whether a
  /// request was waiting for an answer (`false`: it died while idle, an effect's trap).
  private let died: @Sendable (_ hadRequests: Bool) -> Void

  /// How the kernel ended, once it has.
  var exit: KernelExit? { self.lock.withLock { self.exitValue } }

  /// Starts `executable kernel OPTIONS` (``KernelOptions``) with the socket on descriptor 3, standard
  /// input from /dev/null, and standard output and error read here: what the session prints
  /// goes to `console`, the kernel's standard output to `standardOutput`, its errors to this
  /// process's standard error, except a trap's message and the runtime's crash lines, kept for
  /// the report. `ready` gets the kernel's first message (`ready`), or `nil` if it died setting
  /// up.
  init(
    executable: String, configuration: KernelConfiguration, console: any Console, standardOutput: any Console,
    ready: @escaping @Sendable (KernelEvent?) -> Void, died: @escaping @Sendable (_ hadRequests: Bool) -> Void
  ) throws(KernelStartError) {
    self.console = console
    self.standardOutput = standardOutput
    self.died = died
    // The kernel's first answer says its set-up is done.
    self.answers = [ready]
    self.reportPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcaplay-kernel-\(getpid())-\(UUID().uuidString.prefix(8)).json").path
    var sockets: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0,
      pipe(&output) == 0, pipe(&errors) == 0
    else { throw KernelStartError(reason: String(cString: strerror(errno))) }
    // Not inherited by anything else this process starts (the child gets its copies by dup2).
    for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    defer {
      for descriptor in [sockets[1], output[1], errors[1]] { _ = Glibc.close(descriptor) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    posix_spawn_file_actions_adddup2(&actions, sockets[1], KernelChannel.kernelDescriptor)
    // The kernel reads its own standard output and sends it through the socket, in order with
    // its messages; this process reads what is left there once the kernel has ended.
    posix_spawn_file_actions_adddup2(&actions, output[0], KernelChannel.kernelOutputDescriptor)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A process group of its own: Ctrl-C at the terminal reaches the front end only, which
    // turns it into an `interrupt` request.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGPIPE, SIGWINCH, SIGTERM] { sigaddset(&defaults, signal) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let arguments = [executable, "kernel"] + KernelOptions.arguments(for: configuration)
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no,format=json,output-to=\(self.reportPath)"
    // The socket of a terminal lent to this process is this process's.
    environment[LentLineEditor.environmentKey] = nil
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard status == 0 else {
      for descriptor in [sockets[0], output[0], errors[0]] { _ = Glibc.close(descriptor) }
      throw KernelStartError(reason: String(cString: strerror(status)))
    }
    self.pid = pid
    self.channel = KernelChannel(descriptor: sockets[0])
    self.startReading(output: output[0], errors: errors[0])
  }

  private func startReading(output: Int32, errors: Int32) {
    self.outputs.enter()
    LineReader.start(descriptor: errors, name: "tcaplay.kernel-errors") { [self] line in
      // From a trap's message on, everything is the crash's: kept for the report.
      let isCrash: Bool = self.lock.withLock {
        if !self.crashLines.isEmpty || CrashReport.startsCrash(line) {
          self.crashLines.append(line)
          return true
        }
        return false
      }
      if !isCrash { StandardStreams.writeError(line + "\n") }
    } ended: { [outputs] in outputs.leave() }
    self.channel.startReading(KernelEvent.self, name: "tcaplay.kernel-messages") { [self] event in
      switch event {
      case let .output(text):
        self.console.write(text)
        return
      case let .standardOutput(line):
        self.writeStandardOutput(line)
        return
      default:
        break
      }
      let answer: (@Sendable (KernelEvent?) -> Void)? = self.lock.withLock {
        self.answers.isEmpty ? nil : self.answers.removeFirst()
      }
      answer?(event)
    } ended: { [self] in
      // What the kernel printed and didn't send before it ended (a `print` just before a trap).
      self.outputs.enter()
      LineReader.start(descriptor: output, name: "tcaplay.kernel-output") { [self] line in
        self.writeStandardOutput(line)
      } ended: { [outputs] in outputs.leave() }
      self.ended()
    }
  }

  private func writeStandardOutput(_ line: String) {
    if !self.lock.withLock({ self.standardOutputMuted }) { self.standardOutput.write(.line(line)) }
  }

  private func ended() {
    _ = self.outputs.wait(timeout: .now() + 10)
    var status: Int32 = 0
    while waitpid(self.pid, &status, 0) < 0, errno == EINTR {}
    let (waiting, shuttingDown): ([@Sendable (KernelEvent?) -> Void], Bool) = self.lock.withLock {
      let signal = status & 0x7F
      self.exitValue = KernelExit(
        signal: signal != 0 ? signal : nil, status: (status >> 8) & 0xFF, crashLines: self.crashLines,
        report: CrashReport.read(reportAt: self.reportPath)
      )
      defer { self.answers = [] }
      return (self.answers, self.isShuttingDown)
    }
    if ProcessInfo.processInfo.environment["TCAPLAY_KEEP_CRASH_REPORT"] == nil { try? FileManager.default.removeItem(atPath: self.reportPath) }
    self.channel.close()
    // The libraries the kernel compiled (kept for its crash report).
    try? FileManager.default.removeItem(atPath: FeatureWorkFolder.path(ofProcess: self.pid))
    // Signalled once the kernel's files are gone: `shutdown()` waits for it, and the front end
    // may exit as soon as it returns (it left the kernel's folder behind when it signalled
    // first).
    self.exited.signal()
    for answer in waiting { answer(nil) }
    if !shuttingDown { self.died(!waiting.isEmpty) }
  }

  // MARK: - Requests

  /// Sends `request`; `answer` gets the kernel's answer, or `nil` if it died first.
  func send(_ request: KernelRequest, answer: @escaping @Sendable (KernelEvent?) -> Void) {
    self.send([(request, answer)])
  }

  /// Sends `requests` in one write, each with its `answer`.
  func send(_ requests: [(request: KernelRequest, answer: @Sendable (KernelEvent?) -> Void)]) {
    guard !requests.isEmpty else { return }
    let sent: Bool = self.lock.withLock {
      guard self.exitValue == nil else { return false }
      self.answers += requests.map(\.answer)
      return true
    }
    guard sent else { return requests.forEach { $0.answer(nil) } }
    // If the kernel is gone, the reader thread answers `nil` when it sees the end.
    self.channel.send(requests.map(\.request))
  }

  /// Sends `request` and waits for the answer, on the caller's actor.
  func ask(_ request: KernelRequest, isolation: isolated (any Actor)? = #isolation) async -> KernelEvent? {
    await withCheckedContinuation(isolation: isolation) { continuation in
      self.send(request) { continuation.resume(returning: $0) }
    }
  }

  /// Ctrl-C: the kernel cancels what runs; no answer.
  func interrupt() {
    self.channel.send(KernelRequest.interrupt)
  }

  /// Drops the kernel's standard output (a replay's `print`s were shown the first time).
  func muteStandardOutput(_ muted: Bool) {
    self.lock.withLock { self.standardOutputMuted = muted }
  }

  /// Ends the kernel: closing its socket makes it exit. Waits up to a few seconds for it (and
  /// what it still prints), then kills it.
  func shutdown() {
    self.lock.withLock { self.isShuttingDown = true }
    _ = Glibc.shutdown(self.channel.descriptor, Int32(SHUT_WR))
    if self.exited.wait(timeout: .now() + 3) == .success {
      self.exited.signal()
    } else {
      kill(self.pid, SIGKILL)
      // Its end (the files it leaves removed) follows at once.
      if self.exited.wait(timeout: .now() + 2) == .success { self.exited.signal() }
    }
  }

  /// Ends a kernel that was never asked anything (and has nothing to print): at once, without
  /// waiting for it to finish starting.
  func abandon() {
    self.lock.withLock { self.isShuttingDown = true }
    kill(self.pid, SIGKILL)
  }
}

/// The kernel couldn't be started.
struct KernelStartError: Error, CustomStringConvertible {
  var reason: String
  var description: String { "can't start the kernel: \(self.reason)" }
}

/// How a kernel ended.
struct KernelExit: Sendable {
  /// The signal that ended it (a trap: SIGILL, SIGTRAP, SIGSEGV…), or `nil` if it exited.
  var signal: Int32?
  var status: Int32
  /// What it printed on standard error from the trap's message on.
  var crashLines: [String]
  /// The runtime's crash report (frames of the crashed thread), if one was written.
  var report: CrashReport.Frames?
}
