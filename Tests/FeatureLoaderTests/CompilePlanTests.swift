@testable import FeatureLoader
import Foundation
import Testing
import TestSupport

/// The loader compiles through the driver's plan (`swiftc -###`, asked for once) instead of
/// `swiftc` each time; what a user sees is the same either way.
struct CompilePlanTests {
  @Test func splitsCommandLinesAsAShellDoes() {
    #expect(ShellWords.split("a 'b c' \"d \\\"e\\\"\" f\\ g  h") == ["a", "b c", "d \"e\"", "f g", "h"])
    #expect(ShellWords.split("'/x/CasePathsMacros-tool#CasePathsMacros' -o y") == ["/x/CasePathsMacros-tool#CasePathsMacros", "-o", "y"])
    #expect(ShellWords.split("unclosed 'quote") == nil)
    #expect(ShellWords.split("") == [])
  }

  static let planText = """
    /tc/bin/swift-frontend -frontend -c /w/plan/TCAPlayCompilePlan.swift -target x86_64 -I /m '/p/Macros-tool#Macros' -module-name TCAPlayCompilePlan -parse-as-library -o /tmp/T/TCAPlayCompilePlan-1.o
    /tc/bin/swift-autolink-extract /tmp/T/TCAPlayCompilePlan-1.o -o /tmp/T/TCAPlayCompilePlan-2.autolink
    /tc/bin/clang -shared /tc/lib/swiftrt.o /tmp/T/TCAPlayCompilePlan-1.o @/tmp/T/TCAPlayCompilePlan-2.autolink -L /tc/lib -lswiftCore -o /w/plan/libTCAPlayCompilePlan.so
    """

  @Test func readsTheDriversPlanAndFillsInEachCompile() throws {
    let plan = try #require(
      CompilePlan.parse(
        Self.planText, input: "/w/plan/TCAPlayCompilePlan.swift", library: "/w/plan/libTCAPlayCompilePlan.so", linkWithLLD: true
      )
    )
    #expect(
      plan.frontendArguments(inputs: ["/b/0-Counter.swift", "/b/glue.swift"], moduleName: "UserFeature_3", object: "/b/UserFeature_3.o")
        == [
          "-frontend", "-c", "-target", "x86_64", "-I", "/m", "/p/Macros-tool#Macros", "-parse-as-library",
          "/b/0-Counter.swift", "/b/glue.swift", "-module-name", "UserFeature_3", "-o", "/b/UserFeature_3.o",
        ]
    )
    #expect(plan.frontend.first == "/tc/bin/swift-frontend")
    let jobs = plan.jobs(
      inputs: ["/b/0-Counter.swift"], moduleName: "UserFeature_3", object: "/b/UserFeature_3.o",
      autolinkFile: "/b/UserFeature_3.autolink", library: "/b/libUserFeature_3.so"
    )
    #expect(jobs.count == 3)
    #expect(jobs.dropFirst().first == ["/tc/bin/swift-autolink-extract", "/b/UserFeature_3.o", "-o", "/b/UserFeature_3.autolink"])
    #expect(
      jobs.last == [
        "/tc/bin/clang", "-shared", "/tc/lib/swiftrt.o", "/b/UserFeature_3.o", "@/b/UserFeature_3.autolink", "-L", "/tc/lib",
        "-lswiftCore", "-o", "/b/libUserFeature_3.so", "-fuse-ld=lld",
      ]
    )
  }

  @Test func refusesAPlanItDoesNotKnow() {
    let input = "/w/plan/TCAPlayCompilePlan.swift"
    let library = "/w/plan/libTCAPlayCompilePlan.so"
    // A job it doesn't know (a separate module emission).
    #expect(CompilePlan.parse(Self.planText + "\n/tc/bin/swift-frontend -frontend -emit-module x", input: input, library: library, linkWithLLD: false) == nil)
    // No link job.
    #expect(CompilePlan.parse(String(Self.planText.split(separator: "\n")[0]), input: input, library: library, linkWithLLD: false) == nil)
    // The module's name left in another argument would be stale in the next compile.
    let named = Self.planText.replacingOccurrences(of: "-target x86_64", with: "-emit-objc-header-path /x/TCAPlayCompilePlan.h")
    #expect(CompilePlan.parse(named, input: input, library: library, linkWithLLD: false) == nil)
    // An unclosed quote.
    #expect(CompilePlan.parse(Self.planText + " '", input: input, library: library, linkWithLLD: false) == nil)
  }

  @Test(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
  @MainActor
  func theToolchainsPlanIsOneItCanFollow() async throws {
    let toolchain = try #require(Toolchain.find())
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-plan-test-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let plan = try #require(await toolchain.plan(["-emit-library", "-parse-as-library", "-Onone", "-wmo"], in: directory))
    #expect((plan.frontend[0] as NSString).lastPathComponent == "swift-frontend")
    #expect(plan.linker.contains("-shared"))
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  /// A session that loaded features leaves nothing in the temporary directory: the build
  /// folders, the plan's and the work directory itself go (a loaded library stays mapped).
  @Test(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
  @MainActor
  func loadingLeavesNoWorkDirectoryBehind() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    try folder.write("Counter.swift", counterSource())
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-work-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    let loader = FeatureLoader(workDirectory: work)
    #expect(try await loader.load(LoadRequest(path: folder.path)).featureNames == ["Counter"])
    #expect(try await loader.reload().map(\.featureNames) == [["Counter"]])
    #expect(!FileManager.default.fileExists(atPath: work.path))
  }

  @Test(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
  @MainActor
  func loadsAndReportsErrorsTheSameWithAndWithoutThePlan() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let broken = counterSource(increment: "state.count += \"one\"")
    let brokenLine = try #require(broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"one\"") }) + 1
    try folder.write("Counter.swift", broken)
    var diagnostics: [String] = []
    for followsPlan in [false, true] {
      let loader = FeatureLoader()
      loader.followsCompilePlan = followsPlan
      do {
        _ = try await loader.load(LoadRequest(path: folder.path))
        Issue.record("expected a compilation error")
      } catch let .compilation(text) {
        diagnostics.append(text)
      } catch {
        Issue.record("expected a compilation error, got \(error)")
      }
    }
    #expect(diagnostics.count == 2)
    #expect(diagnostics.first == diagnostics.last)
    #expect(diagnostics.first?.contains("Counter.swift:\(brokenLine):") == true)

    try folder.write("Counter.swift", counterSource())
    for followsPlan in [false, true] {
      let loader = FeatureLoader()
      loader.followsCompilePlan = followsPlan
      let loaded = try await loader.load(LoadRequest(path: folder.path))
      #expect(loaded.featureNames == ["Counter"])
      let reloaded = try await loader.reload()
      #expect(reloaded.map(\.featureNames) == [["Counter"]])
    }
  }
}
