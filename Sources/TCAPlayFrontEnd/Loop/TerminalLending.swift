import KernelClient
import KernelProtocol
import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

/// The terminal lent to a `tcaplay-kernel` that runs a session at it itself (the REPL with
/// `TCAPLAY_KERNEL=inprocess`, `tcaplay run NOTEBOOK --step`): the front end keeps readline, the
/// history and the signals, and serves the kernel's prompts, lines and TAB over a socket
/// (``TerminalRequest``, ``TerminalEvent``; the kernel's side is `LentLineEditor`).
@MainActor
public enum TerminalLending {
  /// Whether the command line `arguments` (handed to `tcaplay-kernel`) read lines at the
  /// terminal: standard input is one, and they start the REPL in one process or step through
  /// notebooks.
  public static func isWanted(for arguments: [String]) -> Bool {
    guard isatty(STDIN_FILENO) == 1 else { return false }
    if !KernelREPL.usesKernel, REPLOptions.parseREPL(arguments) != nil { return true }
    let options = arguments.prefix { $0 != "--" }
    return options.first == "run" && options.contains("--step")
  }

  /// Runs `executable arguments` with the terminal lent to it, until it ends; its exit status
  /// (128 + the signal's number if one ended it).
  public static func run(_ arguments: [String], executable: String) async -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    var sockets: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
      StandardStreams.writeError("error: can't lend the terminal to \(executable): \(String(cString: strerror(errno)))\n")
      return 1
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, sockets[1], KernelChannel.kernelDescriptor)
    var childEnvironment = environment
    childEnvironment[LentLineEditor.environmentKey] = String(KernelChannel.kernelDescriptor)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = childEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    _ = close(sockets[1])
    guard spawned == 0 else {
      _ = close(sockets[0])
      StandardStreams.writeError("error: can't run \(executable): \(String(cString: strerror(spawned)))\n")
      return 1
    }
    let channel = KernelChannel(descriptor: sockets[0])
    let editor = ReadlineEditor(history: HistoryFile.resolve(environment: environment), style: style)
    let completions = CompletionAnswers()
    editor.setCompleter { line, cursor in
      let answer = completions.expect()
      _ = channel.send(TerminalEvent.complete(line: line, cursor: cursor))
      return answer.wait(timeout: 5) ?? CompletionResult(start: cursor, candidates: [], appendsSpace: false)
    }
    SignalRelay.relay(to: editor) { _ = channel.send(TerminalEvent.interrupt) }
    let ended = Promise<Bool>()
    channel.startReading(TerminalRequest.self, name: "tcaplay.terminal") { request in
      switch request {
      case let .write(text):
        editor.write(text)
      case let .readLine(prompt):
        Task { @MainActor in _ = channel.send(TerminalEvent.line(await editor.readLine(prompt: prompt))) }
      case let .completions(result):
        completions.answer(result)
      }
    } ended: { ended.fulfill(true) }
    _ = await ended.value()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    channel.close()
    editor.close()
    let signal = status & 0x7F
    return signal != 0 ? 128 + signal : (status >> 8) & 0xFF
  }
}

/// The answer to the TAB asked last (one at a time: readline waits for it).
private final class CompletionAnswers: @unchecked Sendable {
  private let lock = Lock()
  private var waiting: Promise<CompletionResult>?

  func expect() -> Promise<CompletionResult> {
    let promise = Promise<CompletionResult>()
    self.lock.withLock { self.waiting = promise }
    return promise
  }

  func answer(_ result: CompletionResult) {
    self.lock.withLock { () -> Promise<CompletionResult>? in
      defer { self.waiting = nil }
      return self.waiting
    }?.fulfill(result)
  }
}
