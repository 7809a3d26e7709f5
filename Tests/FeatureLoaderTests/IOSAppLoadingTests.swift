import FeatureCatalog
@testable import FeatureLoader
import Foundation
import Testing
import TestSupport

private let sourceKitIsAvailable = Toolchain.find().map { FileManager.default.fileExists(atPath: $0.sourceKitLibrary.path) } ?? false

/// Loading files written for iOS (Tests/Fixtures/iOSApps): the stand-ins' module aliases in the
/// warm compiler, and the notes a failed load keeps.
@MainActor
@Suite(.enabled(if: compilerIsAvailable, "swiftc is missing"))
struct IOSAppLoadingTests {
  static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/iOSApps")

  /// `import SwiftUI`, `import Combine` and `import os` resolve to the stand-ins through
  /// `-module-alias`, in the warm compiler (SourceKit, in process) as in the frontend.
  @Test(.enabled(if: sourceKitIsAvailable, "SourceKit's in-process library is missing"))
  func theWarmCompilerHonoursTheStandInsAliases() async throws {
    let loader = FeatureLoader()
    loader.compileServer = nil
    let ticker = try await loader.load(LoadRequest(path: Self.apps.appendingPathComponent("Ticker").path))
    #expect(ticker.featureNames == ["Ticker"])
    #expect(ticker.coldBecause == nil)
    let palette = Self.apps.appendingPathComponent("Palette").path
    let loaded = try await loader.load(LoadRequest(path: palette))
    #expect(loaded.coldBecause == nil)
    #expect(loaded.notes == ["\(palette)/Palette.swift: a view left out"])
  }

  /// A load that fails keeps its notes, and the compiler's output is its own, one "error:" a line.
  @Test func aFailedLoadKeepsItsNotesAndTheCompilersOutput() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    try folder.write("Live.swift", "import CoreLocation\nlet manager = CLLocationManager()\n")
    try folder.write(
      "Row.swift",
      "import ComposableArchitecture\nimport SwiftUI\nstruct RowView: View {\n  var body: some View { Text(\"\") }\n}\nlet count: Int = \"many\"\n"
        + "@Reducer struct Row {\n  struct State: Equatable {}\n  enum Action {}\n  var body: some ReducerOf<Self> { EmptyReducer() }\n}\n"
    )
    do {
      _ = try await FeatureLoader().load(LoadRequest(path: folder.path))
      Issue.record("the load succeeded")
    } catch {
      #expect(error.notes == [
        "\(folder.path)/Row.swift: a view left out",
        "Left out \(folder.path)/Live.swift: it uses CoreLocation, which isn't on Linux.",
      ])
      #expect(error.isCompilerOutput)
      #expect(error.message.hasPrefix("\(folder.path)/Row.swift:6:18: error: cannot convert value of type 'String'"), "\(error.message)")
    }
  }

  /// "Name one of the types" lists no private type, and each name once.
  @Test func theTypesToNameAreNotPrivateAndNotRepeated() throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    try folder.write("A.swift", "import Foundation\nstruct Client {}\nprivate final class Delegate {}\n")
    try folder.write("B.swift", "import Foundation\nfileprivate enum Delegate {}\nstruct Model {}\n")
    #expect(throws: LoadError.noReducers(files: ["\(folder.path)/A.swift", "\(folder.path)/B.swift"], types: ["Client", "Model"])) {
      try SourceFiles([folder.path]).features(for: [])
    }
  }
}
