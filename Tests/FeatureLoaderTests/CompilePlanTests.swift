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
    #expect(
      plan.frontendJob(inputs: ["/b/0-Counter.swift"], moduleName: "UserFeature_3", object: "/b/UserFeature_3.o").first
        == "/tc/bin/swift-frontend"
    )
    #expect(
      plan.autolinkJob(object: "/b/UserFeature_3.o", autolinkFile: "/b/UserFeature_3.autolink")
        == ["/tc/bin/swift-autolink-extract", "/b/UserFeature_3.o", "-o", "/b/UserFeature_3.autolink"]
    )
    #expect(!plan.linksDirectly)
    #expect(
      plan.linkJob(object: "/b/UserFeature_3.o", library: "/b/libUserFeature_3.so", autolinkFile: "/b/UserFeature_3.autolink", entries: ["-lx"])
        == [
          "/tc/bin/clang", "-shared", "/tc/lib/swiftrt.o", "/b/UserFeature_3.o", "@/b/UserFeature_3.autolink", "-L", "/tc/lib",
          "-lswiftCore", "-o", "/b/libUserFeature_3.so", "-fuse-ld=lld",
        ]
    )

    // The linker driver's plan for the same link: the linker itself, the entries in its line.
    let linkPlan = """
      clang version 17.0.0
      Target: x86_64-unknown-linux-gnu
       "/tc/bin/ld.lld" "-shared" "-o" "/w/plan/libTCAPlayCompilePlan.so" "/w/plan/TCAPlayCompilePlan.o" "-lTCAPlayAutolinkEntries" "-lswiftCore" "-lc"
      """
    let direct = try #require(
      plan.linkingDirectly(driverPlan: linkPlan, object: "/w/plan/TCAPlayCompilePlan.o", library: "/w/plan/libTCAPlayCompilePlan.so")
    )
    #expect(direct.linksDirectly)
    #expect(
      direct.linkJob(object: "/b/UserFeature_3.o", library: "/b/libUserFeature_3.so", autolinkFile: "/b/x.autolink", entries: ["-la", "-lb"])
        == ["/tc/bin/ld.lld", "-shared", "-o", "/b/libUserFeature_3.so", "/b/UserFeature_3.o", "-la", "-lb", "-lswiftCore", "-lc", "--threads=1"]
    )
    // The plan's own libraries that the process has loaded are left out, as the object's are.
    #expect(
      direct.linkJob(
        object: "/b/UserFeature_3.o", library: "/b/libUserFeature_3.so", autolinkFile: "/b/x.autolink", entries: ["-la"],
        loaded: ["libswiftCore.so", "libc.so"]
      ) == ["/tc/bin/ld.lld", "-shared", "-o", "/b/libUserFeature_3.so", "/b/UserFeature_3.o", "-la", "--threads=1"]
    )
    // Through the linker driver, its arguments stay as planned.
    #expect(
      plan.linkJob(object: "/b/UserFeature_3.o", library: "/b/libUserFeature_3.so", autolinkFile: "/b/x.autolink", entries: [], loaded: ["libc.so"])
        == plan.linkJob(object: "/b/UserFeature_3.o", library: "/b/libUserFeature_3.so", autolinkFile: "/b/x.autolink", entries: [])
    )
    // Two jobs, or a line that doesn't name the marker, keep the driver.
    #expect(plan.linkingDirectly(driverPlan: linkPlan + "\n \"/tc/bin/objcopy\" \"x\"", object: "/w/plan/TCAPlayCompilePlan.o", library: "/w/plan/libTCAPlayCompilePlan.so") == nil)
    #expect(
      plan.linkingDirectly(
        driverPlan: linkPlan.replacingOccurrences(of: "\"-lTCAPlayAutolinkEntries\" ", with: ""),
        object: "/w/plan/TCAPlayCompilePlan.o", library: "/w/plan/libTCAPlayCompilePlan.so"
      ) == nil
    )
  }

  /// The object's autolink entries, read from its ELF section: the ones `swift-autolink-extract`
  /// finds (in another order); the libraries the process has loaded are left out.
  @Test(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
  func readsTheAutolinkEntriesTheToolFinds() async throws {
    let toolchain = try #require(Toolchain.find())
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-autolink-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let source = directory.appendingPathComponent("A.swift")
    try "import Foundation\npublic func now() -> Date { Date() }\n".write(to: source, atomically: true, encoding: .utf8)
    let object = directory.appendingPathComponent("A.o").path
    let tools = toolchain.swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
    let compiled = try await toolchain.run(jobs: [[toolchain.swiftc.path, "-c", "-parse-as-library", "-Onone", source.path, "-o", object]], outputFile: directory.appendingPathComponent("out.txt"))
    #expect(compiled.status == 0, "\(compiled.output)")
    let extracted = directory.appendingPathComponent("A.autolink").path
    let tool = try await toolchain.run(
      jobs: [[tools.appendingPathComponent("swift-autolink-extract").path, object, "-o", extracted]],
      outputFile: directory.appendingPathComponent("out.txt")
    )
    #expect(tool.status == 0)
    let expected = try String(contentsOfFile: extracted, encoding: .utf8).split(separator: "\n").map(String.init)
    let entries = try #require(AutolinkEntries.read(objectAt: object))
    #expect(Set(entries) == Set(expected))
    #expect(entries.count == expected.count)
    #expect(entries.contains("-lFoundation"))
    #expect(AutolinkEntries.read(objectAt: source.path) == nil)

    #expect(AutolinkEntries.withoutLoaded(["-lswiftCore", "-lFoundation", "-lnotloaded", "-framework"], loaded: ["libswiftCore.so", "libFoundation.so"]) == ["-lnotloaded", "-framework"])
    #expect(AutolinkEntries.loadedLibraries().contains("libswiftCore.so"))
  }

  /// The libraries named in a `/proc/PID/maps` text: each line's last path component up to its
  /// first `.so`, whatever follows it.
  @Test func readsLibraryNamesFromMaps() {
    let maps = """
      55d0c0a00000-55d0c0a01000 r--p 00000000 fd:01 123 /work/.build/release/tcaplay-kernel
      7f1c2a000000-7f1c2a021000 rw-p 00000000 00:00 0 
      7f1c2b000000-7f1c2b028000 r--p 00000000 fd:01 456 /usr/lib/x86_64-linux-gnu/libc.so.6
      7f1c2b028000-7f1c2b19d000 r-xp 00028000 fd:01 456 /usr/lib/x86_64-linux-gnu/libc.so.6
      7f1c2c000000-7f1c2c001000 r--p 00000000 fd:01 789 /opt/swift.so.d/lib/libswiftCore.so
      7f1c2d000000-7f1c2d001000 r--p 00000000 fd:01 790 /tmp/tcaplay-features-1/libUserFeature_2.so (deleted)
      7f1c2e000000-7f1c2e001000 rw-s 00000000 00:01 791 /memfd:sealed (deleted)
      7ffd3a000000-7ffd3a021000 rw-p 00000000 00:00 0 [stack]
      7f1c2f000000-7f1c2f001000 r--p 00000000 fd:01 792 /usr/lib/libz.so.1.2.13
      """
    let names = Array(maps.utf8).withUnsafeBytes { AutolinkEntries.libraryNames(inMaps: $0) }
    #expect(names == ["libc.so", "libswiftCore.so", "libUserFeature_2.so", "libz.so"])
    #expect(Array("".utf8).withUnsafeBytes { AutolinkEntries.libraryNames(inMaps: $0) }.isEmpty)
  }

  /// A plan is kept between sessions for its toolchain and arguments only.
  @Test func keepsPlansByToolchainAndArguments() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-plan-cache-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = CompilePlanCache(directory: directory)
    let swiftc = directory.appendingPathComponent("swiftc")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try "#!/bin/sh\n".write(to: swiftc, atomically: true, encoding: .utf8)
    let plan = CompilePlan(frontend: ["/tc/swift-frontend", "-frontend"], autolink: nil, linker: ["/tc/ld.lld", CompilePlan.autolinkEntriesPlaceholder])
    let key = try #require(CompilePlanCache.Key(swiftc: swiftc, arguments: ["-Onone"]))
    #expect(cache.plan(for: key) == nil)
    cache.keep(plan, for: key)
    #expect(cache.plan(for: key) == plan)
    #expect(cache.plan(for: try #require(CompilePlanCache.Key(swiftc: swiftc, arguments: ["-O"]))) == nil)
    // A new toolchain: the same path, written again.
    try "#!/bin/sh\n# 6.4\n".write(to: swiftc, atomically: true, encoding: .utf8)
    #expect(cache.plan(for: try #require(CompilePlanCache.Key(swiftc: swiftc, arguments: ["-Onone"]))) == nil)
    #expect(CompilePlanCache.Key(swiftc: directory.appendingPathComponent("missing"), arguments: []) == nil)
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
    let plan = try #require(await toolchain.plan(["-emit-library", "-parse-as-library", "-Onone", "-wmo"], in: directory, cache: nil))
    #expect((plan.frontend[0] as NSString).lastPathComponent == "swift-frontend")
    #expect(plan.linker.contains("-shared"))
    #expect(plan.linksDirectly)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  /// The driver leaves a temporary folder behind for each `-###`: asked for a plan, it makes it
  /// in the plan's own folder (removed with it), not in the system's.
  @Test(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
  func theDriversTemporaryFolderGoesWithThePlan() async throws {
    let toolchain = try #require(Toolchain.find())
    let directory = TestScratch.path("driver-temporary")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await toolchain.run(
      ["-emit-library", "-parse-as-library", "-###", directory.appendingPathComponent("A.swift").path],
      outputFile: directory.appendingPathComponent("plan.txt"), temporaryDirectory: directory
    )
    #expect(result.status == 0, "\(result.output)")
    let made = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(made.contains { $0.hasPrefix("TemporaryDirectory.") }, "\(made)")
  }

  /// Loaders in one process share their work directory: plans asked for there at once (none kept
  /// yet, as on a fresh machine) are each made.
  @Test(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
  func plansAskedForAtOnceInOneFolderAreEachMade() async throws {
    let toolchain = try #require(Toolchain.find())
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-plans-test-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let plans = await withTaskGroup(of: CompilePlan?.self) { group in
      for _ in 0..<8 {
        group.addTask { await toolchain.plan(["-emit-library", "-parse-as-library", "-Onone", "-wmo"], in: directory, cache: nil) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(plans.count == 8)
    #expect(plans.allSatisfy { $0 != nil })
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
