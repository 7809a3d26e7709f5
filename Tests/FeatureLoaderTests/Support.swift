import FeatureCatalog
import FeatureLoader
import Foundation
import TCAScript

/// A session with no features of its own, for loaded ones.
@MainActor
func emptySession() -> Session {
  Session(catalog: Catalog(module: "Playground") {})
}

/// A counter feature file; `increment` is the body of the increment case, and `extraCase` an
/// action case that does nothing.
func counterSource(increment: String = "state.count += 1", extraCase: String? = nil) -> String {
  let extraDeclaration = extraCase.map { "\n    case \($0)" } ?? ""
  let extraHandling = extraCase.map { "\n      case .\($0):\n        return .none" } ?? ""
  return """
  import ComposableArchitecture

  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable {
      var count = 0
    }
    enum Action: Equatable {
      case incrementButtonTapped
      case decrementButtonTapped
      case incrementLaterButtonTapped\(extraDeclaration)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementButtonTapped:
          \(increment)
          return .none
        case .decrementButtonTapped:
          state.count -= 1
          return .none
        case .incrementLaterButtonTapped:
          return .run { send in await send(.incrementButtonTapped) }\(extraHandling)
        }
      }
    }
  }

  """
}
