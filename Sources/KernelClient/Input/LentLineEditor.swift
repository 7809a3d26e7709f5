import KernelProtocol
import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

/// The terminal's line editor as the front end `tcaplay` lends it to a `tcaplay-kernel` that
/// runs a session at the terminal itself (the REPL with `TCAPLAY_KERNEL=inprocess`, `tcaplay run
/// NOTEBOOK --step`): prompts, lines and TAB go to the front end's readline over a socket
/// (``TerminalRequest``, ``TerminalEvent``), so that no module of the kernel links readline.
public final class LentLineEditor: LineEditor, @unchecked Sendable {
  /// Names the descriptor of the socket to the front end that lent its terminal.
  public static let environmentKey = "TCAPLAY_LENT_TERMINAL"

  /// The editor the front end lent this process, if it did. Read once: the variable is removed,
  /// so that the processes this one starts (kernels, the compile server) don't see it.
  public static let lent: LentLineEditor? = {
    guard let value = getenv(LentLineEditor.environmentKey).map({ String(cString: $0) }) else { return nil }
    unsetenv(LentLineEditor.environmentKey)
    guard let descriptor = Int32(value), fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else { return nil }
    // Ctrl-C reaches the front end too (one process group), which sends it as `interrupt`.
    signal(SIGINT, SIG_IGN)
    return LentLineEditor(descriptor: descriptor)
  }()

  /// The line editor of a session this process runs at a terminal: the one the front end lent,
  /// or, without one (`tcaplay-kernel` started by hand), plain lines after written prompts.
  @MainActor
  public static func atTerminal(_ style: TextStyle) -> any LineEditor {
    Self.lent ?? PromptedLineEditor(style: style)
  }

  private let channel: KernelChannel
  private let lock = Lock()
  private var pending: CheckedContinuation<LineInput, Never>?
  private var hasEnded = false
  private var completer: (@MainActor @Sendable (String, Int) -> CompletionResult)?
  private var interrupt: (@MainActor @Sendable () -> Void)?

  private init(descriptor: Int32) {
    self.channel = KernelChannel(descriptor: descriptor)
    self.channel.startReading(TerminalEvent.self, name: "tcaplay.lent-terminal") { [self] event in
      switch event {
      case let .line(input):
        self.lock.withLock { () -> CheckedContinuation<LineInput, Never>? in
          defer { self.pending = nil }
          return self.pending
        }?.resume(returning: input)
      case let .complete(line, cursor):
        Task { @MainActor in
          let completer = self.lock.withLock { self.completer }
          let result = completer?(line, cursor) ?? CompletionResult(start: cursor, candidates: [], appendsSpace: false)
          _ = self.channel.send(TerminalRequest.completions(result))
        }
      case .interrupt:
        Task { @MainActor in self.lock.withLock { self.interrupt }?() }
      }
    } ended: { [self] in
      // The front end is gone: no more lines.
      self.lock.withLock { () -> CheckedContinuation<LineInput, Never>? in
        self.hasEnded = true
        defer { self.pending = nil }
        return self.pending
      }?.resume(returning: .endOfInput)
    }
  }

  public func readLine(prompt: String) async -> LineInput {
    await withCheckedContinuation { continuation in
      let hasEnded = self.lock.withLock {
        if !self.hasEnded { self.pending = continuation }
        return self.hasEnded
      }
      if hasEnded || !self.channel.send(TerminalRequest.readLine(prompt: prompt)) {
        self.lock.withLock { () -> CheckedContinuation<LineInput, Never>? in
          defer { self.pending = nil }
          return self.pending ?? (hasEnded ? continuation : nil)
        }?.resume(returning: .endOfInput)
      }
    }
  }

  public func write(_ text: StyledText) {
    _ = self.channel.send(TerminalRequest.write(text))
  }

  public func setCompleter(_ completer: @escaping @MainActor @Sendable (_ line: String, _ cursor: Int) -> CompletionResult) {
    self.lock.withLock { self.completer = completer }
  }

  public func relaySignals(interrupt: @escaping @MainActor @Sendable () -> Void) {
    self.lock.withLock { self.interrupt = interrupt }
  }

  /// The front end keeps the history, and trims it when this process has ended.
  public func close() {}
}

/// A terminal without a lent line editor: prompts written to standard output, lines read as
/// the terminal gives them (no TAB, no history), Ctrl-C left to end the process.
final class PromptedLineEditor: LineEditor, @unchecked Sendable {
  private let lines = PlainLineSource()
  private let console: StandardOutputConsole

  init(style: TextStyle) {
    self.console = StandardOutputConsole(style: style)
  }

  func readLine(prompt: String) async -> LineInput {
    StandardStreams.write(prompt)
    return await self.lines.readLine(prompt: prompt)
  }

  func write(_ text: StyledText) {
    self.console.write(text)
  }

  func setCompleter(_ completer: @escaping @MainActor @Sendable (_ line: String, _ cursor: Int) -> CompletionResult) {}
  func relaySignals(interrupt: @escaping @MainActor @Sendable () -> Void) {}
  func close() {}
}
