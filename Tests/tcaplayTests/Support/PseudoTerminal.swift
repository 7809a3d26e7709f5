import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program on a pseudo-terminal, as a person at a terminal would: the program is a
/// session leader with the terminal as its controlling terminal (so Ctrl-C sends SIGINT), and
/// the test types into it and reads what it prints.
final class PseudoTerminal: @unchecked Sendable {
  struct Timeout: Error, CustomStringConvertible {
    var waitingFor: String
    var output: String
    var description: String { "timed out waiting for \(self.waitingFor.debugDescription); the terminal shows:\n\(self.output)" }
  }

  let pid: pid_t
  private let master: Int32
  private let condition = NSCondition()
  private var bytes: [UInt8] = []
  private var isClosed = false
  /// How much of the plain text (in UTF-8 bytes) expectations have already matched.
  private var consumed = 0

  init(executable: String, arguments: [String], environment: [String: String], columns: UInt16 = 200, rows: UInt16 = 50) throws {
    // posix_openpt, unlockpt and ptsname, which Glibc's Swift module does not export: the
    // multiplexer, then its ioctls (Linux's generic numbers) to unlock and number the terminal.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw POSIXError(.ENODEV) }
    let unlockTerminal: UInt = 0x4004_5431  // TIOCSPTLCK
    let terminalNumber: UInt = 0x8004_5430  // TIOCGPTN
    var locked: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, unlockTerminal, &locked) == 0, ioctl(master, terminalNumber, &number) == 0 else {
      close(master)
      throw POSIXError(.ENODEV)
    }
    let slavePath = "/dev/pts/\(number)"
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The child starts a new session (below), then opens the terminal: the first terminal a
    // session leader opens becomes its controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID
    posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    // The session is the terminal's (below).
    let launch = Binary.launch(executable, arguments, newSession: false)
    let argv = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, launch.executable, &actions, &attributes, argv, envp)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
    self.pid = pid
    self.master = master

    let thread = Thread { [self] in self.readLoop() }
    thread.start()
  }

  deinit {
    if self.exitStatus(waiting: false) == nil {
      kill(self.pid, SIGKILL)
      _ = self.exitStatus(waiting: true)
    }
    close(self.master)
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(self.master, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      self.condition.lock()
      if count > 0 {
        self.bytes += buffer[..<count]
      } else {
        self.isClosed = true
      }
      self.condition.broadcast()
      self.condition.unlock()
      if count <= 0 { return }
    }
  }

  /// Types `text` (control characters included: "\u{3}" is Ctrl-C, "\t" TAB, "\r" Return).
  func type(_ text: String) {
    var data = Array(text.utf8)
    _ = write(self.master, &data, data.count)
  }

  /// Types raw bytes (which need not be UTF-8), in pieces the terminal's buffer takes.
  func type(bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].prefix(4_096).withUnsafeBufferPointer { write(self.master, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += count
    }
  }

  static let up = "\u{1B}[A"
  static let ctrlC = "\u{3}"
  static let ctrlD = "\u{4}"

  /// Everything printed so far, escape sequences included.
  var rawOutput: String {
    self.condition.lock()
    defer { self.condition.unlock() }
    return String(decoding: self.bytes, as: UTF8.self)
  }

  /// What was printed with escape sequences, carriage returns and readline's prompt markers
  /// removed.
  var plainOutput: String { Self.plain(self.rawOutput) }

  static func plain(_ raw: String) -> String {
    var result = ""
    var iterator = raw.unicodeScalars.makeIterator()
    var scalars = String.UnicodeScalarView()
    while let scalar = iterator.next() {
      switch scalar {
      case "\u{1B}":
        // CSI: ESC [ parameters final-byte; other escapes: ESC and one character.
        guard let next = iterator.next() else { break }
        if next == "[" {
          while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
        } else if next == "]" {
          while let c = iterator.next(), c != "\u{7}" {}
        }
      case "\r", "\u{1}", "\u{2}", "\u{7}", "\u{8}":
        continue
      default:
        scalars.append(scalar)
      }
    }
    result.unicodeScalars = scalars
    return result
  }

  /// Waits until the plain output, after what earlier expectations matched, contains `text`;
  /// returns the plain output up to and including it.
  @discardableResult
  func expect(_ text: String, timeout: TimeInterval = 30) async throws -> String {
    try await offPool { try self.expectBlocking(text, timeout: timeout) }
  }

  private func expectBlocking(_ text: String, timeout: TimeInterval) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    self.condition.lock()
    defer { self.condition.unlock() }
    while true {
      let plain = Self.plain(String(decoding: self.bytes, as: UTF8.self))
      let start = plain.utf8.index(plain.startIndex, offsetBy: min(self.consumed, plain.utf8.count))
      if let range = plain.range(of: text, range: start..<plain.endIndex) {
        self.consumed = plain.utf8.distance(from: plain.startIndex, to: range.upperBound)
        return String(plain[start..<range.upperBound])
      }
      if self.isClosed || !self.condition.wait(until: deadline) {
        throw Timeout(waitingFor: text, output: String(plain[start...]))
      }
    }
  }

  /// Waits for the program to exit and returns its exit status.
  func waitForExit(timeout: TimeInterval = 30) async throws -> Int32 {
    try await offPool { try self.waitForExitBlocking(timeout: timeout) }
  }

  private func waitForExitBlocking(timeout: TimeInterval) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status = self.exitStatus(waiting: false) { return status }
      usleep(20_000)
    }
    throw Timeout(waitingFor: "exit", output: self.plainOutput)
  }

  private var cachedStatus: Int32?

  private func exitStatus(waiting: Bool) -> Int32? {
    if let cachedStatus { return cachedStatus }
    var status: Int32 = 0
    let result = waitpid(self.pid, &status, waiting ? 0 : WNOHANG)
    guard result == self.pid else { return nil }
    // WIFEXITED / WEXITSTATUS, and 128 + signal for a signal.
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    self.cachedStatus = code
    return code
  }
}
