import Foundation
import Testing
import TestSupport

/// Effects that misbehave, in the real `tcaplay`: a reducer that feeds itself actions forever,
/// an effect that throws, an effect that never finishes, a clock advanced past thousands of timer
/// ticks. Each is bounded or interruptible, reported, and the session goes on.
@Suite(.serialized) struct MisbehavingEffectsTests {
  /// A user's feature with every misbehaviour, loaded with `--load` as a person debugging their
  /// own reducer would.
  static let misbehaving = """
    import ComposableArchitecture

    @Reducer
    struct Misbehaving {
      struct State: Equatable {
        var count = 0
      }
      enum Action: Equatable {
        case loopForever
        case neverFinish
        case throwError
        case tick
      }
      struct Boom: Error {}
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .loopForever:
            state.count += 1
            return .send(.loopForever)
          case .neverFinish:
            return .run { _ in try await Task.sleep(for: .seconds(1_000_000)) }
          case .throwError:
            return .run { _ in throw Boom() }
          case .tick:
            state.count += 1
            return .none
          }
        }
      }
    }
    """

  func featureFile() throws -> String {
    try FeatureFolder().write("Misbehaving.swift", Self.misbehaving)
  }

  @Test(.enabled(if: compilerIsAvailable))
  func pipedLoopsThrowsAndHangsAreReportedAndTheSessionGoesOn() async throws {
    let result = try await Binary.run(
      ["--load", try self.featureFile()],
      input: """
        :print off
        store.send(.loopForever)
        store.state.count
        let t = TestStore(initialState: Misbehaving.State(), reducer: Misbehaving())
        t.send(.throwError)
        t.finish()
        t.send(.neverFinish)
        t.finish(timeout: .milliseconds(50))
        t.skipInFlightEffects()
        t.send(.tick) { $0.count = 1 }
        t.state.count

        """
    )
    #expect(result.status == 1)
    let failures = result.output.split(separator: "\n").filter { $0.hasPrefix("✘ ") }
    #expect(
      failures == [
        "✘ The store processed 100000 actions synchronously for one send and dropped the 1 still queued. …",
        "✘ An \"Effect.run\" returned from \"UserFeature_1/Misbehaving.swift:24\" threw an unhandled error.",
        "✘ Expected effects to finish, but there are still effects in-flight after 0.05 seconds.",
      ]
    )
    // The loop stopped at the bound, and the session went on to the last line.
    #expect(result.output.contains("\n100000\n"))
    #expect(result.output.hasSuffix("\n1\n"))
  }

  /// Types `command` at the prompt, lets it work for `seconds`, presses Ctrl-C and waits for
  /// "Interrupted." (work that ignored Ctrl-C times out here); returns what was printed.
  @discardableResult
  func interrupt(_ command: String, in terminal: PseudoTerminal, after seconds: TimeInterval) async throws -> String {
    terminal.type(command + "\r")
    try await terminal.expect(command + "\n")
    try await Task.sleep(for: .seconds(seconds))
    terminal.type(PseudoTerminal.ctrlC)
    return try await terminal.expect("Interrupted.\n", timeout: 10)
  }

  @Test(.enabled(if: compilerIsAvailable))
  func ctrlCStopsWaitingForAnEffectThatNeverFinishes() async throws {
    let terminal = try await Binary.terminal(["--load", try self.featureFile()], promptTimeout: 120)
    terminal.type("let t = TestStore(initialState: Misbehaving.State(), reducer: Misbehaving())\r")
    try await terminal.expect("tca> ")
    terminal.type("t.send(.neverFinish)\r")
    try await terminal.expect("tca> ")
    // The wait stops: no failure about the effect, which was never given its time.
    let output = try await self.interrupt("t.finish(timeout: .seconds(600))", in: terminal, after: 0.5)
    #expect(!output.contains("Expected effects to finish"))
    try await terminal.expect("tca> ")
    terminal.type("t.send(.tick) { $0.count = 1 }\r")
    try await terminal.expect("+ Misbehaving.State(count: 1)")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func ctrlCStopsALongClockAdvanceBetweenTimerTicks() async throws {
    let terminal = try await Binary.terminal(["--feature", "CounterStack.Counter"])
    terminal.type(":print off\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.toggleTimerButtonTapped)\r")
    try await terminal.expect("tca> ")
    // A million one-second ticks: minutes of work, stopped by Ctrl-C.
    try await self.interrupt("store.advance(by: .seconds(1000000))", in: terminal, after: 1)
    try await terminal.expect("tca> ")
    // The ticks so far counted; the clock stopped where it was.
    terminal.type("store.state.count\r")
    let count = try await terminal.expect("tca> ").split(separator: "\n").dropFirst().first.flatMap { Int($0) }
    #expect((count ?? 0) > 0 && (count ?? .max) < 1_000_000)
    terminal.type(":clock\r")
    try await terminal.expect("store: ")
    try await terminal.expect("of test time elapsed")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }
}
