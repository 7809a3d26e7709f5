import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// The Swift compiler the loader builds feature files with: `swiftc`, found on `PATH`.
public struct Toolchain: Sendable, Equatable {
  /// The `swiftc` executable.
  public var swiftc: URL

  public init(swiftc: URL) {
    self.swiftc = swiftc
  }

  /// The first executable `swiftc` on a search path (by default the process's `PATH`), or `nil`.
  public static func find(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> Toolchain? {
    for directory in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return Toolchain(swiftc: candidate)
      }
    }
    return nil
  }

  /// Whether the toolchain ships the FoundationNetworking module (Linux: `URLSession` is there).
  var hasFoundationNetworking: Bool {
    let library = self.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lib/swift/linux/FoundationNetworking.swiftmodule")
    return FileManager.default.fileExists(atPath: library.path)
  }

  /// Whether the toolchain ships `lld` (linking a feature with it is faster than with `ld.gold`).
  var hasLLD: Bool {
    let lld = self.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("ld.lld")
    return FileManager.default.isExecutableFile(atPath: lld.path)
  }

  /// SourceKit's in-process library, which the ``WarmCompiler`` compiles with (it may be
  /// missing: a toolchain without SourceKit compiles through its frontend).
  var sourceKitLibrary: URL {
    let usr = self.swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
    #if canImport(Darwin)
      return usr.appendingPathComponent("lib/sourcekitdInProc.framework/sourcekitdInProc")
    #else
      return usr.appendingPathComponent("lib/libsourcekitdInProc.so")
    #endif
  }

  /// The drivers' plan for compiling a feature library with `arguments` (see ``CompilePlan``):
  /// from `cache` when it holds one for this toolchain and these arguments, else asked for (and
  /// kept there); `nil` when the driver's `-###` isn't the plan the loader knows how to run.
  func plan(_ arguments: [String], in parent: URL, cache: CompilePlanCache? = .user) async -> CompilePlan? {
    let key = CompilePlanCache.Key(swiftc: self.swiftc, arguments: arguments)
    if let key, let plan = cache?.plan(for: key) { return plan }
    // A folder of its own, under `parent`: loaders in one process share their work directory,
    // and two plans asked for at once (none kept yet, as on a fresh machine) removed each
    // other's files, and one of them got no plan.
    let directory = parent.appendingPathComponent(UUID().uuidString)
    let input = directory.appendingPathComponent("\(CompilePlan.planModule).swift").path
    let library = directory.appendingPathComponent("lib\(CompilePlan.planModule).so").path
    // The plan is the drivers' printed jobs; nothing they name is ever built there.
    defer {
      try? FileManager.default.removeItem(at: directory)
      rmdir(parent.path)  // when no other plan is being asked for there
    }
    guard
      (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil,
      let result = try? await self.run(
        arguments + ["-module-name", CompilePlan.planModule, "-o", library, "-###", input],
        outputFile: directory.appendingPathComponent("plan.txt"),
        // The driver makes a temporary folder for the jobs it prints and leaves it behind:
        // here, it goes with the plan's folder (one empty folder in /tmp for each plan before).
        temporaryDirectory: directory
      ),
      result.status == 0,
      var plan = CompilePlan.parse(result.output, input: input, library: library, linkWithLLD: self.hasLLD)
    else { return nil }
    // The linker driver's plan for the same link, with the entries' place marked.
    let object = directory.appendingPathComponent("\(CompilePlan.planModule).o").path
    let autolinkFile = directory.appendingPathComponent("\(CompilePlan.planModule).autolink")
    // (`clang` wants the object to exist, even only to print its plan.)
    if !plan.linksDirectly, FileManager.default.createFile(atPath: object, contents: Data()),
      (try? (CompilePlan.entriesMarker + "\n").write(to: autolinkFile, atomically: true, encoding: .utf8)) != nil,
      let linkPlan = try? await self.run(
        jobs: [plan.linkJob(object: object, library: library, autolinkFile: autolinkFile.path, entries: []) + ["-###"]],
        outputFile: directory.appendingPathComponent("link-plan.txt")
      ),
      linkPlan.status == 0,
      let direct = plan.linkingDirectly(driverPlan: linkPlan.output, object: object, library: library)
    {
      plan = direct
    }
    if let key { cache?.keep(plan, for: key) }
    return plan
  }

  /// Runs `swiftc` with arguments and returns its exit status and everything it printed
  /// (standard output and standard error, interleaved as printed), as
  /// ``run(jobs:outputFile:environment:)`` runs a job. The driver runs at a lower CPU priority
  /// (`nice`, where there is one); it starts the frontend and the linker at normal priority
  /// again, so this lowers only its own planning. `temporaryDirectory`, when given, is the
  /// driver's `TMPDIR`.
  func run(_ arguments: [String], outputFile: URL, temporaryDirectory: URL? = nil) async throws -> (status: Int32, output: String) {
    let nice = "/usr/bin/nice"
    let prefix = FileManager.default.isExecutableFile(atPath: nice) ? [nice, "-n", "10"] : []
    return try await self.run(
      jobs: [prefix + [self.swiftc.path] + arguments], outputFile: outputFile,
      environment: temporaryDirectory.map { ["TMPDIR": $0.path] } ?? [:]
    )
  }

  /// Runs commands one after another (`posix_spawn` and `waitpid` on a thread of their own),
  /// stopping at the first that fails; returns its exit status (or the last's) and everything
  /// they printed, in order.
  ///
  /// The output goes to a file (`outputFile`, created or emptied), and the caller waits without
  /// holding a thread of its own: the main actor stays free while the compiler runs. The compile
  /// plan's jobs go back to the caller once for all of them. `environment` adds to (or
  /// replaces variables of) the process's own environment.
  func run(jobs: [[String]], outputFile: URL, environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
    let descriptor = open(outputFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputFile.path]) }
    // Jobs at the process's own priority: `swiftc`'s driver starts its jobs at normal priority,
    // so compiles always ran at it; the plan keeps that (a compile under `nice` on a busy machine
    // waits for everything else, several times as long).
    let result = await onThreadOfItsOwn {
      Result { () throws -> Int32 in
        var status: Int32 = 0
        for job in jobs {
          status = try Self.spawnAndWait(job, output: descriptor, environment: environment)
          if status != 0 { break }
        }
        return status
      }
    }
    close(descriptor)
    let status = try result.get()
    let data = (try? Data(contentsOf: outputFile)) ?? Data()
    return (status, String(decoding: data, as: UTF8.self))
  }

  /// Runs `arguments` (the first is the executable's path) with standard output and error on
  /// `output` and standard input empty, and the process's environment with `environment`'s
  /// variables set; returns its exit status (128 + N if signal N ended it).
  private static func spawnAndWait(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, output, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned: Int32
    if environment.isEmpty {
      spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    } else {
      let variables = ProcessInfo.processInfo.environment.merging(environment) { _, set in set }
      let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { envp.forEach { free($0) } }
      spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Glibc's module doesn't export.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
