import FeatureCatalog
@testable import FeatureLoader
import Foundation
import Testing
import TCAScript
import TestSupport

/// Whether the toolchain has SourceKit's in-process library, which the warm compiler uses.
private let sourceKitIsAvailable = Toolchain.find().map { FileManager.default.fileExists(atPath: $0.sourceKitLibrary.path) } ?? false

/// The loader compiles in its own process through SourceKit (the warm compiler) where it can,
/// and through the compile plan's frontend otherwise; what a user sees is the same either way.
@MainActor
@Suite(.enabled(if: compilerIsAvailable && sourceKitIsAvailable, "swiftc or SourceKit's in-process library is missing"))
struct WarmCompilerTests {
  @Test func reloadsEditsInsideTheReduceClosureAndOfAStoredPropertyDefault() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterSource())
    let loader = FeatureLoader()
    let loaded = try await loader.load(LoadRequest(path: path))
    #expect(loaded.isWarmCompiled)
    let session = emptySession()
    session.install(loaded.catalog)
    session.printer.mode = .off
    await session.run("let store = Store(initialState: Counter.State(), reducer: Counter())")
    await session.run("store.send(.incrementButtonTapped)")
    #expect(await session.run("store.state.count").map(\.text) == ["1"])

    // An edit inside the `Reduce` closure of `var body`.
    try folder.write("Counter.swift", counterSource(increment: "state.count += 10"))
    let reduceEdit = try #require(try await loader.reload().first)
    #expect(reduceEdit.isWarmCompiled)
    session.install(reduceEdit.catalog)
    await session.run("let second = Store(initialState: Counter.State(), reducer: Counter())")
    await session.run("second.send(.incrementButtonTapped)")
    #expect(await session.run("second.state.count").map(\.text) == ["10"])

    // An edit of a stored property's default, and one more inside the closure.
    try folder.write(
      "Counter.swift",
      counterSource(increment: "state.count += 100").replacingOccurrences(of: "var count = 0", with: "var count = 7")
    )
    let defaultEdit = try #require(try await loader.reload().first)
    #expect(defaultEdit.isWarmCompiled)
    #expect(defaultEdit.moduleName != reduceEdit.moduleName)
    session.install(defaultEdit.catalog)
    await session.run("let third = Store(initialState: Counter.State(), reducer: Counter())")
    #expect(await session.run("third.state.count").map(\.text) == ["7"])
    await session.run("third.send(.incrementButtonTapped)")
    #expect(await session.run("third.state.count").map(\.text) == ["107"])
  }

  @Test func errorsAndWarningsReadTheSameWithAndWithoutTheWarmCompiler() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    try folder.write("Counter.swift", counterSource(increment: "state.count += \"one\""))
    var errors: [String] = []
    for usesWarmCompiler in [false, true] {
      let loader = FeatureLoader()
      loader.usesWarmCompiler = usesWarmCompiler
      do {
        _ = try await loader.load(LoadRequest(path: folder.path))
        Issue.record("expected a compilation error")
      } catch let .compilation(text) {
        errors.append(text)
      } catch {
        Issue.record("expected a compilation error, got \(error)")
      }
      // Its errors don't turn it off: they are the user's.
      #expect(loader.usesWarmCompiler == usesWarmCompiler)
    }
    #expect(errors.count == 2)
    #expect(errors.first == errors.last)
    #expect(errors.first?.contains("Counter.swift:18:24: error: cannot convert value of type 'String' to expected argument type 'Int'") == true)

    // A warning about the user's file is shown as the frontend prints it, so the frontend
    // compiles that file again.
    try folder.write("Counter.swift", counterSource(increment: "let unused = 1\n      state.count += 1"))
    var warnings: [String?] = []
    for usesWarmCompiler in [false, true] {
      let loader = FeatureLoader()
      loader.usesWarmCompiler = usesWarmCompiler
      let loaded = try await loader.load(LoadRequest(path: folder.path))
      #expect(!loaded.isWarmCompiled)
      warnings.append(loaded.warnings)
    }
    #expect(warnings.first == warnings.last)
    #expect(warnings.first??.contains("initialization of immutable value 'unused' was never used") == true)
  }

  @Test func theSwitchTurnsItOff() async throws {
    #expect(FeatureLoader.warmCompilerIsOn(in: [:]))
    #expect(FeatureLoader.warmCompilerIsOn(in: ["TCAPLAY_WARM_COMPILER": "on"]))
    #expect(!FeatureLoader.warmCompilerIsOn(in: ["TCAPLAY_WARM_COMPILER": "off"]))

    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterSource())
    let loader = FeatureLoader()
    loader.usesWarmCompiler = false
    #expect(try await loader.load(LoadRequest(path: path)).isWarmCompiled == false)
    #expect(try await loader.reload().map(\.isWarmCompiled) == [false])
    // Without the compile plan (whose link it uses), it is not used either.
    let driverLoader = FeatureLoader()
    driverLoader.followsCompilePlan = false
    #expect(try await driverLoader.load(LoadRequest(path: path)).isWarmCompiled == false)
  }

  /// A toolchain without SourceKit's library compiles through its frontend, and stops asking.
  @Test func withoutTheLibraryTheFrontendCompiles() async throws {
    let toolchain = try #require(Toolchain.find())
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-no-sourcekit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let bin = root.appendingPathComponent("usr/bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let swiftc = bin.appendingPathComponent("swiftc")
    try "#!/bin/sh\nexec \(toolchain.swiftc.path) \"$@\"\n".write(to: swiftc, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swiftc.path)
    #expect(throws: WarmCompiler.Unavailable.self) {
      try WarmCompiler.shared(library: Toolchain(swiftc: swiftc).sourceKitLibrary)
    }

    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterSource())
    // A work directory of its own: the plan is asked for (no cache) where no other test's is.
    let loader = FeatureLoader(toolchain: Toolchain(swiftc: swiftc), workDirectory: root.appendingPathComponent("work"))
    loader.planCache = nil
    let loaded = try await loader.load(LoadRequest(path: path))
    #expect(loaded.featureNames == ["Counter"])
    #expect(!loaded.isWarmCompiled)
    #expect(!loader.usesWarmCompiler)
  }

  @Test func takesTheDriversArgumentsForAnObject() {
    #expect(
      WarmCompiler.compilerArguments(
        driverArguments: ["-emit-library", "-Onone", "-Xlinker", "-undefined", "-Xfrontend", "-import-module", "-Xllvm", "-x"],
        inputs: ["/b/0-Counter.swift", "/b/UserFeature_2+Registration.swift"], moduleName: "UserFeature_2", object: "/b/UserFeature_2.o"
      ) == [
        "-c", "-Onone", "-Xfrontend", "-import-module", "-wmo", "-module-name", "UserFeature_2", "-o", "/b/UserFeature_2.o",
        "/b/0-Counter.swift", "/b/UserFeature_2+Registration.swift",
      ]
    )
  }
}
