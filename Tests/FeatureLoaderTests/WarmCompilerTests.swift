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
    #expect(loaded.coldBecause == nil)
    let session = emptySession()
    session.install(loaded.catalog)
    session.printer.mode = .off
    await session.run("let store = Store(initialState: Counter.State(), reducer: Counter())")
    await session.run("store.send(.incrementButtonTapped)")
    #expect(await session.run("store.state.count").map(\.text) == ["1"])

    // An edit inside the `Reduce` closure of `var body`.
    try folder.write("Counter.swift", counterSource(increment: "state.count += 10"))
    let reduceEdit = try #require(try await loader.reload().first)
    #expect(reduceEdit.coldBecause == nil)
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
    #expect(defaultEdit.coldBecause == nil)
    #expect(defaultEdit.moduleName != reduceEdit.moduleName)
    session.install(defaultEdit.catalog)
    await session.run("let third = Store(initialState: Counter.State(), reducer: Counter())")
    #expect(await session.run("third.state.count").map(\.text) == ["7"])
    await session.run("third.send(.incrementButtonTapped)")
    #expect(await session.run("third.state.count").map(\.text) == ["107"])
  }

  /// A macro plugin SourceKit starts during a compile lives on: it must not hold a copy of a
  /// pipe the process has open (a session reading that pipe would never see its end).
  @Test func aWarmCompileLeavesNoDescriptorToInherit() async throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { ends.forEach { _ = close($0) } }
    #expect(ends.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC == 0 })
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let loaded = try await FeatureLoader().load(LoadRequest(path: try folder.write("Counter.swift", counterSource())))
    #expect(loaded.coldBecause == nil)
    #expect(ends.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
  }

  /// A compile puts SourceKit's crash handlers in place and the playground's back afterwards;
  /// other signals stay as they are, even when another thread changes one meanwhile (putting
  /// back a stale SIGCHLD left a child process that had ended unreaped, and its waiter waiting
  /// forever).
  @Test func aSignalHandlerSetDuringACompileStaysSet() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterSource())
    // Opening SourceKit swaps the handlers too: done first, so that what follows is a compile.
    #expect(try await FeatureLoader().load(LoadRequest(path: path)).coldBecause == nil)
    let playgroundSegv = handler(of: SIGSEGV)
    let before = handler(of: SIGURG)
    defer { _ = signal(SIGURG, SIG_DFL) }
    let load = Task { try await FeatureLoader().load(LoadRequest(path: path)) }
    // A compile has begun when SourceKit's handler is in place (this one's, or another test's:
    // either must leave SIGURG alone).
    let start = ContinuousClock.now
    while handler(of: SIGSEGV) == playgroundSegv, ContinuousClock.now - start < .seconds(60) {
      try await Task.sleep(for: .microseconds(200))
    }
    #expect(handler(of: SIGSEGV) != playgroundSegv, "no compile put SourceKit's handlers in place")
    _ = signal(SIGURG, ignoreURG)
    let set = handler(of: SIGURG)
    #expect(set != before)
    #expect(try await load.value.coldBecause == nil)
    #expect(handler(of: SIGURG) == set)
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
      // The warm compiler says why it left the compile to the frontend: the user's warning.
      #expect(usesWarmCompiler ? loaded.coldBecause?.contains("Counter.swift:") == true : loaded.coldBecause != nil)
      #expect(!usesWarmCompiler || loaded.coldBecause?.contains("warning: initialization of immutable value 'unused'") == true)
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
    try writeExecutable("#!/bin/sh\nexec \(toolchain.swiftc.path) \"$@\"\n", to: swiftc.path)
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

/// The sweep before a warm compile.
struct InheritedDescriptorsTests {
  @Test func listsOpenDescriptorsAndMarksThemCloseOnExec() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { ends.forEach { _ = close($0) } }
    let open = InheritedDescriptors.open()
    #expect(open.contains(ends[0]) && open.contains(ends[1]) && open.contains(2))
    InheritedDescriptors.markAllCloseOnExec()
    #expect(ends.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
    // Standard input, output and error are a child's to inherit.
    #expect(fcntl(2, F_GETFD) & FD_CLOEXEC == 0)
  }
}

/// The address of `signal`'s handler now (0 for the default action).
private func handler(of signal: Int32) -> UInt {
  var action = sigaction()
  _ = sigaction(signal, nil, &action)
  return UInt(bitPattern: unsafeBitCast(action.__sigaction_handler.sa_handler, to: UnsafeRawPointer?.self))
}

/// A handler that does nothing, for ``WarmCompilerTests/aSignalHandlerSetDuringACompileStaysSet()``.
private let ignoreURG: @convention(c) (Int32) -> Void = { _ in }
