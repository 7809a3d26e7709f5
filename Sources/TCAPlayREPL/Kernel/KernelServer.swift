@_spi(Hosting) import ComposableArchitecture
import FeatureCatalog
import FeatureLoader
import Foundation
import Synchronization
import TCAScript
import KernelProtocol
import TCAScriptSyntax

/// The kernel side (`tcaplay kernel`): the session and its ``REPL``, run for a front end
/// (``KernelREPL``) that talks to it over a socket on ``descriptor``. Everything the user's code
/// does happens here, so that a trap ends this process and not the front end.
@MainActor
public enum KernelServer {
  /// The inherited descriptor of the kernel's end of the socket.
  public nonisolated static let descriptor = KernelChannel.kernelDescriptor

  /// Serves requests until the front end closes the socket, then exits the process.
  public static func serve(catalog: Catalog, configuration: KernelConfiguration) async -> Never {
    // A `print` in a reducer reaches the front end line by line, and isn't lost in a buffer
    // when the kernel traps.
    StandardStreams.lineBufferStandardOutput()
    _ = fcntl(Self.descriptor, F_SETFD, FD_CLOEXEC)
    CrashHandler.install()
    FeatureLoader.keepsLibraries = true
    let channel = KernelChannel(descriptor: Self.descriptor)
    // The reading end of this process's standard output, from the front end: what user code
    // prints goes through the socket in order with the session's output.
    let output = KernelChannel.kernelOutputDescriptor
    if fcntl(output, F_SETFD, FD_CLOEXEC) == 0 {
      channel.forwardStandardOutput(from: output) { KernelFrame.encode(KernelEvent.standardOutput($0)) }
    }
    let requests = RequestQueue()
    let kernel = Kernel(channel: channel, configuration: configuration)
    channel.startReading(KernelRequest.self, name: "tcaplay.kernel-requests") { request in
      if request == .interrupt {
        Task { @MainActor in kernel.repl?.interrupt() }
      } else {
        requests.push(request)
      }
    } ended: {
      // The front end is gone (or done): so is the session.
      fflush(nil)
      _exit(0)
    }
    await kernel.setUp(catalog: catalog)
    if configuration.mode == .terminal { kernel.pollWhileIdle() }
    // Piped input comes in runs the front end sent ahead: their answers go back together when
    // no more inputs wait (and every few milliseconds meanwhile, so that a slow input doesn't
    // keep back the answers before it), one wake of the front end's reader for many. Not at a
    // terminal, where each answer is shown as soon as it is there.
    let watch = configuration.mode != .terminal ? HeldAnswersWatch(channel: channel, longest: Self.longestHold) : nil
    func serveNextRequest() async {
      let request = await requests.next()
      if let watch, !requests.isEmpty, !channel.isHolding {
        channel.isHolding = true
        watch.started()
      }
      await kernel.handle(request)
      if channel.isHolding, requests.isEmpty {
        channel.isHolding = false
        channel.sendHeld()
        watch?.ended()
      }
    }
    while true {
      // The session's issue reporters are bound once for as long as it lasts (a reset makes
      // another), not again for each input (`Session.reportingIssues`).
      guard let session = kernel.repl?.session else {
        await serveNextRequest()
        continue
      }
      await session.reportingIssues {
        while kernel.repl?.session === session { await serveNextRequest() }
      }
    }
  }

  /// How long answers are held back at most.
  nonisolated static let longestHold: Duration = .milliseconds(5)
}

/// The kernel's session and what it has told the front end.
@MainActor
private final class Kernel {
  let channel: KernelChannel
  let configuration: KernelConfiguration
  let console: ChannelConsole
  var repl: REPL?
  var width: Int?
  /// How much of the session's transcript the front end has been sent.
  private var sentTranscript = 0
  /// Inputs to send with the next answer.
  private var replayable: [String] = []

  init(channel: KernelChannel, configuration: KernelConfiguration) {
    self.channel = channel
    self.configuration = configuration
    self.console = ChannelConsole(channel: channel)
  }

  func setUp(catalog: Catalog) async {
    var catalog = catalog
    if !self.configuration.catalogFiles.isEmpty {
      guard let loaded = await Launcher.catalog(catalog, loading: self.configuration.catalogFiles) else {
        self.channel.send(KernelEvent.ready(KernelProgress(problemCount: 1, replayable: [], setupStatus: 2)))
        return
      }
      catalog = loaded
    }
    let repl = self.makeREPL(catalog: catalog)
    let session = repl.session
    var status: Int32 = 0
    let restart = self.configuration.isRestart
    if self.configuration.journals {
      let (resumeText, note) = Launcher.openJournal(for: session, resume: self.configuration.resume && !restart)
      if let note, !restart { repl.printInfo(note) }
      await Launcher.resume(resumeText, in: repl)
    }
    if !restart {
      self.collectTranscript()
      if !self.configuration.loadFiles.isEmpty {
        let before = repl.problemCount
        let arguments = FileLoadArguments(paths: self.configuration.loadFiles)
        await repl.loadFiles(arguments)
        let command = arguments.command
        if repl.problemCount == before { self.replayable.append(command) }
      }
      if let store = self.configuration.initialStore {
        let loaded = await Launcher.load(store, into: repl, quietly: self.configuration.loadsQuietly)
        self.collectTranscript()
        if !loaded { status = 1 } else if self.configuration.loadsQuietly { self.replayable.append(store.loadCommand) }
      }
    }
    self.channel.send(KernelEvent.ready(self.progress(setupStatus: status)))
  }

  /// A new session and its REPL, as the configuration asks.
  private func makeREPL(catalog: Catalog) -> REPL {
    let session = Session(catalog: catalog)
    if self.configuration.mode == .unattended { session.effectStartGrace = Launcher.unattendedEffectStartGrace }
    let repl = REPL(session: session, console: self.console)
    repl.showsPasses = self.configuration.mode == .terminal
    repl.compilesFeatureFiles = self.configuration.compilesFeatureFiles
    repl.terminalWidth = { [weak self] in self?.width }
    self.repl = repl
    return repl
  }

  func handle(_ request: KernelRequest) async {
    guard let repl = self.repl else {
      // The set-up failed: every request is answered as done.
      if case .complete = request {
        self.channel.send(KernelEvent.completions(CompletionResult(start: 0, candidates: [], appendsSpace: false)))
      } else {
        self.channel.send(KernelEvent.done(control: .quit, progress: KernelProgress(problemCount: 1, replayable: [])))
      }
      return
    }
    switch request {
    case let .execute(input, firstLine, origin, terminalWidth):
      self.width = terminalWidth
      let before = repl.problemCount
      let control = await repl.execute(input, firstLine: firstLine, origin: origin)
      await repl.settle()
      self.collectTranscript()
      if repl.problemCount == before, Self.isReplayedCommand(input, commands: repl.commands) {
        self.replayable.append(input.trimmingBlanks(newlines: true))
      }
      var progress = self.progress()
      progress.leftEffectsRunning = repl.session.currentStoreHasEffectsInFlight
      self.channel.send(KernelEvent.done(control: control, progress: progress))
    case let .complete(line, cursor):
      self.channel.send(KernelEvent.completions(repl.completions(for: line, cursor: cursor)))
    case let .replay(inputs):
      await self.replay(inputs, in: repl)
      self.sentTranscript = repl.session.transcript.count
      self.replayable = []
      self.channel.send(KernelEvent.done(control: .continue, progress: self.progress()))
    case .reset:
      // Dropping the old session's stores cancels their effects, as TCA's do. The new REPL
      // counts problems from 0, as a new kernel's does.
      _ = self.makeREPL(catalog: repl.session.catalog)
      (self.sentTranscript, self.replayable) = (0, [])
      self.channel.send(KernelEvent.done(control: .continue, progress: self.progress()))
    case .interrupt:
      repl.interrupt()
    }
  }

  /// Runs a crashed session's inputs again, quietly: only what fails is shown.
  private func replay(_ inputs: [String], in repl: REPL) async {
    guard !inputs.isEmpty else { return }
    let mode = repl.session.printer.mode
    repl.session.printer.mode = .off
    self.console.isMuted = true
    defer {
      repl.session.printer.mode = mode
      self.console.isMuted = false
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-replay-\(getpid())")
    let file = directory.appendingPathComponent("session.tca")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      try (inputs.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
      let outputs = try await repl.session.open(file)
      await Task.settle(turns: 16)
      self.console.isMuted = false
      repl.show(outputs.filter { $0.kind == .error || $0.kind == .failure })
    } catch let error as ScriptError {
      self.console.isMuted = false
      repl.printError(error.message)
    } catch {
      self.console.isMuted = false
      repl.printError("\(error)")
    }
  }

  /// Effects that deliver while nothing runs print at once (the front end shows them above the
  /// line being typed).
  func pollWhileIdle() {
    Task { @MainActor [weak self] in
      while let repl = self?.repl {
        try? await Task.sleep(for: .milliseconds(100))
        repl.pollAsynchronousOutput()
      }
    }
  }

  private func collectTranscript() {
    guard let transcript = self.repl?.session.transcript, transcript.count > self.sentTranscript else { return }
    self.replayable += transcript[self.sentTranscript...]
    self.sentTranscript = transcript.count
  }

  private func progress(setupStatus: Int32 = 0) -> KernelProgress {
    defer { self.replayable = [] }
    return KernelProgress(problemCount: self.repl?.problemCount ?? 0, replayable: self.replayable, setupStatus: setupStatus)
  }

  /// The commands that change a session without the transcript holding them: `:load
  /// File.swift` (compiled code) and the printing and view settings, which a restarted kernel
  /// must have too.
  static let settingCommands: Set<String> = ["print", "filter", "pin", "skip", "unskip", "view"]

  /// Whether a successful `input` is replayed after a crash although the transcript doesn't
  /// hold it (a command named by any unique prefix).
  static func isReplayedCommand(_ input: String, commands: [MetaCommand]) -> Bool {
    let trimmed = input.trimmingBlanks(newlines: true)
    guard trimmed.hasPrefix(":") else { return false }
    let body = trimmed.dropFirst()
    let name = String(body.prefix { !$0.isWhitespace })
    guard !name.isEmpty, let resolved = try? UniquePrefix.resolve(name, among: commands.map(\.name), kind: "command") else {
      return false
    }
    if Self.settingCommands.contains(resolved) { return true }
    return resolved == "load" && FeatureFiles.isFileLoad(body.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
  }
}

/// The kernel's console: what the REPL prints goes to the front end as `output` messages.
private final class ChannelConsole: Console, @unchecked Sendable {
  let channel: KernelChannel
  private let lock = NSLock()
  private var muted = false

  init(channel: KernelChannel) {
    self.channel = channel
  }

  /// While set, output is dropped (a replay).
  var isMuted: Bool {
    get { self.lock.withLock { self.muted } }
    set { self.lock.withLock { self.muted = newValue } }
  }

  func write(_ text: StyledText) {
    guard !self.isMuted else { return }
    self.channel.send(KernelEvent.output(text))
  }
}
