import Foundation
import Testing
import TestSupport

@testable import KernelProtocol
@testable import KernelClient

/// Piped input runs ahead: the front end reads the lines the pipe already holds and sends the
/// statements among them to the kernel before their turn (``KernelREPL``), so that the kernel
/// needn't wait for a round trip between them. What a session prints, and in which order, is the
/// same as one input at a time.
@Suite(.serialized) struct PipelinedInputTests {
  /// A plain TCA feature whose reducer prints a line (to standard output, which reaches the
  /// front end through another descriptor than the kernel's messages).
  static let printing = """
    import ComposableArchitecture

    @Reducer
    struct Printing {
      struct State: Equatable { var count = 0 }
      enum Action: Equatable { case tick }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          state.count += 1
          print("tick \\(state.count)")
          return .none
        }
      }
    }
    """

  /// The kernel holds its answers to inputs sent ahead and sends them in one write.
  @Test func heldMessagesGoOutTogetherAndInOrder() throws {
    var ends: [Int32] = [-1, -1]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    defer { ends.forEach { _ = close($0) } }
    let channel = KernelChannel(descriptor: ends[0])
    let events = (1...3).map { KernelEvent.standardOutput("line \($0)") }
    channel.isHolding = true
    for event in events { #expect(channel.send(event)) }
    var waiting = pollfd(fd: ends[1], events: Int16(POLLIN), revents: 0)
    #expect(poll(&waiting, 1, 0) == 0)
    #expect(channel.sendHeld())
    channel.isHolding = false
    #expect(channel.send(KernelEvent.standardOutput("line 4")))
    var buffer = [UInt8](repeating: 0, count: 4096)
    var decoder = KernelFrame.Decoder()
    var received: [KernelEvent] = []
    while received.count < 4 {
      let count = read(ends[1], &buffer, buffer.count)
      try #require(count > 0)
      decoder.append(buffer[0..<count])
      while let event = try decoder.next(KernelEvent.self) { received.append(event) }
    }
    #expect(received == events + [KernelEvent.standardOutput("line 4")])
  }

  /// A plain TCA feature whose effect ends once a file exists at `path`.
  static func slow(waitingFor path: String) -> String {
    """
    import ComposableArchitecture
    import Foundation

    @Reducer
    struct Slow {
      struct State: Equatable { var isDone = false }
      enum Action: Equatable { case start, done }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .start:
            return .run { send in
              while !FileManager.default.fileExists(atPath: "\(path)") {
                try await Task.sleep(for: .milliseconds(10))
              }
              await send(.done)
            }
          case .done:
            state.isDone = true
            return .none
          }
        }
      }
    }
    """
  }

  /// The kernel holds answers while more inputs wait, but not for long: an input that waits
  /// for an effect doesn't keep back what the inputs before it printed. The effect here ends
  /// only once the test has seen the answer before it (it makes the file the effect waits for):
  /// held back, the answer would come after the `receive` had timed out.
  @Test(.enabled(if: compilerIsAvailable))
  func aSlowInputDoesntKeepBackTheAnswersBeforeIt() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let signal = folder.path + "/answer-seen"
    let feature = try folder.write("Slow.swift", Self.slow(waitingFor: signal))
    let input = """
      let t = TestStore(initialState: Slow.State()) { Slow() }
      1000 + 1
      t.send(.start)
      t.receive(.done, timeout: .seconds(30)) { $0.isDone = true }
      t.state.isDone
      2000 + 2

      """
    let output = try await offPool {
      try Self.runStreaming(["--load", feature], input: input, watchingFor: "\n1001\n") {
        _ = FileManager.default.createFile(atPath: signal, contents: Data())
      }
    }
    #expect(output.contains("\n1001\n") && output.hasSuffix("\ntrue\n2002\n"), "\(output)")
  }

  /// Runs `tcaplay` with `input` piped to it and returns its output; calls `seen` once `marker`
  /// shows in it.
  static func runStreaming(
    _ arguments: [String], input: String, watchingFor marker: String, seen: () -> Void
  ) throws -> String {
    let child = try Binary.start(arguments, discardingErrors: true)
    let deadline = child.deadline(arguments)
    child.input.write(Data(input.utf8))
    try child.input.close()
    var output = Data()
    var isSeen = false
    // `availableData`: what the pipe holds now (`read(upToCount:)` would wait for the count).
    while case let chunk = child.output.availableData, !chunk.isEmpty {
      output += chunk
      if !isSeen, String(decoding: output, as: UTF8.self).contains(marker) {
        isSeen = true
        seen()
      }
    }
    child.process.waitUntilExit()
    try deadline.finish(output: output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test(.enabled(if: compilerIsAvailable))
  func aReducersPrintShowsBeforeWhatTheNextInputsPrint() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let feature = try folder.write("Printing.swift", Self.printing)
    let rounds = 40
    let input = ([":print off"] + (1...rounds).flatMap { ["store.send(.tick)", "\($0) + 1000"] }).joined(separator: "\n") + "\n"
    let result = try await Binary.run(["--load", feature], input: input)
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("tick ") || $0.hasPrefix("10") }
    let expected = (1...rounds).flatMap { ["tick \($0)", "\($0 + 1000)"] }
    #expect(lines == expected)
  }

  /// The history recomputes states by replaying reducers (checking a step's replay, `:jump`,
  /// `:history`): their `print`s were shown when the actions were reduced, and aren't again.
  @Test(.enabled(if: compilerIsAvailable))
  func aReducersPrintShowsOnceWhateverTheHistoryReplays() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let feature = try folder.write("Printing.swift", Self.printing)
    let input = ":print off\nstore.send(.tick)\nstore.send(.tick)\nstore.send(.tick)\n:jump 1\n:jump 3\n:history\nstore.send(.tick)\n"
    for environment in [[:], ["TCAPLAY_KERNEL": "inprocess"]] {
      let result = try await Binary.run(["--load", feature], input: input, environment: Binary.environment(history: nil, extra: environment))
      #expect(result.status == 0)
      let ticks = result.output.split(separator: "\n").filter { $0.hasPrefix("tick ") }
      #expect(ticks == ["tick 1", "tick 2", "tick 3", "tick 4"])
    }
  }

  @Test func pipedLinesAreSplitAsReadLineSplitsThem() async throws {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let source = PlainLineSource(descriptor: descriptors[0])
    let bytes = Array("first\r\nsecond\n\nlast without a newline".utf8)
    #expect(write(descriptors[1], bytes, bytes.count) == bytes.count)
    close(descriptors[1])
    #expect(await source.readLine(prompt: "") == .line("first"))
    // The rest of what the pipe held is there without another wait.
    #expect(source.bufferedLine() == "second")
    #expect(await source.readLine(prompt: "") == .line(""))
    #expect(await source.readLine(prompt: "") == .line("last without a newline"))
    #expect(source.bufferedLine() == nil)
    #expect(await source.readLine(prompt: "") == .endOfInput)
    #expect(await source.readLine(prompt: "") == .endOfInput)
    close(descriptors[0])
  }

  @Test @MainActor func theLoopAnnouncesTheInputsItHasReadAhead() async {
    let runner = RecordingRunner()
    let script = "1 + 1\nstore.send(\n  .tick\n)\n:state\n2 + 2\n"
    await InputLoop().run(runner, source: ArrayLineSource(script))
    #expect(runner.executed == ["1 + 1", "store.send(\n  .tick\n)", ":state", "2 + 2"])
    #expect(runner.expected.map { $0.map(\.input) } == [
      ["store.send(\n  .tick\n)", ":state", "2 + 2"], [":state", "2 + 2"], ["2 + 2"], [],
    ])
    #expect(runner.expected.first?.map(\.firstLine) == [2, 5, 6])

    // Echoing each input before its output: nothing is announced (a kernel running ahead would
    // print before the echo).
    let echoing = RecordingRunner()
    var loop = InputLoop()
    loop.echoesInput = true
    await loop.run(echoing, source: ArrayLineSource(script))
    #expect(echoing.executed.count == 4)
    #expect(echoing.expected.isEmpty)
  }
}

/// An ``InputRunner`` that records what it is asked.
@MainActor
private final class RecordingRunner: InputRunner {
  var executed: [String] = []
  var expected: [[UpcomingInput]] = []
  var problemCount: Int { 0 }
  var terminalWidth: () -> Int? = { nil }

  func print(_ text: String, as kind: StyledText.Kind) {}
  func printError(_ message: String, origin: String?) {}
  func execute(_ input: String, firstLine: Int, origin: String?) async -> InputControl {
    self.executed.append(input)
    return .continue
  }
  func pollAsynchronousOutput() {}
  func settle() async {}
  func completions(for line: String, cursor: Int) -> CompletionResult {
    CompletionResult(start: cursor, candidates: [], appendsSpace: false)
  }
  func interrupt() {}
  func expect(_ upcoming: [UpcomingInput]) { self.expected.append(upcoming) }
}
