import ComposableArchitecture
import FeatureCatalog
import TCAScript
import Testing

/// A plain TCA feature whose effect, once its second on the clock has passed, still takes a
/// moment of real time (as any work after a sleep may on a busy machine) before it sends.
struct Chime: Reducer {
  struct State: Equatable {
    var rang = false
  }

  enum Action: Equatable {
    case ring
    case rang
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ring:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        try await Task.sleep(for: .milliseconds(50))
        await send(.rang)
      }
    case .rang:
      state.rang = true
      return .none
    }
  }
}

let chimeCatalog = Catalog(module: "Chimes") {
  FieldDefaults(Chime.State())
  Feature("Chime", summary: "An effect that sends a moment after its sleep", initialState: Chime.State(), reducer: { Chime() })
}

/// `store.advance(by:)` in a session: what the advance wakes sends its actions before the
/// advance returns (within the session's effect grace), so that they are the advance's step.
@MainActor
@Suite struct AdvanceTests {
  @Test func anEffectTheAdvanceWokeSendsBeforeTheNextStatement() async throws {
    let session = Session(catalog: chimeCatalog)
    session.printer.mode = .off
    _ = try session.load(featureNamed: "Chime")
    let outputs = await session.run("store.send(.ring)") + session.run("store.advance(by: .seconds(1))")
      + session.run("store.state.rang")
    #expect(outputs.last?.rendered == "true", "\(outputs.map(\.rendered))")
  }
}
