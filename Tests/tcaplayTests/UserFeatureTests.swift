import Foundation
import Testing
import TestSupport

/// Loading your own feature in the real binary, fixing it and reloading: the fix-and-replay
/// loop, typed as a person would.
@Suite(.serialized) struct UserFeatureTests {
  static let buggy = """
    import ComposableArchitecture

    @Reducer
    struct Checkout {
      struct State: Equatable {
        var total = 100
        var coupon: String?
      }
      enum Action: Equatable {
        case applyCoupon(String)
      }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case let .applyCoupon(code):
            state.coupon = code
            state.total += 10
            return .none
          }
        }
      }
    }
    """

  func featureFile() throws -> URL {
    URL(fileURLWithPath: try FeatureFolder().write("Checkout.swift", Self.buggy))
  }

  /// A session that loaded a feature leaves nothing in the temporary folder: the folder where
  /// its kernel compiled (and kept, for a crash report) the feature's library goes when the
  /// session ends, before the front end exits.
  @Test(.enabled(if: compilerIsAvailable))
  func quittingRemovesTheKernelsCompiledLibraries() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let file = try folder.write("Checkout.swift", Self.buggy)
    let temporary = folder.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let result = try await Binary.run(
      [], input: ":load \(file)\nstore.send(.applyCoupon(\"SAVE10\"))\n:quit\n",
      environment: Binary.environment(history: nil, extra: ["TMPDIR": temporary.path])
    )
    #expect(result.output.contains("Loaded Checkout from"), "\(result.output)\n\(result.error)")
    #expect(result.output.contains("+   total: 110"))
    #expect(result.status == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      .filter { $0.hasPrefix("tcaplay-features-") }
    #expect(left == [])
  }

  @Test(.enabled(if: compilerIsAvailable))
  func loadSendFixReloadAndSeeTheCorrectedStates() async throws {
    let file = try self.featureFile()
    let terminal = try await Binary.terminal([])
    terminal.type(":load \(file.path)\r")
    _ = try await terminal.expect("Loaded Checkout from", timeout: 120)
    try await terminal.expect("tca> ")
    terminal.type("store.send(.applyCoupon(\"SAVE10\"))\r")
    try await terminal.expect("+   total: 110")
    try await terminal.expect("tca> ")
    // The fix: a coupon takes 10 off.
    try Self.buggy.replacingOccurrences(of: "state.total += 10", with: "state.total -= 10")
      .write(to: file, atomically: true, encoding: .utf8)
    terminal.type(":reload\r")
    _ = try await terminal.expect("Reloaded Checkout", timeout: 120)
    try await terminal.expect("step 1")
    try await terminal.expect("tca> ")
    terminal.type("store.state.total\r")
    try await terminal.expect("90")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test(.enabled(if: compilerIsAvailable))
  func aCompileErrorIsShownAndTheSessionGoesOn() async throws {
    let file = try self.featureFile()
    try Self.buggy.replacingOccurrences(of: "state.total += 10", with: "state.total += \"ten\"")
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try await Binary.run([], input: ":load \(file.path)\n1 + 1\n")
    #expect(result.output.contains("Checkout.swift:17:"))
    #expect(result.output.contains("error:"))
    #expect(result.output.hasSuffix("2\n"))
    #expect(result.status == 1)
  }

  /// A folder with a space in its name: `--load` hands the path over whole, and `:load` takes
  /// it in double quotes or with a backslash before the space.
  @Test(.enabled(if: compilerIsAvailable))
  func pathsWithSpacesLoad() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("My App"), withIntermediateDirectories: true)
    let file = try folder.write("My App/Checkout.swift", Self.buggy)
    let flag = try await Binary.run(["--load", file], input: "store.send(.applyCoupon(\"SAVE10\"))\n")
    #expect(flag.output.contains("+   total: 110"), "\(flag.output)\n\(flag.error)")
    #expect(flag.status == 0)
    let escaped = file.replacingOccurrences(of: " ", with: "\\ ")
    let typed = try await Binary.run(
      [], input: ":load \"\(file)\"\nstore.send(.applyCoupon(\"A\"))\n:load \(escaped) as Checkout\nstore.send(.applyCoupon(\"B\"))\n"
    )
    #expect(typed.output.components(separatedBy: "+   total: 110").count == 3, "\(typed.output)\n\(typed.error)")
    #expect(typed.status == 0)
    let unclosed = try await Binary.run([], input: ":load \"\(file)\n1 + 1\n")
    #expect(unclosed.output.contains("error: a path's opening '\"' has no closing '\"': ':load \"My App/Sources\"'"), "\(unclosed.output)")
    #expect(unclosed.output.hasSuffix("2\n"))
  }

  /// A notebook can't compile files, so `tcaplay test --load` compiles them for it: the
  /// notebook then loads the feature by name, as it loads a lesson's.
  @Test(.enabled(if: compilerIsAvailable))
  func notebooksLoadFeaturesCompiledOnTheCommandLine() async throws {
    let file = try self.featureFile()
    let notebook = file.deletingLastPathComponent().appendingPathComponent("checkout.tca.md").path
    try "# Checkout\n\n```tca\n:load Checkout\nstore.send(.applyCoupon(\"TEN\"))\nstore.state.total\n```\n"
      .write(toFile: notebook, atomically: true, encoding: .utf8)
    let update = try await Binary.run(["test", "--update", "--load", file.path, notebook])
    #expect(update.output.hasSuffix("checkout … updated\n1 passed, 0 failed\n"), "\(update.output)")
    let recorded = try String(contentsOfFile: notebook, encoding: .utf8)
    #expect(recorded.hasSuffix("+   total: 110,\n-   coupon: nil\n+   coupon: \"TEN\"\n  )\n110\n```\n"), "\(recorded)")
    let check = try await Binary.run(["test", "--load", file.path, notebook])
    #expect(check.status == 0)
    let missing = try await Binary.run(["test", "--load", "/nonexistent/Feature.swift", notebook])
    #expect(missing.status == 2)
    #expect(missing.output == "error: No such file or folder: /nonexistent/Feature.swift\n")
  }
}
