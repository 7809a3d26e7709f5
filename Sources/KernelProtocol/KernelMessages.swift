import FoundationEssentials

/// What the front end asks the kernel (see ``KernelREPL``, and TCAPlayREPL's `KernelServer`).
public enum KernelRequest: Codable, Equatable, Sendable {
  /// Runs one complete input, as the kernel's REPL does; `terminalWidth` is
  /// the front end's terminal's width at the time (`nil` off a terminal).
  case execute(input: String, firstLine: Int, origin: String?, terminalWidth: Int?)
  /// TAB: completions for `line` with the cursor at `cursor` (a character offset).
  case complete(line: String, cursor: Int)
  /// Ctrl-C: cancels the running statement (answered by nothing).
  case interrupt
  /// Rebuilds a session after a crash: runs `inputs` (a script's statements and `:` commands)
  /// quietly, printing only what fails.
  case replay(inputs: [String])
  /// Starts over in a new session (the next notebook), as a new kernel would, keeping the
  /// catalog (with the `--load` files compiled into it).
  case reset
}

/// What the kernel tells the front end: output as it is printed, and one answer per request
/// (except `interrupt`), in the order of the requests.
public enum KernelEvent: Codable, Equatable, Sendable {
  /// Printed text (one or more whole lines), each part marked with what it is: the front end
  /// styles it as it writes it. Sent as it is printed, also while the kernel is idle (effects
  /// delivering actions, `:view` updates).
  case output(StyledText)
  /// A line the kernel's process printed on its standard output (a `print` in a reducer or an
  /// effect), in its place among the other messages.
  case standardOutput(String)
  /// The kernel set up its session (resume, `--load`, `--feature`): the answer to starting it.
  case ready(KernelProgress)
  /// An `execute`, `replay` or `reset` finished.
  case done(control: InputControl, progress: KernelProgress)
  /// The answer to `complete`.
  case completions(CompletionResult)
}

/// How far the kernel's session got: what the front end keeps to rebuild it after a crash.
public struct KernelProgress: Codable, Equatable, Sendable {
  /// How many errors and failed assertions the kernel printed so far.
  public var problemCount: Int
  /// The inputs that changed the session since the last answer, in order (statements and `:`
  /// commands, as a journal holds them, and `:load File.swift`): replaying every input received
  /// so far rebuilds the session.
  public var replayable: [String]
  /// How the kernel's set-up went: 0 well, 1 the `--feature` store didn't load, 2 the
  /// `--load` files of `tcaplay run` didn't compile (the process's exit status to give).
  public var setupStatus: Int32
  /// Whether the current store still had effects in flight when the input finished (one may
  /// trap later, while the kernel is idle).
  public var leftEffectsRunning: Bool

  public init(problemCount: Int, replayable: [String], setupStatus: Int32 = 0, leftEffectsRunning: Bool = false) {
    self.problemCount = problemCount
    self.replayable = replayable
    self.setupStatus = setupStatus
    self.leftEffectsRunning = leftEffectsRunning
  }
}

/// What a kernel is started with (`tcaplay-kernel kernel OPTIONS`: KernelClient's `KernelOptions`).
public struct KernelConfiguration: Codable, Equatable, Sendable {
  public enum Mode: String, Codable, Sendable {
    /// A terminal REPL: passes print `✔`, the prompt's 100 ms effect start grace.
    case terminal
    /// Piped input or script files: the unattended effect start grace.
    case unattended
  }

  public var mode: Mode
  /// Whether the session journals (a terminal, or `TCAPLAY_JOURNAL` set).
  public var journals: Bool
  /// `--resume`: rebuild the last session from its journal first.
  public var resume: Bool
  /// `tcaplay --load`: loaded as `:load` does, once (a restarted kernel replays it).
  public var loadFiles: [String]
  /// `tcaplay run --load`: compiled into every kernel's catalog.
  public var catalogFiles: [String]
  /// `--feature`: loaded once (a restarted kernel replays it).
  public var initialStore: InitialStore?
  /// Whether the `--feature` store is loaded quietly (pipes and files) or as `:load` does.
  public var loadsQuietly: Bool
  /// Whether `:load File.swift` may compile Swift files: not in notebooks (a notebook someone
  /// shares must not run code of its own).
  public var compilesFeatureFiles: Bool
  /// A kernel started after another one crashed: no set-up; the front end sends `replay`.
  public var isRestart: Bool

  public init(
    mode: Mode, journals: Bool = false, resume: Bool = false, loadFiles: [String] = [],
    catalogFiles: [String] = [], initialStore: InitialStore? = nil, loadsQuietly: Bool = true,
    compilesFeatureFiles: Bool = true, isRestart: Bool = false
  ) {
    self.mode = mode
    self.journals = journals
    self.resume = resume
    self.loadFiles = loadFiles
    self.catalogFiles = catalogFiles
    self.initialStore = initialStore
    self.loadsQuietly = loadsQuietly
    self.compilesFeatureFiles = compilesFeatureFiles
    self.isRestart = isRestart
  }

  /// Whether the kernel does anything before the first input whose output or effect counts: a
  /// journal to open, files or a store to load, a session to resume.
  public var hasSetUpWork: Bool {
    self.journals || self.resume || !self.loadFiles.isEmpty || !self.catalogFiles.isEmpty || self.initialStore != nil
  }
}

/// Messages on the kernel's socket: a 4-byte big-endian length, then the message
/// (``KernelMessage``'s binary layout).
public enum KernelFrame {
  /// The largest message accepted (a 1 MB input line is a little over 1 MB).
  public static let maximumLength = 256 << 20

  public static func encode<Message: KernelMessage>(_ message: Message) -> [UInt8] {
    var writer = KernelMessageWriter()
    message.write(to: &writer)
    let body = writer.bytes
    let length = UInt32(body.count)
    var frame = [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
    frame.reserveCapacity(4 + body.count)
    frame += body
    return frame
  }

  /// Splits a byte stream into messages.
  public struct Decoder {
    private var buffer: [UInt8] = []
    /// Where the next message starts in ``buffer`` (read messages are dropped in bulk).
    private var start = 0

    public init() {}

    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
      if self.start > 0, self.start >= self.buffer.count / 2 {
        self.buffer.removeSubrange(..<self.start)
        self.start = 0
      }
      self.buffer.append(contentsOf: bytes)
    }

    /// The next whole message, `nil` until one has arrived; throws on a malformed one.
    public mutating func next<Message: KernelMessage>(_ type: Message.Type) throws(KernelWireError) -> Message? {
      guard self.buffer.count - self.start >= 4 else { return nil }
      let length = self.buffer[self.start..<self.start + 4].reduce(0) { $0 << 8 | Int($1) }
      guard length <= KernelFrame.maximumLength else { throw KernelWireError("a \(length)-byte message") }
      guard self.buffer.count - self.start >= 4 + length else { return nil }
      var reader = KernelMessageReader(Array(self.buffer[self.start + 4..<self.start + 4 + length]))
      let message = try Message(from: &reader)
      guard reader.isAtEnd else { throw KernelWireError("a message with bytes left over") }
      self.start += 4 + length
      return message
    }
  }
}
