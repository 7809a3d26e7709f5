import FeatureCatalog
import FeatureLoader
import Foundation
import TCAScript

/// Whether `swiftc` is on PATH: the tests that compile feature files are skipped without it.
let compilerIsAvailable = Toolchain.find() != nil
let compilerMissing = "swiftc is not on PATH, so feature files can't be compiled: loading tests skipped"

/// A fresh temporary folder for a test's feature files.
struct FeatureFolder {
  let url: URL

  init() throws {
    self.url = FileManager.default.temporaryDirectory
      .appendingPathComponent("FeatureLoaderTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: self.url, withIntermediateDirectories: true)
  }

  /// Writes a file into the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ source: String) throws -> String {
    let path = self.url.appendingPathComponent(name).path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  var path: String { self.url.path }

  func remove() {
    try? FileManager.default.removeItem(at: self.url)
  }
}

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
