import Foundation
import Testing
import TestSupport

/// A feature whose effect takes real time (`Task.sleep`, not the playground's test clock), at a
/// terminal: Ctrl-C stops a `receive` waiting for it, and its action is printed above a line
/// being typed.
@Suite(.serialized) struct SlowEffectTests {
  static let slow = """
    import ComposableArchitecture

    @Reducer
    struct Slow {
      struct State: Equatable {
        var loaded = 0
      }
      enum Action: Equatable {
        case load
        case loadForever
        case loaded(Int)
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .load:
            return .run { send in
              try await Task.sleep(for: .seconds(5))
              await send(.loaded(3))
            }
          case .loadForever:
            return .run { send in
              try await Task.sleep(for: .seconds(3600))
              await send(.loaded(1))
            }
          case let .loaded(count):
            state.loaded = count
            return .none
          }
        }
      }
    }
    """

  func start() async throws -> (PseudoTerminal, FeatureFolder) {
    let folder = try FeatureFolder()
    let file = try folder.write("Slow.swift", Self.slow)
    // The first prompt comes after the file is compiled.
    let terminal = try await Binary.terminal(["--load", file], promptTimeout: 120)
    return (terminal, folder)
  }

  @Test(.enabled(if: compilerIsAvailable))
  func interruptStopsAReceiveWaitingForAnEffect() async throws {
    let (terminal, folder) = try await self.start()
    defer { folder.remove() }
    terminal.type("let t = TestStore(initialState: Slow.State()) { Slow() }\r")
    try await terminal.expect("tca> ")
    terminal.type("t.send(.loadForever)\r")
    try await terminal.expect("tca> ")
    // Without Ctrl-C the receive would wait a minute (and the test time out); the effect
    // takes an hour, so it can't answer first however loaded the machine is.
    terminal.type("t.receive(\\.loaded, timeout: .seconds(60))\r")
    try await terminal.expect("t.receive(\\.loaded, timeout: .seconds(60))")
    // The echo comes before the receive starts waiting: on a loaded machine a Ctrl-C typed at
    // once can arrive before the wait it interrupts, so it is typed again until it lands.
    var interrupted = false
    for _ in 0..<20 where !interrupted {
      terminal.type(PseudoTerminal.ctrlC)
      interrupted = (try? await terminal.expect("Interrupted.", timeout: 3)) != nil
    }
    #expect(interrupted)
    try await terminal.expect("tca> ")
    terminal.type("t.state.loaded\r")
    try await terminal.expect("0")
    try await terminal.expect("tca> ")
    terminal.type("t.skipInFlightEffects()\r")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test(.enabled(if: compilerIsAvailable))
  func effectOutputIsPrintedAboveTheLineBeingTyped() async throws {
    let (terminal, folder) = try await self.start()
    defer { folder.remove() }
    terminal.type("store.send(.load)\r")
    try await terminal.expect("(No state changes)")
    try await terminal.expect("tca> ")
    terminal.type("store.state.lo")
    try await terminal.expect("store.state.lo")
    // The effect finishes (five seconds later) while the line is being typed: its action is
    // printed, then the prompt and the partly typed line are drawn again below it.
    try await terminal.expect("Slow.Action.loaded(3)")
    try await terminal.expect("+ Slow.State(loaded: 3)")
    try await terminal.expect("tca> store.state.lo")
    terminal.type("aded\r")
    try await terminal.expect("aded\n3\n")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }
}
