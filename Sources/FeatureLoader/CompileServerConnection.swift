import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The kernel's side of a ``CompileServer``: starts `EXECUTABLE compile-server --library LIBRARY`
/// when first asked, sends it compiles one at a time and reads their outcomes.
///
/// The server lives as long as the kernel: its input ends when the kernel's end of the socket
/// closes, at the kernel's exit or death, and it exits then. A server that ended, or couldn't be
/// started, gives `.requestFailed` (the loader then compiles with the frontend, as when SourceKit
/// is missing); the next compile starts a new one.
final class CompileServerConnection: @unchecked Sendable {
  private let executable: URL
  private let library: URL
  /// Guards `server`, and keeps compiles one at a time.
  private let lock = NSLock()
  private var server: (pid: pid_t, socket: Int32)?

  private init(executable: URL, library: URL) {
    self.executable = executable
    self.library = library
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var connections: [[String]: CompileServerConnection] = [:]

  /// The connection to `executable`'s server for `library`: one per process.
  static func shared(executable: URL, library: URL) -> CompileServerConnection {
    Self.lock.withLock {
      let key = [executable.path, library.path]
      if let known = Self.connections[key] { return known }
      let connection = CompileServerConnection(executable: executable, library: library)
      Self.connections[key] = connection
      return connection
    }
  }

  /// Starts the server on a thread of its own, if it isn't running, so that it has opened the
  /// library when the first compile gets to it.
  func prepare() {
    Thread { self.lock.withLock { _ = try? self.running() } }.start()
  }

  /// Compiles `request` in the server; the caller waits without holding a thread.
  func compile(_ request: CompileServer.Request) async -> WarmCompiler.Outcome {
    await onThreadOfItsOwn { self.compileWaiting(request) }
  }

  private func compileWaiting(_ request: CompileServer.Request) -> WarmCompiler.Outcome {
    self.lock.withLock {
      let server: (pid: pid_t, socket: Int32)
      do {
        server = try self.running()
      } catch {
        return .requestFailed("the compile server (\(self.executable.path)) could not start: \(error)")
      }
      guard let message = try? JSONEncoder().encode(request), CompileServer.Frames.write(message, to: server.socket),
        let reply = CompileServer.Frames.read(from: server.socket)
      else {
        self.stop()
        return .requestFailed("the compile server ended during the compile")
      }
      guard let outcome = try? JSONDecoder().decode(WarmCompiler.Outcome.self, from: reply) else {
        self.stop()
        return .requestFailed("the compile server's answer could not be read")
      }
      return outcome
    }
  }

  /// The running server, started if there is none. Called with `lock` held.
  private func running() throws -> (pid: pid_t, socket: Int32) {
    if let server = self.server { return server }
    var ends: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    // The server has the socket as its standard input and output and nothing else of the
    // kernel's: its end of the kernel's own socket would keep the front end from seeing the
    // kernel end.
    InheritedDescriptors.markAllCloseOnExec()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = [self.executable.path, "compile-server", "--library", self.library.path]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // The kernel's crash report settings name the kernel's report file: the server writes none.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, self.executable.path, &actions, nil, argv, envp)
    close(ends[1])
    guard spawned == 0 else {
      close(ends[0])
      throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
    }
    self.server = (pid, ends[0])
    return (pid, ends[0])
  }

  /// Ends the server (if it hasn't ended) and reaps it. Called with `lock` held.
  private func stop() {
    guard let server = self.server else { return }
    self.server = nil
    close(server.socket)
    kill(server.pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(server.pid, &status, 0) < 0, errno == EINTR {}
  }
}
