import ComposableArchitecture
import FeatureCatalog
import Foundation

// A 1.x feature reading its dependencies through `@Dependency`, for `withDependencies:` and
// `store.dependencies` (TestStoreSurfaceTests).

struct Greeter: Sendable {
  var greet: @Sendable (String) -> String
}

extension Greeter: DependencyKey {
  static let liveValue = Greeter { "Hello, \($0)" }
  static let testValue = Greeter { "Hello, \($0)" }
  static let previewValue = Greeter { "Hello, \($0)" }
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}

struct Stamper: Reducer {
  struct State: Equatable {
    var ids: [UUID] = []
    var stamps: [Date] = []
    var greeting = ""
    var ticks = 0
    var alert: AlertState<Action>?
  }

  enum Action: Equatable {
    case stamp
    case greet(String)
    case startTimer
    case tick
    case warn
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.continuousClock) var clock
  @Dependency(\.greeter) var greeter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp:
      state.ids.append(self.uuid())
      state.stamps.append(self.now)
      return .none
    case let .greet(name):
      state.greeting = self.greeter.greet(name)
      return .none
    case .startTimer:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      return .none
    case .warn:
      state.alert = AlertState {
        TextState("Careful")
      } actions: {
        ButtonState(role: .destructive, action: .tick) { TextState("Tick") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("It ticks.")
      }
      return .none
    }
  }
}

let stampCatalog = Catalog(module: "Stamps") {
  FieldDefaults(Stamper.State())
  Feature(
    "Stamper", summary: "Ids, dates and a timer from dependencies",
    initialState: Stamper.State(),
    dependencies: [("greeter.loud", { $0.greeter = Greeter { "HELLO, \($0.uppercased())!" } })],
    reducer: { Stamper() }
  )
}
