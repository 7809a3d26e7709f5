import KernelProtocol

/// What an ``InputLoop`` runs inputs in: an in-process REPL (TCAPlayREPL's `REPL`), or a
/// ``KernelREPL`` that runs them in a kernel process.
@MainActor
public protocol InputRunner: AnyObject {
  /// How many errors, failed assertions and traps were printed.
  var problemCount: Int { get }
  /// Prints `text` as one or more lines of `kind`.
  func print(_ text: String, as kind: StyledText.Kind)
  /// Prints an error and counts it as a problem.
  func printError(_ message: String, origin: String?)
  func execute(_ input: String, firstLine: Int, origin: String?) async -> InputControl
  /// Prints what effects delivered while no input ran.
  func pollAsynchronousOutput()
  /// After an input: lets effects that are ready deliver their actions, and prints what they
  /// delivered.
  func settle() async
  /// The terminal's width in columns, for output that wraps to it; `nil` off a terminal.
  var terminalWidth: () -> Int? { get set }
  /// TAB: what completes `line` at `cursor` (a character offset).
  func completions(for line: String, cursor: Int) -> CompletionResult
  /// Ctrl-C while an input runs: cancels it.
  func interrupt()
  /// Before each ``execute(_:firstLine:origin:)``: the complete inputs already read after that
  /// one, which the loop will run next, in order, unless one ends the session. A kernel sends
  /// them ahead so that it needn't wait for the front end between them.
  func expect(_ upcoming: [UpcomingInput])
}

extension InputRunner {
  public func expect(_ upcoming: [UpcomingInput]) {}
}

/// A complete input an ``InputLoop`` has read and will run.
public struct UpcomingInput: Equatable, Sendable {
  public var input: String
  public var firstLine: Int
  public var origin: String?

  public init(input: String, firstLine: Int, origin: String?) {
    self.input = input
    self.firstLine = firstLine
    self.origin = origin
  }
}

/// Reads inputs from a ``LineSource`` and runs them in an ``InputRunner`` until `:quit` or the end of
/// input: the REPL on a terminal, piped input, and script files all go through here.
@MainActor
public struct InputLoop {
  public var primaryPrompt: String
  public var continuationPrompt: String
  /// Names the input in error positions (a file's path), if any.
  public var origin: String?
  /// Prints each input before its output, prefixed with `> ` (`tcaplay run --echo`).
  public var echoesInput = false
  /// How often output from effects is looked for while waiting for input; `nil` looks only
  /// after each input.
  public var pollInterval: Duration?

  public init(primaryPrompt: String = "", continuationPrompt: String = "", origin: String? = nil) {
    self.primaryPrompt = primaryPrompt
    self.continuationPrompt = continuationPrompt
    self.origin = origin
  }

  public func run(_ repl: any InputRunner, source: any LineSource) async {
    let poller = self.pollInterval.map { interval in
      Task { @MainActor in
        while !Task.isCancelled {
          try? await Task.sleep(for: interval)
          repl.pollAsynchronousOutput()
        }
      }
    }
    defer { poller?.cancel() }
    var accumulator = InputAccumulator()
    // Complete inputs read and not run yet (a paste, piped lines read ahead).
    var ahead: [UpcomingInput] = []
    func add(_ text: String) {
      // One line (a piped line) isn't split: splitting by characters compares each one with a
      // newline (speed: docs/benchmarks-log.md, "Piped input through the kernel").
      let lines = text.utf8.contains(UInt8(ascii: "\n"))
        ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [text]
      for line in lines {
        guard case let .complete(input) = accumulator.add(line) else { continue }
        ahead.append(UpcomingInput(input: input, firstLine: accumulator.startLine, origin: self.origin))
      }
    }
    reading: while true {
      while !ahead.isEmpty {
        let next = ahead.removeFirst()
        if self.readsAhead { repl.expect(ahead) }
        if await self.execute(next.input, firstLine: next.firstLine, in: repl) == .quit {
          break reading
        }
      }
      let prompt = accumulator.isEmpty ? self.primaryPrompt : self.continuationPrompt
      switch await source.readLine(prompt: prompt) {
      case .interrupted:
        accumulator.reset()
      case .endOfInput:
        if let pending = accumulator.flush() {
          _ = await self.execute(pending, firstLine: accumulator.startLine, in: repl)
        }
        break reading
      case let .line(text):
        // A paste can bring several lines at once; piped input can have more lines waiting.
        add(text)
        while self.readsAhead, ahead.count < Self.readAheadLimit, let line = source.bufferedLine() {
          add(line)
        }
      }
    }
    await repl.settle()
  }

  /// Whether inputs already read are announced to the runner before they run (``InputRunner/expect(_:)``):
  /// not when each input is echoed before its output, which a kernel running ahead would print
  /// before the echo.
  private var readsAhead: Bool { !self.echoesInput }
  /// How many complete inputs are read ahead of the one running.
  static let readAheadLimit = 64

  private func execute(_ input: String, firstLine: Int, in repl: any InputRunner) async -> InputControl {
    if self.echoesInput {
      let shown = input.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .map { ($0.offset == 0 ? "> " : "  ") + $0.element }.joined(separator: "\n")
      repl.print(shown, as: .echo)
    }
    let control = await repl.execute(input, firstLine: firstLine, origin: self.origin)
    await repl.settle()
    return control
  }
}

/// Lines of a script file.
public final class ArrayLineSource: LineSource, @unchecked Sendable {
  private let lock = Lock()
  private var lines: ArraySlice<String>

  public init(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    self.lines = lines[...]
  }

  public func readLine(prompt: String) async -> LineInput {
    self.lock.withLock { self.lines.popFirst().map(LineInput.line) ?? .endOfInput }
  }

  public func bufferedLine() -> String? {
    self.lock.withLock { self.lines.popFirst() }
  }
}
