import Foundation
import Testing
import TestSupport

@testable import KernelClient
@testable import KernelProtocol
@testable import TCAPlayREPL

/// A reducer or effect that traps ends the kernel, not the session: the real `tcaplay` reports
/// the trap, restarts its kernel, replays the session, and the next action works — at the prompt
/// and in `tcaplay run`.
@Suite(.serialized) struct CrashIsolationTests {
  /// A plain TCA feature whose actions trap in each way a reducer can, and one whose effect does.
  static let crashy = """
    import ComposableArchitecture

    @Reducer
    struct Crashy {
      struct State: Equatable {
        var count = 0
        var items: [Int] = [1, 2, 3]
      }
      enum Action: Equatable {
        case increment
        case forceUnwrap
        case outOfRange
        case fatal
        case precondition
        case effectTrap
        case laterEffectTrap
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .increment:
            state.count += 1
            return .none
          case .forceUnwrap:
            let missing: Int? = state.count > 1000 ? 1 : nil
            state.count += missing!
            return .none
          case .outOfRange:
            state.count = state.items[state.count + 10]
            return .none
          case .fatal:
            fatalError("the count went wrong")
          case .precondition:
            precondition(state.count < 0, "the count must be negative")
            return .none
          case .effectTrap:
            return .run { _ in
              let missing: Int? = nil
              _ = missing!
            }
          case .laterEffectTrap:
            state.count += 100
            return .run { _ in
              try await Task.sleep(for: .milliseconds(300))
              let missing: Int? = nil
              _ = missing!
            }
          }
        }
      }
    }
    """

  /// Each way to trap: the action, the trap's message, the line that traps, and who trapped.
  struct Trap: Sendable, CustomTestStringConvertible {
    var action: String
    var message: String
    var marker: String
    var trapper = "the reducer trapped"
    var testDescription: String { self.action }

    /// The fixture's line holding `marker`.
    var line: Int {
      let lines = CrashIsolationTests.crashy.split(separator: "\n", omittingEmptySubsequences: false)
      return (lines.firstIndex { $0.contains(self.marker) } ?? -1) + 1
    }

    /// The report's first line.
    var report: String { "error: Crashy.swift:\(self.line): \(self.trapper): \(self.message)" }
  }

  static let traps = [
    Trap(action: "forceUnwrap", message: "Fatal error: Unexpectedly found nil while unwrapping an Optional value", marker: "state.count += missing!"),
    Trap(action: "outOfRange", message: "Fatal error: Index out of range", marker: "state.items[state.count + 10]"),
    Trap(action: "fatal", message: "Fatal error: the count went wrong", marker: "fatalError("),
    Trap(action: "precondition", message: "Precondition failed: the count must be negative", marker: "precondition(state"),
    Trap(action: "effectTrap", message: "Fatal error: Unexpectedly found nil while unwrapping an Optional value", marker: "_ = missing!", trapper: "an effect trapped"),
  ]

  /// The fixture's first line holding `marker` after the line holding `start`.
  static func line(of marker: String, after start: String) -> Int {
    let lines = Self.crashy.split(separator: "\n", omittingEmptySubsequences: false)
    guard let from = lines.firstIndex(where: { $0.contains(start) }) else { return 0 }
    return (lines[from...].firstIndex { $0.contains(marker) } ?? -1) + 1
  }

  func featureFile() throws -> String {
    try FeatureFolder().write("Crashy.swift", Self.crashy)
  }

  @Test(.enabled(if: compilerIsAvailable), arguments: CrashIsolationTests.traps)
  func aTrapAtThePromptIsReportedAndTheSessionGoesOn(_ trap: Trap) async throws {
    let terminal = try await Binary.terminal(["--load", try self.featureFile()], promptTimeout: 120)
    terminal.type(":print off\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.increment)\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.increment)\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.\(trap.action))\r")
    let report = try await terminal.expect("tca> ", timeout: 120)
    #expect(report.contains(trap.report))
    #expect(report.contains("running `store.send(.\(trap.action))`"))
    if trap.trapper == "the reducer trapped" {
      #expect(report.contains("while reducing .\(trap.action) in Crashy"))
    }
    // The user's frame, from the crash report.
    #expect(report.contains("(Crashy.swift:\(trap.line):"))
    #expect(report.contains("restarted the session: replayed 4 inputs; the state is as it was before that input."))
    // The state is as before the trap, and the next action works.
    terminal.type("store.state.count\r")
    let count = try await terminal.expect("tca> ")
    #expect(count.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "2" })
    terminal.type(":print on\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.increment)\r")
    try await terminal.expect("+   count: 3,")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test(.enabled(if: compilerIsAvailable))
  func anEffectThatTrapsWhileThePromptWaitsIsReportedAndLeftOut() async throws {
    let journal = Binary.temporaryPath("journal.tca")
    let terminal = try PseudoTerminal(
      executable: Binary.tcaplay, arguments: ["--load", try self.featureFile()],
      environment: Binary.environment(history: nil, extra: ["TCAPLAY_JOURNAL": journal])
    )
    try await terminal.expect("tca> ", timeout: 120)
    terminal.type(":print off\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.increment)\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.laterEffectTrap)\r")
    try await terminal.expect("tca> ")
    // The effect traps a moment later, while nothing runs: reported above the prompt.
    let report = try await terminal.expect("whose effect was running; the state is as it was before it.", timeout: 120)
    #expect(report.contains("error: Crashy.swift:\(Self.line(of: "_ = missing!", after: "case .laterEffectTrap:")): an effect trapped: Fatal error: Unexpectedly found nil"))
    #expect(report.contains("replayed 3 inputs, leaving out `store.send(.laterEffectTrap)`"))
    // The prompt, drawn again below the report.
    try await terminal.expect("tca> ")
    terminal.type("store.state.count\r")
    let count = try await terminal.expect("tca> ")
    #expect(count.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "1" }, "\(count)")
    terminal.type("store.send(.increment)\r")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
    // The journal holds what the restarted session ran, and nothing that trapped.
    let journaled = try String(contentsOfFile: journal, encoding: .utf8)
    #expect(journaled.contains("store.send(.increment)\nstore.send(.increment)"))
    #expect(!journaled.contains("Trap"))
  }

  @Test(.enabled(if: compilerIsAvailable))
  func aScriptThatTrapsReportsTheStatementAndRunsTheNextOnes() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let feature = try folder.write("Crashy.swift", Self.crashy)
    let script = try folder.write(
      "crash.tca",
      """
      :load Crashy
      store.send(.increment)
      store.send(.fatal)
      store.state.count
      store.send(.increment)
      store.send(.outOfRange)
      store.state.count

      """
    )
    let result = try await Binary.run(["run", "--load", feature, script])
    #expect(result.status == 1)
    let output = result.output
    #expect(output.contains("error: Crashy.swift:\(Self.traps[2].line): the reducer trapped: Fatal error: the count went wrong"))
    #expect(output.contains("error: Crashy.swift:\(Self.traps[1].line): the reducer trapped: Fatal error: Index out of range"))
    #expect(output.contains("restarted the session: replayed 2 inputs"))
    #expect(output.contains("restarted the session: replayed 3 inputs"))
    // After each trap the state is as before it, and the next statements ran.
    let counts = output.split(separator: "\n").filter { $0 == "1" || $0 == "2" }
    #expect(counts == ["1", "2"])
    #expect(!output.contains("✘"))
    // The crash lines went into the report, not to standard error.
    #expect(!result.error.contains("Fatal error"))
  }

  @Test(.enabled(if: compilerIsAvailable))
  func pipedInputGoesOnAfterATrap() async throws {
    let result = try await Binary.run(
      ["--load", try self.featureFile()],
      input: """
        :print off
        store.send(.increment)
        store.send(.precondition)
        store.send(.increment)
        store.state.count

        """
    )
    #expect(result.status == 1)
    #expect(result.output.contains(Self.traps[3].report))
    #expect(result.output.hasSuffix("\n2\n"))
  }

  @Test func theKernelMessagesRoundTrip() throws {
    let requests: [KernelRequest] = [
      .execute(input: "store.send(.increment)\nstore.state", firstLine: 3, origin: "a.tca", terminalWidth: 80),
      .execute(input: "ünïcode ✔", firstLine: 1, origin: nil, terminalWidth: nil),
      .complete(line: "store.send(.inc", cursor: 15),
      .interrupt,
      .replay(inputs: [":load Counter.swift", "store.send(.increment)"]),
      .reset,
    ]
    let events: [KernelEvent] = [
      .output(.line("error: ünïcode", .error) + StyledText("  −   a\n", .removed)),
      .standardOutput("tick 1 ✔"),
      .ready(KernelProgress(problemCount: 0, replayable: [":load Crashy"], setupStatus: 1)),
      .done(control: .quit, progress: KernelProgress(problemCount: 2, replayable: [])),
      .completions(CompletionResult(start: 12, candidates: ["increment", "incrementTwice"], appendsSpace: false)),
    ]
    var stream: [UInt8] = []
    for request in requests { stream += KernelFrame.encode(request) }
    var decoder = KernelFrame.Decoder()
    // Byte by byte: a message split anywhere is put back together.
    var decoded: [KernelRequest] = []
    for byte in stream {
      decoder.append([byte])
      while let request = try decoder.next(KernelRequest.self) { decoded.append(request) }
    }
    #expect(decoded == requests)
    var eventDecoder = KernelFrame.Decoder()
    for event in events { eventDecoder.append(KernelFrame.encode(event)) }
    var decodedEvents: [KernelEvent] = []
    while let event = try eventDecoder.next(KernelEvent.self) { decodedEvents.append(event) }
    #expect(decodedEvents == events)
    // A frame claiming more than the limit is refused, not waited for.
    var bad = KernelFrame.Decoder()
    bad.append([0xFF, 0xFF, 0xFF, 0xFF, 0x7B])
    #expect(throws: KernelWireError.self) { try bad.next(KernelRequest.self) }
    // A malformed message is refused: an unknown case, a string longer than its message,
    // bytes left over.
    for body: [UInt8] in [[9], [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], [4, 0]] {
      var malformed = KernelFrame.Decoder()
      malformed.append([0, 0, 0, UInt8(body.count)] + body)
      #expect(throws: KernelWireError.self) { try malformed.next(KernelRequest.self) }
    }
  }

  @Test func aCrashReportNamesTheTrapTheActionAndTheUsersFrame() {
    let exit = KernelExit(
      signal: 4, status: 0,
      crashLines: [
        "UserFeature_2/Crashy.swift:27: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
        CrashReport.activityPrefix + "reducing .forceUnwrap in Crashy",
        "*** Signal 4: Backtracing from 0x7f… done ***",
      ],
      report: CrashReport.Frames(frames: [
        .init(description: "_assertionFailure(_:_:file:line:flags:) + 302", image: "libswiftCore.so"),
        .init(description: "Reduce.reduce(into:action:) + 107", image: "tcaplay", file: (CrashReport.playgroundSources ?? "/") + "ComposableArchitecture/Reduce.swift", line: 29, column: 10),
        .init(description: "closure #1 in Crashy.body.getter + 80", image: "libUserFeature_2.so", file: "/elsewhere/Crashy.swift", line: 27, column: 31),
      ])
    )
    #expect(
      CrashReport.lines(for: exit, input: "store.send(.forceUnwrap)") == [
        "error: Crashy.swift:27: the reducer trapped: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
        "  while reducing .forceUnwrap in Crashy; running `store.send(.forceUnwrap)`; at closure #1 in Crashy.body.getter (Crashy.swift:27:31)",
      ]
    )
    // Killed, without a message or a report.
    let killed = KernelExit(signal: 9, status: 0, crashLines: [], report: nil)
    #expect(CrashReport.lines(for: killed, input: nil) == ["error: the session's code trapped: signal 9 (SIGKILL)"])
  }
}
