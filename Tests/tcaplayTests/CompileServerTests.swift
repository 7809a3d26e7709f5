import FeatureCatalog
@testable import FeatureLoader
import Foundation
import TCAScript
import TestSupport
import Testing

/// Whether the toolchain has `swiftc` and SourceKit's in-process library, which the server uses.
private let canCompileWarm = Toolchain.find().map { FileManager.default.fileExists(atPath: $0.sourceKitLibrary.path) } ?? false

/// A kernel's loader compiles in `tcaplay-kernel compile-server`, a process of its own, and
/// falls back to the frontend when that process ends.
@MainActor
@Suite(.enabled(if: canCompileWarm, "swiftc or SourceKit's in-process library is missing"))
struct CompileServerTests {
  @Test func aLoaderCompilesInTheServerAndReloadsEditsWarm() async throws {
    let setUp = try ServerSetUp()
    defer { setUp.remove() }
    let loaded = try await setUp.loader.load(LoadRequest(path: setUp.path))
    #expect(loaded.coldBecause == nil)
    #expect(try await setUp.server.runningServersOffPool().count == 1)
    #expect(await countAfterOneIncrement(loaded) == ["1"])

    try setUp.edit(increment: "state.count += 10")
    let reloaded = try #require(try await setUp.loader.reload().first)
    #expect(reloaded.coldBecause == nil)
    #expect(await countAfterOneIncrement(reloaded) == ["10"])
    // Still the one server.
    #expect(try await setUp.server.runningServersOffPool().count == 1)
  }

  @Test func aServerThatEndedLeavesTheCompileToTheFrontend() async throws {
    let setUp = try ServerSetUp()
    defer { setUp.remove() }
    #expect(try await setUp.loader.load(LoadRequest(path: setUp.path)).coldBecause == nil)
    let running = try await setUp.server.runningServersOffPool()
    try #require(running.count == 1)
    kill(running[0], SIGKILL)

    try setUp.edit(increment: "state.count += 10")
    let reloaded = try #require(try await setUp.loader.reload().first)
    #expect(reloaded.coldBecause?.contains("the compile server ended") == true, "\(reloaded.coldBecause ?? "warm")")
    #expect(!setUp.loader.usesWarmCompiler)
    #expect(await countAfterOneIncrement(reloaded) == ["10"])
  }

  /// `tcaplay`'s kernel sets its loader's server: itself, started at the first `:load`; the
  /// server ends when the kernel does.
  @Test func aKernelCompilesInAServerThatEndsWithIt() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterFile(increment: "state.count += 1"))
    let (servers, output) = try await offPool { () throws -> ([pid_t], String) in
      let child = try Binary.start([], discardingErrors: true)
      let deadline = child.deadline([])
      child.input.write(Data(":load \(path)\n\"loaded\"\n".utf8))
      var output = Data()
      while !String(decoding: output, as: UTF8.self).contains("\"loaded\"\n"), case let chunk = child.output.availableData,
        !chunk.isEmpty
      {
        output += chunk
      }
      let servers = Leftovers(below: child.process.processIdentifier, holdingPipeOf: -1).entries
        .filter { $0.command.contains(" compile-server --library ") }.map(\.pid)
      try child.input.close()
      while case let chunk = child.output.availableData, !chunk.isEmpty { output += chunk }
      child.process.waitUntilExit()
      try deadline.finish(output: output)
      return (servers, String(decoding: output, as: UTF8.self))
    }
    #expect(output.contains("Loaded Counter"), "\(output)")
    try #require(servers.count == 1, "\(output)")
    let start = ContinuousClock.now
    while Leftovers.isRunning(servers[0]), ContinuousClock.now - start < .seconds(60) {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(!Leftovers.isRunning(servers[0]))
  }

  /// The wire: a request in, its outcome out (here SourceKit's library is missing), and the
  /// server ends when its input does.
  @Test func theServerAnswersEachRequestAndEndsWithItsInput() async throws {
    // Off the main actor: starting the server and waiting for its answers blocks, and TCA tests
    // beside this one have a second for their effects.
    let (outcomes, status) = try await offPool { () throws -> ([WarmCompiler.Outcome?], Int32?) in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.kernel)
      process.arguments = ["compile-server", "--library", "/nonexistent/libsourcekitdInProc.so"]
      // Descriptors that close on exec: a process another test starts meanwhile mustn't keep a
      // copy of the input's writing end, or the server never sees its input end.
      let input = try ChildPipe()
      let output = try ChildPipe()
      process.standardInput = input.fileHandleForReading
      process.standardOutput = output.fileHandleForWriting
      try process.run()
      try input.fileHandleForReading.close()
      try output.fileHandleForWriting.close()
      let request = CompileServer.Request(driverArguments: ["-Onone"], inputs: ["/b/a.swift"], moduleName: "UserFeature_1", object: "/b/a.o")
      var outcomes: [WarmCompiler.Outcome?] = []
      for _ in 0..<2 {
        guard CompileServer.Frames.write(try JSONEncoder().encode(request), to: input.fileHandleForWriting.fileDescriptor),
          let reply = CompileServer.Frames.read(from: output.fileHandleForReading.fileDescriptor)
        else {
          outcomes.append(nil)
          continue
        }
        outcomes.append(try? JSONDecoder().decode(WarmCompiler.Outcome.self, from: reply))
      }
      try input.fileHandleForWriting.close()
      let start = ContinuousClock.now
      while process.isRunning, ContinuousClock.now - start < .seconds(60) {
        usleep(20_000)
      }
      guard !process.isRunning else {
        process.terminate()
        return (outcomes, nil)
      }
      return (outcomes, process.terminationStatus)
    }
    #expect(outcomes == Array(repeating: .requestFailed("/nonexistent/libsourcekitdInProc.so does not exist"), count: 2))
    #expect(status == 0, "the server didn't end with its input")
  }

  @Test func theSwitchKeepsCompilesInTheProcess() {
    let kernel = URL(fileURLWithPath: "/x/tcaplay-kernel")
    #expect(FeatureLoader.compileServer(executable: kernel, environment: [:]) == kernel)
    #expect(FeatureLoader.compileServer(executable: kernel, environment: ["TCAPLAY_COMPILE_SERVER": "on"]) == kernel)
    #expect(FeatureLoader.compileServer(executable: kernel, environment: ["TCAPLAY_COMPILE_SERVER": "off"]) == nil)
    #expect(FeatureLoader.compileServer(executable: nil, environment: [:]) == nil)
  }

  @Test func framesEndingEarlyReadAsNothing() throws {
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    defer { close(ends[0]) }
    #expect(CompileServer.Frames.write(Data("hello".utf8), to: ends[1]))
    #expect(CompileServer.Frames.read(from: ends[0]) == Data("hello".utf8))
    // A length that promises more than comes before the end.
    var header = UInt32(10).littleEndian
    _ = withUnsafeBytes(of: &header) { write(ends[1], $0.baseAddress, 4) }
    _ = write(ends[1], "abc", 3)
    close(ends[1])
    #expect(CompileServer.Frames.read(from: ends[0]) == nil)
    // Writing to an end whose other end is closed fails (no SIGPIPE).
    #expect(!CompileServer.Frames.write(Data("x".utf8), to: ends[0]))
  }
}

/// A counter feature file, and a loader whose compiles go to a server of its own.
@MainActor
private struct ServerSetUp {
  let folder: FeatureFolder
  let path: String
  let server: ServerExecutable
  let loader = FeatureLoader()

  init() throws {
    self.folder = try FeatureFolder()
    self.path = try self.folder.write("Counter.swift", counterFile(increment: "state.count += 1"))
    self.server = try ServerExecutable()
    self.loader.compileServer = self.server.url
  }

  func edit(increment: String) throws {
    try self.folder.write("Counter.swift", counterFile(increment: increment))
  }

  func remove() {
    self.folder.remove()
    self.server.remove()
  }
}

/// The count after one `.increment` sent to a new store of `loaded`'s `Counter`.
@MainActor
private func countAfterOneIncrement(_ loaded: LoadedFeatures) async -> [String] {
  let session = Session(catalog: Catalog(module: "Playground") {})
  session.install(loaded.catalog)
  session.printer.mode = .off
  await session.run("let store = Store(initialState: Counter.State(), reducer: Counter())")
  await session.run("store.send(.increment)")
  return await session.run("store.state.count").map(\.text)
}

/// The kernel executable under a path of this test's own (a link), so that its loader has a
/// server of its own: connections are one per executable and library in a process.
private struct ServerExecutable: Sendable {
  let directory: URL
  let url: URL

  init() throws {
    self.directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
    self.url = self.directory.appendingPathComponent("tcaplay-kernel")
    try FileManager.default.createSymbolicLink(atPath: self.url.path, withDestinationPath: Binary.kernel)
  }

  /// ``runningServers()``, read on a thread of its own (it reads every process's `/proc` files).
  func runningServersOffPool() async throws -> [pid_t] {
    let server = self
    return try await offPool { server.runningServers() }
  }

  /// The pids of this process's children running `compile-server` from this link.
  func runningServers() -> [pid_t] {
    let me = getpid()
    return Leftovers.table().values
      .filter { $0.parent == me && $0.state != "Z" && $0.command.hasPrefix("\(self.url.path) compile-server ") }
      .map(\.pid)
  }

  func remove() {
    try? FileManager.default.removeItem(at: self.directory)
  }
}

private func counterFile(increment: String) -> String {
  """
  import ComposableArchitecture

  @Reducer
  struct Counter {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          \(increment)
          return .none
        }
      }
    }
  }
  """
}
