import KernelProtocol

/// The front end's REPL when user code runs in a kernel process (`tcaplay-kernel kernel`): the
/// input loops call it as they call an in-process REPL, and it forwards each input to the
/// kernel.
///
/// When the kernel dies (a reducer or effect trapped), it prints one report, starts a new kernel
/// and replays every input that had completed before, so that the session is as it was before
/// the input that trapped; nothing the person typed is lost.
@MainActor
public final class KernelREPL: InputRunner {
  let console: any Console
  /// Where the kernel's own standard output goes (a `print` in a reducer).
  private let standardOutput: any Console
  private let executable: String
  private let configuration: KernelConfiguration
  private var process: KernelProcess?
  private var ready: Promise<KernelEvent?>?
  private var recovery: Task<Void, Never>?
  /// What rebuilds the session: every input that changed it, in order.
  public private(set) var replayable: [String] = []
  /// The index in ``replayable`` of the last input that left effects running: the likely
  /// starter of an effect that traps while the kernel is idle, left out of that crash's replay.
  private var lastEffectStarter: Int?
  /// Crashes while idle since the last input ran: a replay that traps again and again gives up.
  private var idleCrashes = 0
  /// Problems of the kernels before this one, and the crash reports.
  private var earlierProblems = 0
  private var kernelProblems = 0
  private var kernelBaseline = 0
  /// How the set-up went (see ``KernelProgress/setupStatus``).
  public private(set) var setupStatus: Int32 = 0
  /// How many times a kernel died (a trap), was reported and restarted.
  public private(set) var trapCount = 0
  /// The last trap's report (``CrashReport/lines(for:input:)``).
  public private(set) var lastTrapReport: [String]?
  /// Whether anything was asked of the kernel (an input, a completion): until then, ending the
  /// session needn't wait for it.
  private var hasAsked = false
  /// The terminal's width, sent with each input.
  public var terminalWidth: () -> Int? = { nil }
  /// The inputs the loop runs next (``expect(_:)``).
  private var upcoming: [UpcomingInput] = []
  /// Inputs sent to the kernel before their turn, in order, each with the answer to come.
  private var sentAhead: [SentInput] = []
  /// How many inputs may wait in the kernel while one runs.
  static let sendAheadLimit = 16

  private struct SentInput {
    var input: UpcomingInput
    var process: KernelProcess
    var answer: Promise<KernelEvent?>
  }

  /// How many errors, failed assertions and crashes were printed.
  public var problemCount: Int { self.earlierProblems + self.kernelProblems - self.kernelBaseline }

  /// A front end printing to `console`, and the kernel's own standard output to `standardOutput`
  /// (by default `console` too); `executable` is the binary with the `kernel` subcommand.
  public init(
    configuration: KernelConfiguration, console: any Console, standardOutput: (any Console)? = nil,
    executable: String = KernelExecutable.path
  ) {
    self.configuration = configuration
    self.console = console
    self.standardOutput = standardOutput ?? console
    self.executable = executable
  }

  /// Starts the kernel and returns at once: its set-up runs in parallel with the front end's.
  public func start() {
    self.spawn(self.configuration)
  }

  @discardableResult
  private func spawn(_ configuration: KernelConfiguration) -> Bool {
    let ready = Promise<KernelEvent?>()
    do {
      self.process = try KernelProcess(
        executable: self.executable, configuration: configuration, console: self.console, standardOutput: self.standardOutput,
        ready: { ready.fulfill($0) },
        died: { [weak self] hadRequests in
          guard !hadRequests else { return }
          Task { @MainActor in self?.recoverWhileIdle() }
        }
      )
      self.ready = ready
      return true
    } catch {
      self.process = nil
      self.printError(error.description)
      return false
    }
  }

  /// Waits for the kernel's set-up; `false` when it failed (``setupStatus``) or no kernel could
  /// be started.
  public func waitUntilReady() async -> Bool {
    await self.readyProcess() != nil && self.setupStatus == 0
  }

  private func readyProcess() async -> KernelProcess? {
    await self.recovery?.value
    guard let ready = self.ready, let process = self.process else { return self.process }
    let event = await ready.value()
    guard self.ready === ready else { return await self.readyProcess() }
    self.ready = nil
    guard case let .ready(progress)? = event else {
      // It died setting up: recover as from any trap.
      await self.recover(from: process, input: nil)
      return self.process
    }
    self.setupStatus = progress.setupStatus
    self.absorb(progress)
    return process
  }

  // MARK: - InputRunner

  public func execute(_ input: String, firstLine: Int = 1, origin: String? = nil) async -> InputControl {
    let trimmed = input.trimmingBlanks(newlines: true)
    guard !trimmed.isEmpty else { return .continue }
    // `:quit` first, with nothing set up: the kernel would print nothing and has nothing to
    // keep, so the session ends without waiting for it to start.
    if trimmed == ":quit", !self.hasAsked, !self.configuration.hasSetUpWork { return .quit }
    self.hasAsked = true
    guard let process = await self.readyProcess() else { return .quit }
    let answer = await self.answer(to: UpcomingInput(input: input, firstLine: firstLine, origin: origin), from: process)
    guard case let .done(control, progress)? = answer else {
      await self.recover(from: process, input: input)
      return .continue
    }
    self.absorb(progress)
    self.idleCrashes = 0
    if progress.leftEffectsRunning, !self.replayable.isEmpty { self.lastEffectStarter = self.replayable.count - 1 }
    return control
  }

  public func expect(_ upcoming: [UpcomingInput]) {
    self.upcoming = upcoming
  }

  /// Sends `input` (unless it was sent ahead), then the upcoming inputs after it that the kernel
  /// can run without waiting for the front end, and waits for `input`'s answer.
  ///
  /// Sending ahead spares the kernel a round trip per input when they are piped or in a file
  /// (the figure is in tcaplay-bench's "10 sends through the kernel"); answers come back in
  /// order. Statements are sent ahead, and a `:` command last: anything after a command waits
  /// for its answer (`:quit` ends the session). If the kernel dies, the inputs sent to it ahead
  /// are answered `nil` and sent again, after the recovery, to the new one.
  private func answer(to input: UpcomingInput, from process: KernelProcess) async -> KernelEvent? {
    let pending: Promise<KernelEvent?>
    if let first = self.sentAhead.first, first.process === process, first.input == input {
      pending = self.sentAhead.removeFirst().answer
    } else {
      // Sent to a kernel that has died since (answered `nil`), or not expected: whatever was
      // sent to this one runs before `input`, so it is waited for.
      for stale in self.sentAhead where stale.process === process { _ = await stale.answer.value() }
      self.sentAhead = []
      pending = self.send(input, to: process)
    }
    // Announced for this input only (the loop announces before each input it runs).
    let upcoming = self.upcoming
    self.upcoming = []
    if !Self.isCommand(input.input) { self.sendAhead(upcoming, to: process) }
    return await pending.value()
  }

  /// Tops up the inputs sent ahead once half of them have been answered, in one write: the
  /// kernel's reader then wakes once for several inputs rather than once for each.
  private func sendAhead(_ upcoming: [UpcomingInput], to process: KernelProcess) {
    guard self.sentAhead.count <= Self.sendAheadLimit / 2 else { return }
    var batch: [(request: KernelRequest, answer: @Sendable (KernelEvent?) -> Void)] = []
    defer { process.send(batch) }
    var sent = 0
    for next in upcoming where !Self.isBlank(next.input) {
      if sent < self.sentAhead.count {
        // Sent already: the loop runs its inputs in the order it announced them.
        guard self.sentAhead[sent].input == next else { return }
      } else {
        guard self.sentAhead.count < Self.sendAheadLimit else { return }
        let (request, answer) = self.request(for: next)
        batch.append((request, { answer.fulfill($0) }))
        self.sentAhead.append(SentInput(input: next, process: process, answer: answer))
      }
      sent += 1
      if Self.isCommand(next.input) { return }
    }
  }

  private func send(_ input: UpcomingInput, to process: KernelProcess) -> Promise<KernelEvent?> {
    let (request, answer) = self.request(for: input)
    process.send(request) { answer.fulfill($0) }
    return answer
  }

  /// The request that runs `input`, and the promise of its answer.
  private func request(for input: UpcomingInput) -> (KernelRequest, Promise<KernelEvent?>) {
    let request = KernelRequest.execute(
      input: input.input, firstLine: input.firstLine, origin: input.origin, terminalWidth: self.terminalWidth()
    )
    return (request, Promise<KernelEvent?>())
  }

  /// The first character that isn't a blank or a line break (`nil` when there is none).
  /// Looked at for every input read ahead: ASCII blanks are skipped by byte, and the rest is
  /// left to ``Swift/StringProtocol/trimmingBlanks(newlines:)`` (a per-character Unicode check that
  /// was a third of the front end's time per piped input).
  private static func firstNonBlank(_ input: String) -> Character? {
    for byte in input.utf8 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C: continue
      case 0x80...: return input.trimmingBlanks(newlines: true).first
      default: return Character(Unicode.Scalar(byte))
      }
    }
    return nil
  }

  private static func isBlank(_ input: String) -> Bool {
    Self.firstNonBlank(input) == nil
  }

  private static func isCommand(_ input: String) -> Bool {
    Self.firstNonBlank(input) == ":"
  }

  /// TAB, on the main actor, which is idle while a line is edited: waits (briefly) for the
  /// kernel's answer.
  public func completions(for line: String, cursor: Int) -> CompletionResult {
    let none = CompletionResult(start: cursor, candidates: [], appendsSpace: false)
    guard let process = self.process, self.recovery == nil else { return none }
    self.hasAsked = true
    let answer = Promise<KernelEvent?>()
    process.send(.complete(line: line, cursor: cursor)) { answer.fulfill($0) }
    guard let event = answer.wait(timeout: 5) else { return none }
    guard case let .completions(result)? = event else {
      if event == nil { self.recoverWhileIdle() }
      return none
    }
    return result
  }

  /// Ctrl-C while an input runs.
  public func interrupt() {
    self.process?.interrupt()
  }

  /// The kernel pushes what effects deliver while it is idle: nothing to ask.
  public func pollAsynchronousOutput() {}

  /// The kernel settles after each input before it answers: nothing to wait for.
  public func settle() async {}

  /// Prints `text` as one or more lines of `kind`.
  public func print(_ text: String, as kind: StyledText.Kind = .plain) {
    self.console.write(.line(text, kind))
  }

  public func printInfo(_ text: String) {
    self.print(text, as: .info)
  }

  /// Prints an error and counts it as a problem.
  public func printError(_ message: String, origin: String? = nil) {
    self.earlierProblems += 1
    self.print((origin.map { "\($0): " } ?? "") + "error: " + message, as: .error)
  }

  /// Starts over in a new session (the next notebook): the kernel drops every store and name,
  /// and nothing before is replayed after a later trap. `false` if the kernel is gone for good.
  public func reset() async -> Bool {
    guard let process = await self.readyProcess() else { return false }
    guard case .done? = await process.ask(.reset) else {
      // It died dropping the old session (an effect's cleanup): a new kernel is a new session.
      self.replayable = []
      await self.recover(from: process, input: nil)
      return self.process != nil
    }
    self.earlierProblems += self.kernelProblems - self.kernelBaseline
    (self.kernelProblems, self.kernelBaseline) = (0, 0)
    self.replayable = []
    self.lastEffectStarter = nil
    return true
  }

  /// Ends the kernel (at the end of the session).
  ///
  /// A kernel that was asked nothing and had nothing to set up (no journal, no files or store to
  /// load: `:quit` or the end of input first) has printed nothing and has nothing to keep, so it
  /// is ended at once rather than waited for. Otherwise everything it still prints is read first.
  public func shutdown() {
    self.recovery?.cancel()
    if !self.hasAsked, !self.configuration.hasSetUpWork {
      self.process?.abandon()
    } else {
      self.process?.shutdown()
    }
    self.process = nil
  }

  // MARK: - Crashes

  private func absorb(_ progress: KernelProgress) {
    self.kernelProblems = progress.problemCount
    self.replayable += progress.replayable
  }

  private func recoverWhileIdle() {
    guard let process = self.process, process.exit != nil, self.recovery == nil else { return }
    self.recovery = Task { @MainActor in
      await self.recover(from: process, input: nil)
      self.recovery = nil
    }
  }

  /// Reports how `process` died, starts a new kernel and replays the session into it.
  private func recover(from process: KernelProcess, input: String?) async {
    guard self.process === process, let exit = process.exit else { return }
    self.earlierProblems += self.kernelProblems - self.kernelBaseline + 1
    (self.kernelProblems, self.kernelBaseline) = (0, 0)
    self.trapCount += 1
    let lines = CrashReport.lines(for: exit, input: input)
    self.lastTrapReport = lines
    self.console.write(.line(lines[0], .error) + StyledText.joined(lines.dropFirst().map { .line($0, .detail) }, separator: ""))
    var restart = self.configuration
    restart.isRestart = true
    guard self.spawn(restart), let ready = self.ready, let newProcess = self.process else { return }
    let event = await ready.value()
    self.ready = nil
    guard case .ready = event else {
      self.printError("the restarted kernel died too; the session can't go on")
      self.process = nil
      return
    }
    var leftOut = ""
    if input == nil {
      // An effect trapped while the prompt waited: replaying the input that started it would
      // start it again. Leave that input out (and, should the replay still trap, everything).
      self.idleCrashes += 1
      if self.idleCrashes > 2 {
        self.replayable = []
      } else if let starter = self.lastEffectStarter, starter < self.replayable.count {
        leftOut = self.replayable.remove(at: starter)
      }
      self.lastEffectStarter = nil
    }
    guard !self.replayable.isEmpty else {
      self.printInfo("  restarted the session (nothing to replay).")
      return
    }
    newProcess.muteStandardOutput(true)
    let answer = await newProcess.ask(.replay(inputs: self.replayable))
    newProcess.muteStandardOutput(false)
    guard case let .done(_, progress)? = answer else {
      self.earlierProblems += 1
      self.print("error: replaying the session trapped too; it starts again empty", as: .error)
      self.replayable = []
      if self.spawn(restart) { _ = await self.ready?.value() }
      self.ready = nil
      return
    }
    (self.kernelProblems, self.kernelBaseline) = (progress.problemCount, progress.problemCount)
    let count = self.replayable.count
    self.printInfo(
      "  restarted the session: replayed \(count) input\(count == 1 ? "" : "s")"
        + (input != nil ? "; the state is as it was before that input."
          : leftOut.isEmpty ? "." : ", leaving out `\(leftOut)`, whose effect was running; the state is as it was before it.")
    )
  }
}
