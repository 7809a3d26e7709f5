import Foundation

// How the loader runs the compiler: the arguments it compiles a user's files with, and the
// three ways it compiles them (the warm compiler, the driver's plan, `swiftc`).
extension FeatureLoader {
  /// Compiles `inputs` into the library `library` as module `moduleName`: through the
  /// ``CompilePlan`` (kept from an earlier session, or made on the first compile) when there is
  /// one, its object by the ``WarmCompiler`` where it can (`coldBecause` is `nil`), else through
  /// `swiftc`. `module` (a module of a load of several) adds the arguments that emit its
  /// module file and let it import the modules compiled before it, to every way of compiling.
  func runCompiler(
    toolchain: Toolchain, runtime: RuntimeLayout, inputs: [String], moduleName: String, library: String,
    in buildDirectory: URL, importsNetworking: Bool, module: ModuleCompile? = nil
  ) async throws(LoadError) -> (status: Int32, output: String, coldBecause: String?) {
    let arguments = self.compilerArguments(runtime: runtime, importsNetworking: importsNetworking)
    let moduleArguments = module?.arguments(moduleName: moduleName) ?? []
    var plan: CompilePlan?
    if self.followsCompilePlan {
      if self.compilePlans[arguments] == nil {
        self.compilePlans[arguments] = .some(
          await toolchain.plan(arguments, in: self.workDirectory.appendingPathComponent("plan"), cache: self.planCache)
        )
      }
      plan = self.compilePlans[arguments] ?? nil
    }
    let outputFile = buildDirectory.appendingPathComponent("swiftc-output.txt")
    guard let plan else {
      do {
        let result = try await toolchain.run(
          arguments + moduleArguments + ["-module-name", moduleName, "-o", library] + inputs, outputFile: outputFile
        )
        return (
          result.status, result.output,
          self.followsCompilePlan ? "the toolchain gave no compile plan" : "the loader compiles with swiftc alone"
        )
      } catch {
        throw .loading("Could not run \(toolchain.swiftc.path): \(error.localizedDescription)")
      }
    }
    let object = buildDirectory.appendingPathComponent("\(moduleName).o").path
    let autolinkFile = buildDirectory.appendingPathComponent("\(moduleName).autolink").path
    var warm = await self.compileWarm(
      toolchain: toolchain, arguments: arguments + moduleArguments, inputs: inputs, moduleName: moduleName, object: object
    )
    if warm.coldBecause == nil, let moduleFile = module?.moduleFile(moduleName: moduleName),
      !FileManager.default.fileExists(atPath: moduleFile)
    {
      warm = (false, "it wrote no module file at \(moduleFile)")
    }
    do {
      var compiled: (status: Int32, output: String) = (0, "")
      if warm.coldBecause != nil {
        compiled = try await toolchain.run(
          jobs: [plan.frontendJob(inputs: inputs, moduleName: moduleName, object: object) + moduleArguments],
          outputFile: outputFile
        )
        // Errors the frontend doesn't see: the warm compiler can't be trusted with this session's compiles.
        if compiled.status == 0, warm.failed { self.usesWarmCompiler = false }
      }
      guard compiled.status == 0 else { return (compiled.status, compiled.output, warm.coldBecause) }
      var entries = AutolinkEntries.read(objectAt: object)
      var extracted = ""
      if entries == nil, let job = plan.autolinkJob(object: object, autolinkFile: autolinkFile) {
        let result = try await toolchain.run(jobs: [job], outputFile: outputFile)
        guard result.status == 0 else { return (result.status, compiled.output + result.output, warm.coldBecause) }
        extracted = result.output
        entries = (try? String(contentsOfFile: autolinkFile, encoding: .utf8))?.split(separator: "\n").map(String.init)
      }
      let loaded = AutolinkEntries.loadedLibraries()
      let needed = AutolinkEntries.withoutLoaded(entries ?? [], loaded: loaded)
      if !plan.linksDirectly {
        try needed.map { $0 + "\n" }.joined().write(toFile: autolinkFile, atomically: false, encoding: .utf8)
      }
      let linked = try await toolchain.run(
        jobs: [plan.linkJob(object: object, library: library, autolinkFile: autolinkFile, entries: needed, loaded: loaded)],
        outputFile: outputFile
      )
      return (linked.status, compiled.output + extracted + linked.output, warm.coldBecause)
    } catch {
      throw .loading("Could not run \(plan.frontend[0]): \(error.localizedDescription)")
    }
  }

  /// Compiles `inputs` into `object` with the ``WarmCompiler``, if the loader uses it.
  /// `coldBecause` is `nil` when it wrote the object with nothing to show about the user's files;
  /// anything else (it says why) the frontend compiles again, so that the user sees its output as
  /// always (its excerpts, its wording). `failed` when it reported errors or couldn't compile.
  func compileWarm(
    toolchain: Toolchain, arguments: [String], inputs: [String], moduleName: String, object: String
  ) async -> (failed: Bool, coldBecause: String?) {
    guard self.usesWarmCompiler else { return (false, "the loader doesn't use the warm compiler (now)") }
    let outcome: WarmCompiler.Outcome
    if let server = self.compileServer {
      outcome = await CompileServerConnection.shared(executable: server, library: toolchain.sourceKitLibrary).compile(
        CompileServer.Request(driverArguments: arguments, inputs: inputs, moduleName: moduleName, object: object)
      )
    } else {
      outcome = await WarmCompiler.compile(
        library: toolchain.sourceKitLibrary, driverArguments: arguments, inputs: inputs, moduleName: moduleName, object: object
      )
    }
    switch outcome {
    case .compiled(let diagnostics):
      // Diagnostics about the generated files (the copies' shapes, the registration file) are
      // never shown; those about the user's files (`#sourceLocation`) are.
      let generated = Set(inputs)
      let shown = diagnostics.first { ["error", "warning"].contains($0.severity) && !generated.contains($0.file ?? "") }
      return (false, shown.map { "it reported \($0)" })
    case .failed(let diagnostics):
      return (true, "it failed: \(diagnostics.first { $0.severity == "error" }.map(String.init(describing:)) ?? "")")
    case .requestFailed(let reason):
      // A library that is missing, or a request it refuses, stays so: no second try this session.
      self.usesWarmCompiler = false
      return (true, reason)
    }
  }

  func compilerArguments(runtime: RuntimeLayout, importsNetworking: Bool) -> [String] {
    var arguments = [
      "-emit-library", "-parse-as-library", "-swift-version", "5", "-Onone",
      // As an app's debug build is: apps keep previews, test values and `_printChanges()`
      // behind `#if DEBUG`.
      "-D", "DEBUG",
      // Line tables, so that a crash report names the line of the user's code that trapped.
      "-gline-tables-only",
      // One frontend job for all the files: about a third faster than a job per file here.
      "-wmo",
      "-module-cache-path", FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-module-cache").path,
      // Two checks that only cost time here (about 4% of a reload's compile, counted in
      // instructions): LLVM's verifier of the compiler's own output, and the hash of the module
      // the compiler keeps to skip rewriting an unchanged object, which never matches because
      // each load writes a new object.
      "-Xfrontend", "-disable-llvm-verify", "-Xfrontend", "-disable-incremental-llvm-codegen",
    ]
    // The system's C modules (Glibc, Foundation's shims) are checked against their headers once
    // per process, not on every compile (about 1% of a reload's compile). Given to clang itself:
    // the warm compiler ignores the driver's `-validate-clang-modules-once`.
    if let session = Self.buildSessionFile {
      arguments += ["-Xcc", "-fmodules-validate-once-per-build-session", "-Xcc", "-fbuild-session-file=\(session)"]
    }
    arguments += runtime.compilerArguments
    #if os(Linux)
      // Foundation's URLSession lives in FoundationNetworking on Linux; the user's files see it
      // without importing it, as they would on macOS. Only files that name it import it: the
      // module's import is ~5% of a compile.
      if importsNetworking, self.toolchain?.hasFoundationNetworking ?? false {
        arguments += ["-Xfrontend", "-import-module", "-Xfrontend", "FoundationNetworking"]
      }
    #endif
    #if canImport(Darwin)
      // The playground's symbols are found in the executable when the library is opened.
      arguments += ["-Xlinker", "-undefined", "-Xlinker", "dynamic_lookup"]
    #endif
    return arguments
  }

  /// The file whose modification time starts the compiler's build session (its C modules are
  /// checked once after it): touched when a process first compiles. Its path never changes, so
  /// that compile plans kept between sessions still match their arguments. `nil` when it can't
  /// be written (the compiler would refuse a session file it can't read).
  private static let buildSessionFile: String? = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-module-cache.session").path
    return FileManager.default.createFile(atPath: path, contents: Data()) ? path : nil
  }()

  static func libraryName(_ moduleName: String) -> String {
    #if canImport(Darwin)
      "lib\(moduleName).dylib"
    #else
      "lib\(moduleName).so"
    #endif
  }
}
