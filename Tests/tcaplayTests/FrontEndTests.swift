import Foundation
import Testing
import TestSupport
@testable import KernelClient
@testable import KernelProtocol

/// The slim front end `tcaplay`: the command lines it runs itself, what it hands to
/// `tcaplay-kernel`, what it loads, and a `:quit` that doesn't wait for the kernel.
@Suite struct FrontEndTests {
  @Test func theREPLsCommandLinesAreTheFrontEnds() throws {
    #expect(REPLOptions.parseREPL([]) != nil)
    let options = try #require(REPLOptions.parseREPL(["repl", "--feature", "DemoForEach", "--preset", "three", "--test"]))
    #expect(options.store.initialStore == InitialStore(feature: "DemoForEach", preset: "three", isTestStore: true))
    let loading = try #require(REPLOptions.parseREPL(["--resume", "--load", "A.swift", "B.swift"]))
    #expect(loading.resume)
    #expect(loading.load == ["A.swift", "B.swift"])
  }

  @Test(arguments: [["run", "x.tca"], ["test"], ["features"], ["--help"], ["repl", "--help"], ["--preset", "three"], ["bogus"]])
  func everythingElseIsTheKernels(arguments: [String]) {
    #expect(REPLOptions.parseREPL(arguments) == nil)
  }

  /// `tcaplay --help` and a mistake are answered by `tcaplay-kernel`, as they were by the one
  /// executable: the same text, the same exit status.
  @Test func helpAndMistakesAreTheKernels() async throws {
    for arguments in [["--help"], ["bogus"], ["run", "--help"]] {
      let frontEnd = try await Binary.run(arguments)
      let kernel = try await Binary.run(arguments, executable: Self.kernel)
      #expect(frontEnd.output == kernel.output)
      #expect(frontEnd.error == kernel.error)
      #expect(frontEnd.status == kernel.status)
    }
    #expect(try await Binary.run(["--help"]).output.hasPrefix("OVERVIEW: The TCA Playground"))
  }

  /// The point of the split: starting `tcaplay` loads neither Foundation nor
  /// FoundationNetworking (curl and the rest), which `tcaplay-kernel` does.
  @Test func theFrontEndLoadsNoFoundation() async throws {
    let frontEnd = try await Binary.run([Binary.tcaplay], executable: "/usr/bin/ldd").output
    let kernel = try await Binary.run([Self.kernel], executable: "/usr/bin/ldd").output
    #expect(frontEnd.contains("libreadline"))
    // Line editing is the front end's alone: the kernel borrows it (`LentLineEditor`).
    #expect(!kernel.contains("libreadline"))
    for library in ["libFoundation.so", "libFoundationNetworking.so", "libcurl"] {
      #expect(!frontEnd.contains(library), "\(library)")
      #expect(kernel.contains(library), "\(library)")
    }
  }

  /// `:quit` before anything else, with nothing to set up, ends the session without waiting
  /// for the kernel: here one that would never answer.
  @MainActor @Test func quitFirstDoesntWaitForTheKernel() async throws {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-silent-kernel-\(UUID().uuidString)")
    try writeExecutable("#!/bin/sh\nexec sleep 600\n", to: script.path)
    defer { try? FileManager.default.removeItem(at: script) }
    let console = BufferConsole()
    let kernel = KernelREPL(configuration: KernelConfiguration(mode: .unattended), console: console, executable: script.path)
    kernel.start()
    #expect(await kernel.execute(":quit") == .quit)
    kernel.shutdown()
    #expect(console.take() == "")
    #expect(kernel.problemCount == 0)
  }

  static var kernel: String {
    URL(fileURLWithPath: Binary.tcaplay).deletingLastPathComponent().appendingPathComponent(KernelExecutable.name).path
  }
}
