import KernelClient
import KernelProtocol
@preconcurrency import CReadline
import Dispatch
#if canImport(Glibc)
  import Glibc
#endif

/// Line editing on GNU readline for a terminal: history (kept in a ``HistoryFile``), TAB
/// completion, Ctrl-C to drop a line, and output from effects printed above the line being
/// typed without garbling it.
///
/// readline blocks the thread that calls it, so it runs on a dedicated thread, through
/// readline's callback interface: the thread waits on both the terminal and a wake-up pipe, so
/// that output and Ctrl-C reach it while the user is typing. The main actor stays free to run
/// effects; it asks for a line with ``readLine(prompt:)`` and is answered when one is entered.
public final class ReadlineEditor: LineSource, Console, @unchecked Sendable {
  /// Completions for a line and a cursor (character offset); runs on the main actor.
  public typealias Completer = @MainActor @Sendable (_ line: String, _ cursor: Int) -> CompletionResult

  private let history: HistoryFile?
  /// How what is written looks (colours on a terminal unless `NO_COLOR`).
  public let style: TextStyle
  private var completer: Completer?
  /// Guards `isEditing`, `pendingOutput`, `interruptRequested`, `resizeRequested`.
  private let lock = Lock()
  private var isEditing = false
  private var pendingOutput: [String] = []
  private var interruptRequested = false
  private var resizeRequested = false
  /// Signalled when a request is set.
  private let requested = DispatchSemaphore(value: 0)
  private var request: (prompt: String, continuation: CheckedContinuation<LineInput, Never>)?
  private let wakeRead: Int32
  private let wakeWrite: Int32
  /// Set by readline's line handler, on the editor thread.
  private var result: LineInput?
  private var lastHistoryEntry: String?

  /// The editor readline's C callbacks reach (there is one readline per process).
  nonisolated(unsafe) fileprivate static var active: ReadlineEditor?

  public init(history: HistoryFile?, style: TextStyle) {
    self.history = history
    self.style = style
    var descriptors: [Int32] = [-1, -1]
    _ = pipe(&descriptors)
    self.wakeRead = descriptors[0]
    self.wakeWrite = descriptors[1]
    _ = fcntl(self.wakeRead, F_SETFL, fcntl(self.wakeRead, F_GETFL) | O_NONBLOCK)
    setlocale(LC_ALL, "")
    Self.active = self
    BlockingThread.start(name: "tcaplay.readline") { [unowned self] in self.editorLoop() }
  }

  /// Sets where TAB's completions come from.
  public func setCompleter(_ completer: @escaping Completer) {
    self.lock.withLock { self.completer = completer }
  }

  // MARK: - LineSource

  public func readLine(prompt: String) async -> LineInput {
    await withCheckedContinuation { continuation in
      self.lock.withLock { self.request = (prompt, continuation) }
      self.requested.signal()
    }
  }

  // MARK: - Console

  /// Prints `text`: at once when no line is being edited, else above the prompt, redrawing the
  /// prompt and the partly typed line below it.
  public func write(_ text: StyledText) {
    let text = self.style.render(text)
    self.lock.withLock {
      if self.isEditing {
        self.pendingOutput.append(text)
        self.wake()
      } else {
        Self.writeToTerminal(text)
      }
    }
  }

  // MARK: - Signals

  /// Ctrl-C. Returns `true` when it dropped the line being typed, `false` when no line is being
  /// edited (something is running).
  public func interrupt() -> Bool {
    self.lock.withLock {
      guard self.isEditing else { return false }
      self.interruptRequested = true
      self.wake()
      return true
    }
  }

  /// The terminal changed size.
  public func terminalResized() {
    self.lock.withLock {
      self.resizeRequested = true
      self.wake()
    }
  }

  /// Trims the history file to its limit (at exit).
  public func close() {
    guard let history else { return }
    _ = history_truncate_file(history.path, Int32(history.limit))
  }

  // MARK: - The editor thread

  private func wake() {
    var byte: UInt8 = 1
    _ = Glibc.write(self.wakeWrite, &byte, 1)
  }

  private func drainWakeups() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while Glibc.read(self.wakeRead, &buffer, buffer.count) > 0 {}
  }

  private static func writeToTerminal(_ text: String) {
    fputs(text, stdout)
    fflush(stdout)
  }

  private func editorLoop() {
    self.configureReadline()
    while true {
      self.requested.wait()
      guard let request = self.lock.withLock({ () -> (prompt: String, continuation: CheckedContinuation<LineInput, Never>)? in
        defer { self.request = nil }
        return self.request
      }) else { continue }
      request.continuation.resume(returning: self.edit(prompt: request.prompt))
    }
  }

  private func configureReadline() {
    rl_readline_name = UnsafePointer(strdup("tcaplay"))
    rl_catch_signals = 0
    rl_catch_sigwinch = 0
    // Words break at every character that can't be part of a name, as in the interpreter's
    // completions, so that readline replaces exactly what they complete.
    rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n\"\\'`@$><=;|&{(.,:)}[]?!+-*/%^~#"))
    rl_attempted_completion_function = attemptCompletion
    using_history()
    if let history {
      stifle_history(Int32(history.limit))
      // Created if missing, so that lines can be appended to it.
      let descriptor = open(history.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
      if descriptor >= 0 { Glibc.close(descriptor) }
      _ = read_history(history.path)
      if history_length > 0, let entry = history_get(history_base + history_length - 1) {
        self.lastHistoryEntry = String(cString: entry.pointee.line)
      }
    }
  }

  private func edit(prompt: String) -> LineInput {
    // A Ctrl-C from before this line belonged to what ran before it; a resize still counts.
    let resized: Bool = self.lock.withLock {
      self.isEditing = true
      self.interruptRequested = false
      defer { self.resizeRequested = false }
      self.drainWakeups()
      return self.resizeRequested
    }
    self.result = nil
    using_history()
    if resized { rl_resize_terminal() }
    rl_callback_handler_install(prompt, acceptLine)
    while self.result == nil {
      var descriptors = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: self.wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        rl_callback_handler_remove()
        self.result = .endOfInput
        break
      }
      if descriptors[1].revents != 0 {
        self.handleEvents()
      }
      if self.result == nil, descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        rl_callback_read_char()
      }
    }
    let leftover: [String] = self.lock.withLock {
      self.isEditing = false
      defer { self.pendingOutput = [] }
      return self.pendingOutput
    }
    if !leftover.isEmpty { Self.writeToTerminal(leftover.joined()) }
    return self.result!
  }

  private func handleEvents() {
    let (output, interrupt, resize): ([String], Bool, Bool) = self.lock.withLock {
      self.drainWakeups()
      defer {
        self.pendingOutput = []
        self.interruptRequested = false
        self.resizeRequested = false
      }
      return (self.pendingOutput, self.interruptRequested, self.resizeRequested)
    }
    if resize { rl_resize_terminal() }
    if !output.isEmpty {
      // Clear the prompt and the partly typed line, print, then draw them again below.
      _ = rl_clear_visible_line()
      Self.writeToTerminal(output.joined())
      _ = rl_on_new_line()
      _ = rl_forced_update_display()
      fflush(stdout)
    }
    if interrupt {
      rl_free_line_state()
      rl_callback_sigcleanup()
      rl_point = rl_end
      rl_redisplay()
      Self.writeToTerminal("^C\n")
      rl_callback_handler_remove()
      self.result = .interrupted
    }
  }

  /// readline's line handler: a line was entered (or Ctrl-D on an empty line).
  fileprivate func accept(_ line: UnsafeMutablePointer<CChar>?) {
    rl_callback_handler_remove()
    guard let line else {
      Self.writeToTerminal("\n")
      self.result = .endOfInput
      return
    }
    let text = String(cString: line)
    free(line)
    self.addToHistory(text)
    self.result = .line(text)
  }

  private func addToHistory(_ text: String) {
    guard !text.trimmingBlanks().isEmpty, text != self.lastHistoryEntry else { return }
    self.lastHistoryEntry = text
    add_history(text)
    if let history {
      _ = append_history(1, history.path)
    }
  }

  // MARK: - Completion

  /// readline's attempted-completion function: `start` and `end` are byte offsets of the word
  /// readline will replace.
  fileprivate func complete(start: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    rl_attempted_completion_over = 1
    guard let buffer = rl_line_buffer else { return nil }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(rl_end))
    let line = String(decoding: bytes, as: UTF8.self)
    let cursor = String(decoding: bytes[..<min(Int(rl_point), bytes.count)], as: UTF8.self).count
    let wordStart = String(decoding: bytes[..<min(start, bytes.count)], as: UTF8.self).count
    let completion = self.askCompleter(line: line, cursor: cursor)
    rl_completion_append_character = completion.appendsSpace ? 32 : 0
    // Make the candidates replace readline's word (from `wordStart`) rather than ours.
    let characters = Array(line)
    var candidates = completion.candidates
    if completion.start > wordStart, completion.start <= characters.count {
      let prefix = String(characters[wordStart..<completion.start])
      candidates = candidates.map { prefix + $0 }
    } else if completion.start < wordStart, wordStart <= characters.count {
      let dropped = String(characters[completion.start..<wordStart])
      candidates = candidates.compactMap { $0.hasPrefix(dropped) ? String($0.dropFirst(dropped.count)) : nil }
    }
    guard !candidates.isEmpty else { return nil }
    let entries = candidates.count == 1 ? candidates : [Self.commonPrefix(candidates)] + candidates
    let matches = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1))!
      .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
    for (index, entry) in entries.enumerated() { matches[index] = strdup(entry) }
    matches[entries.count] = nil
    return matches
  }

  static func commonPrefix(_ strings: [String]) -> String {
    guard var prefix = strings.first.map(Array.init) else { return "" }
    for string in strings.dropFirst() {
      let characters = Array(string)
      var length = 0
      while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
      prefix = Array(prefix[..<length])
    }
    return String(prefix)
  }

  /// Runs the completer on the main actor, which is idle while a line is being edited.
  private func askCompleter(line: String, cursor: Int) -> CompletionResult {
    let empty = CompletionResult(start: cursor, candidates: [], appendsSpace: false)
    guard let completer = self.lock.withLock({ self.completer }) else { return empty }
    let box = CompletionBox()
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
      box.set(completer(line, cursor))
      done.signal()
    }
    guard done.wait(timeout: .now() + 5) == .success else { return empty }
    return box.get() ?? empty
  }
}

private final class CompletionBox: @unchecked Sendable {
  private let lock = Lock()
  private var value: CompletionResult?
  func set(_ value: CompletionResult) { self.lock.withLock { self.value = value } }
  func get() -> CompletionResult? { self.lock.withLock { self.value } }
}

private func acceptLine(_ line: UnsafeMutablePointer<CChar>?) {
  ReadlineEditor.active?.accept(line)
}

private func attemptCompletion(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  ReadlineEditor.active?.complete(start: Int(start))
}
