import Foundation
import Testing
import TestSupport
@testable import KernelClient
@testable import KernelProtocol

/// A kernel's configuration as the arguments of `tcaplay-kernel kernel` (`KernelOptions`): every
/// field survives, and a path is one argument whatever it holds.
@Suite struct KernelOptionsTests {
  @Test func aConfigurationSurvivesItsArguments() throws {
    let configurations = [
      KernelConfiguration(mode: .unattended),
      KernelConfiguration(
        mode: .terminal, journals: true, resume: true, loadFiles: ["my features/A B.swift", "-odd.swift", "x=y.swift"],
        catalogFiles: ["lesson files/", "--load"], initialStore: InitialStore(feature: "Day2.DemoForEach", preset: "three", isTestStore: true),
        loadsQuietly: false, compilesFeatureFiles: false, isRestart: true
      ),
      KernelConfiguration(mode: .unattended, initialStore: InitialStore(feature: "Counter")),
    ]
    for configuration in configurations {
      let arguments = KernelOptions.arguments(for: configuration)
      #expect(try KernelOptions.parse(arguments).configuration == configuration, "\(arguments)")
    }
  }

  /// `tcaplay --load` with a path that has spaces, through the real binaries: the front end
  /// starts the kernel with it as one argument, and the kernel loads it.
  @Test(.enabled(if: compilerIsAvailable))
  func aLoadPathWithSpacesReachesTheKernelWhole() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let directory = folder.url.appendingPathComponent("my features")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("Tally Feature.swift").path
    try """
      import ComposableArchitecture

      @Reducer
      struct Tally {
        @ObservableState
        struct State: Equatable { var count = 0 }
        enum Action: Equatable { case up }
        var body: some ReducerOf<Self> {
          Reduce { state, _ in
            state.count += 1
            return .none
          }
        }
      }
      """.write(toFile: file, atomically: false, encoding: .utf8)
    let run = try await Binary.run(
      ["--load", file],
      input: "let tally = TestStore(initialState: Tally.State()) { Tally() }\ntally.send(.up) { $0.count = 1 }\ntally.state.count + 41\n"
    )
    #expect(run.error == "")
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("42\n"), "\(run.output)")
  }
}
