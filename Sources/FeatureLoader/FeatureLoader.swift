import FeatureCatalog
import Foundation
import KernelProtocol
import ShapeGenerator

/// Loads a user's own feature files into the running playground: compiles them with the
/// toolchain's `swiftc` against the playground's built modules into a shared library, opens it,
/// and registers its reducers as ``Catalog`` features — with no registration code in the files.
///
/// ```swift
/// let loader = FeatureLoader()
/// let loaded = try await loader.load(LoadRequest(path: "Counter.swift"))
/// session.install(loaded.catalog)
/// // … edit Counter.swift …
/// for reloaded in try await loader.reload() {
///   print(await session.reload(reloaded.catalog).description)
/// }
/// ```
///
/// The files import `ComposableArchitecture` (and may use `@Reducer`, `@ObservableState`,
/// `@CasePathable`, `@DependencyClient`), or the Day 2 lesson's `RxComposableArchitecture` (and
/// `RxSwift`). Reducers are found by a light scan of the source (`@Reducer struct X`,
/// `struct X: Reducer`, and 0.x-style constants `let x = Reducer<State, Action, Environment> …`,
/// whose environments are the environment type's static members: ``LegacyReducerScanner``), or
/// named in the request; each one's state must be
/// `Equatable`, and its initial state is `X.State()` unless the request gives an expression. The
/// files are compiled as copies with their types' shapes appended (ShapeGenerator: calls that
/// fill `TypeShapes`' table, or conformances), through which the playground builds and reads
/// their values; view code is left out of files that import SwiftUI or UIKit, and files that
/// import an Apple-only framework are left out, each with a note (``SourcePreparation``).
///
/// The library is compiled without the playground's modules in it: their symbols resolve against
/// the running executable, which must export them (link it with `-Xlinker --export-dynamic`), so
/// that the process has one copy of every type. Each build is a fresh module (`UserFeature_1`,
/// `UserFeature_2`, …), and libraries are never unloaded.
@MainActor
public final class FeatureLoader {
  /// The compiler, or `nil` when none was found (every load then fails with
  /// ``LoadError/compilerNotFound``).
  public let toolchain: Toolchain?
  /// The playground's modules, or `nil` when they were not found.
  public let runtime: RuntimeLayout?
  /// Every distinct request loaded so far (the latest per set of paths), for ``reload()``.
  public private(set) var requests: [LoadRequest] = []
  /// For each request of several modules (by its paths), its modules as last compiled.
  var builtModules: [[String]: [String: BuiltModule]] = [:]
  let workDirectory: URL
  private static var buildCount = 0
  /// Whether compiled libraries stay in the work directory (`tcaplay-features-PID`) after they
  /// are loaded: a kernel's do, so that its crash reports name the user's frames; its front end
  /// removes the directory when the kernel ends.
  public static var keepsLibraries = false

  /// The work directory of the process `pid`'s loaders.
  public nonisolated static func workDirectory(ofProcess pid: Int32) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(FeatureWorkFolder.name(ofProcess: pid))
  }

  /// How to compile without the driver, by the compiler arguments it is for: none until the
  /// first compile with them asks the driver for it, `.some(nil)` when there is no plan to
  /// follow (compiles then go through `swiftc`).
  var compilePlans: [[String]: CompilePlan?] = [:]
  /// Whether compiles follow the driver's plan directly (see ``CompilePlan``) rather than run
  /// `swiftc` each time: on unless `TCAPLAY_COMPILE_PLAN=off` (to compare the two, or should a
  /// toolchain's plan ever misbehave).
  public var followsCompilePlan = ProcessInfo.processInfo.environment["TCAPLAY_COMPILE_PLAN"] != "off"
  /// Where plans are kept between sessions (`nil`: asked for in every session).
  var planCache: CompilePlanCache? = .user
  /// Whether the plan's compiles go through the ``WarmCompiler`` (the toolchain's SourceKit
  /// library, in the ``compileServer`` or else in this process) before its frontend: on unless
  /// `TCAPLAY_WARM_COMPILER=off`. A compile the warm compiler can't do cleanly (errors, warnings
  /// about the user's files, a request SourceKit refuses, a server that ended) is done again by
  /// the frontend, whose output the user sees; the loader stops using it when it fails where the
  /// frontend succeeds.
  public var usesWarmCompiler = FeatureLoader.warmCompilerIsOn(in: ProcessInfo.processInfo.environment)
  /// The executable whose `compile-server` command the warm compiles go to (a
  /// ``CompileServer``), or `nil` to compile in this process: a kernel sets its own
  /// (``compileServerExecutable``), so that opening feature libraries doesn't cost its compiles;
  /// `TCAPLAY_COMPILE_SERVER=off` keeps them in the process.
  public var compileServer = FeatureLoader.compileServer(
    executable: FeatureLoader.compileServerExecutable, environment: ProcessInfo.processInfo.environment
  )
  /// The ``compileServer`` of loaders made from now on: `nil` unless the executable set it.
  public static var compileServerExecutable: URL?

  /// `executable`, unless `TCAPLAY_COMPILE_SERVER` is `off`.
  nonisolated static func compileServer(executable: URL?, environment: [String: String]) -> URL? {
    environment["TCAPLAY_COMPILE_SERVER"] == "off" ? nil : executable
  }

  /// Whether `TCAPLAY_WARM_COMPILER` leaves the warm compiler on (anything but `off`).
  nonisolated static func warmCompilerIsOn(in environment: [String: String]) -> Bool {
    environment["TCAPLAY_WARM_COMPILER"] != "off"
  }

  /// A loader using `swiftc` from `PATH` and the modules next to the running executable.
  public init(
    toolchain: Toolchain? = .find(),
    runtime: RuntimeLayout? = .aroundExecutable(),
    workDirectory: URL = FeatureLoader.workDirectory(ofProcess: ProcessInfo.processInfo.processIdentifier)
  ) {
    self.toolchain = toolchain
    self.runtime = runtime
    self.workDirectory = workDirectory
  }

  /// Compiles and loads the request's files and registers their reducers.
  ///
  /// A failure is a ``LoadError``, never a crash: compiler errors come back exactly as `swiftc`
  /// printed them. Once its files are found, the request is remembered for ``reload()`` even if
  /// they don't compile, so that a fix and a `:reload` pick it up.
  public func load(_ request: LoadRequest) async throws(LoadError) -> LoadedFeatures {
    _ = try self.tools()
    self.prepareWarmCompiler()
    if let layout = try ModuleLayout.find(request.paths), layout.modules.count > 1 {
      self.remember(request)
      self.builtModules[request.paths] = nil
      return try await self.buildModules(request, layout: layout)
    }
    let (sources, features) = try self.resolve(request)
    self.remember(request)
    do { return try await self.build(request, sources: sources, features: features) } catch { throw error.noted(sources.notes) }
  }

  /// Loads every remembered request again (after the files changed), each as a fresh module.
  /// The first failure ends the reload.
  public func reload() async throws(LoadError) -> [LoadedFeatures] {
    guard !self.requests.isEmpty else { throw .missingSources("Nothing to reload: no feature files were loaded.") }
    _ = try self.tools()
    self.prepareWarmCompiler()
    var results: [LoadedFeatures] = []
    for request in self.requests {
      if let layout = try ModuleLayout.find(request.paths), layout.modules.count > 1 {
        results.append(try await self.buildModules(request, layout: layout))
        continue
      }
      let (sources, features) = try self.resolve(request)
      do { results.append(try await self.build(request, sources: sources, features: features)) } catch {
        throw error.noted(sources.notes)
      }
    }
    return results
  }

  private func remember(_ request: LoadRequest) {
    self.requests.removeAll { $0.paths == request.paths }
    self.requests.append(request)
  }

  /// The modules loaded code can import (Apple-only frameworks aside): listed once per loader.
  lazy var availableModules = AvailableModules(toolchain: self.toolchain, runtime: self.runtime)

  private func resolve(_ request: LoadRequest) throws(LoadError) -> (SourceFiles, [FeatureRequest]) {
    let sources = try SourceFiles(request.paths, modules: self.availableModules)
    return (sources, try sources.features(for: request.features))
  }

  /// Starts opening the warm compiler, if compiles will use it, so that it is ready (or nearly)
  /// when the first compile gets to it: the source's glue is generated meanwhile.
  private func prepareWarmCompiler() {
    guard self.usesWarmCompiler, self.followsCompilePlan, let toolchain = self.toolchain else { return }
    if let server = self.compileServer {
      CompileServerConnection.shared(executable: server, library: toolchain.sourceKitLibrary).prepare()
    } else {
      WarmCompiler.prepare(library: toolchain.sourceKitLibrary)
    }
  }

  /// The compiler and the playground's modules, or why they're missing.
  private func tools() throws(LoadError) -> (Toolchain, RuntimeLayout) {
    guard let toolchain = self.toolchain else { throw .compilerNotFound }
    guard let runtime = self.runtime else {
      throw .runtimeNotFound(executable: RuntimeLayout.executableURL()?.path ?? CommandLine.arguments.first ?? "the playground")
    }
    return (toolchain, runtime)
  }

  func build(
    _ request: LoadRequest, sources: SourceFiles, features: [FeatureRequest], notes: [String] = [],
    module: ModuleCompile? = nil
  ) async throws(LoadError) -> LoadedFeatures {
    do {
      return try await self.compile(request, sources: sources, features: features, notes: notes, module: module)
    } catch let .withoutInitialState(missing) {
      // A reducer whose State has no `State()` (a detail screen that needs its model) is
      // registered without an initial state: a store of it is made with one,
      // `TestStore(initialState: Detail.State(…)) { Detail() }`. A 0.x-style reducer constant
      // can't be (its feature needs a state), and stays a part the others use.
      let skipped = missing.filter { $0.legacy != nil }
      let remaining = features.filter { !skipped.contains($0) }.map { feature in
        var feature = feature
        feature.isWithoutInitialState = missing.contains(feature)
        return feature
      }
      guard request.features.isEmpty, !remaining.isEmpty else {
        throw .registration(missing.map { Self.noInitialStateMessage($0) })
      }
      let described = missing.map { feature in
        skipped.contains(feature)
          ? "Not a store of its own: \(feature.typeName) ('\(feature.stateTypeName)()' is not available; "
            + "load it with ':load … as \(feature.typeName) with \(feature.stateTypeName)(…)')."
          : "No initial state of its own: \(feature.typeName) ('\(feature.stateTypeName)()' is not available); give "
            + "one to its stores, 'TestStore(initialState: \(feature.stateTypeName)(…)) { \(feature.typeName)() }', or "
            + "load it with ':load … as \(feature.typeName) with \(feature.stateTypeName)(…)'."
      }
      return try await self.compile(request, sources: sources, features: remaining, notes: notes + described, module: module)
    }
  }

  nonisolated static func noInitialStateMessage(_ feature: FeatureRequest, reason: String? = nil) -> String {
    "'\(feature.stateTypeName)()' is not available\(reason.map { " (\($0))" } ?? ""): give the initial state when loading, "
      + "':load FILE as \(feature.typeName) with \(feature.stateTypeName)(…)', or give every stored property of "
      + "\(feature.stateTypeName) a default value."
  }

  /// Compiles and opens one module of `sources`; `usesTables: false` describes every type by a
  /// conformance (what a table's text can't name, a conformance in the type's extension can).
  /// A module of a load of several (`module`) is named for its folder (`LoginFeature_3`).
  private func compile(
    _ request: LoadRequest, sources: SourceFiles, features: [FeatureRequest], notes: [String], usesTables: Bool = true,
    module: ModuleCompile? = nil
  ) async throws(LoadError) -> LoadedFeatures {
    let (toolchain, runtime) = try self.tools()
    Self.buildCount += 1
    let moduleName = "\(module?.sourceName ?? "UserFeature")_\(Self.buildCount)"
    let buildDirectory = self.workDirectory.appendingPathComponent(moduleName)
    defer {
      try? FileManager.default.removeItem(at: buildDirectory)
      // The work directory goes when nothing is kept in it (a loaded library stays mapped).
      if !Self.keepsLibraries { rmdir(self.workDirectory.path) }
    }
    let gluePath = buildDirectory.appendingPathComponent("\(moduleName)+Registration.swift").path
    // A kept library is built beside the build folder (removed after the load), so that a
    // crash report can read its line tables (a deleted one's frames are `<unknown>`).
    let libraryPath = (Self.keepsLibraries ? self.workDirectory : buildDirectory)
      .appendingPathComponent(Self.libraryName(moduleName)).path
    // Copies of the user's files with their types' shapes appended; `#sourceLocation` keeps
    // diagnostics about the user's code pointing at the user's files.
    // Generated off the main actor: parsing with swift-syntax takes a while, and effects of the
    // session's stores (and other work on the main actor) go on meanwhile.
    let files = sources.paths.map { SourceFile(path: $0, text: sources.texts[$0] ?? "") }
    let shapes = await Task.detached {
      var generator = GlueGenerator(files: files, mode: .sameFile)
      generator.usesTables = usesTables
      return generator.generate()
    }.value
    let glue = RegistrationGlue(
      moduleName: moduleName, features: features, tableFunctions: shapes.tableFunctions, declaredTypes: shapes.declaredTypes
    )
    let copyPaths = shapes.files.enumerated().map { index, file in
      buildDirectory.appendingPathComponent("\(index)-\((file.path as NSString).lastPathComponent)").path
    }
    do {
      // Not atomically: an atomic write waits for the disk (`fsync`) on the main actor, seconds
      // when a build writes beside it, for files in a directory of this load's own.
      try FileManager.default.createDirectory(at: buildDirectory, withIntermediateDirectories: true)
      try glue.source.write(toFile: gluePath, atomically: false, encoding: .utf8)
      for (file, path) in zip(shapes.files, copyPaths) {
        try file.text.write(toFile: path, atomically: false, encoding: .utf8)
      }
    } catch {
      throw .loading("Could not write to \(buildDirectory.path): \(error.localizedDescription)")
    }

    let clock = ContinuousClock()
    let compileStart = clock.now
    let result = try await self.runCompiler(
      toolchain: toolchain, runtime: runtime, inputs: copyPaths + [gluePath], moduleName: moduleName,
      library: libraryPath, in: buildDirectory, importsNetworking: sources.mentionsNetworking, module: module
    )
    let compileDuration = clock.now - compileStart

    var output = CompilerOutput(result.output)
    output.shiftExcerpts(of: Set(sources.paths), by: GlueGenerator.sameFileLineOffset)
    // Diagnostics in the generated code: the registration file, or the shapes after the copies'
    // `#sourceLocation()` (which the compiler reports at the copies' own paths).
    let generatedPaths = Set(copyPaths + [gluePath])
    let userDiagnostics = output.diagnostics.filter { !generatedPaths.contains($0.file ?? "") }
    let glueDiagnostics = output.diagnostics.filter { $0.file == gluePath }
    let shapeErrors = output.diagnostics.filter { copyPaths.contains($0.file ?? "") && $0.severity == "error" }
    if result.status != 0 {
      let glueErrors = glueDiagnostics.filter { $0.severity == "error" }
      if userDiagnostics.contains(where: { $0.severity == "error" }) || (glueErrors.isEmpty && shapeErrors.isEmpty) {
        let text = output.text(of: userDiagnostics)
        throw .compilation(text.isEmpty ? "swiftc failed (exit status \(result.status))." : text)
      }
      if glueErrors.isEmpty, usesTables, !shapes.tableFunctions.isEmpty {
        return try await self.compile(
          request, sources: sources, features: features, notes: notes, usesTables: false, module: module
        )
      }
      if glueErrors.isEmpty {
        throw .registration(
          shapeErrors.map { "The playground's generated shapes don't compile: \($0.message).\n\($0.text)" }
        )
      }
      let missing = glue.featuresWithoutInitialState(glueErrors)
      if request.features.isEmpty, !missing.isEmpty,
        glueErrors.allSatisfy({ glue.requirements[$0.line]?.requirement == .initialState })
      {
        throw .withoutInitialState(missing)
      }
      throw .registration(glue.problems(from: glueErrors))
    }

    let loadStart = clock.now
    let library = try SharedLibrary(path: libraryPath)
    let registrar = CatalogRegistrar(summary: "Loaded from \(LoadError.list(sources.paths))")
    try library.register(into: registrar, entryPoint: glue.entryPoint)
    let catalog = registrar.catalog(module: moduleName)
    let loadDuration = clock.now - loadStart

    let warnings = output.text(of: userDiagnostics.filter { $0.severity == "warning" })
    return LoadedFeatures(
      catalog: catalog,
      moduleName: moduleName,
      featureNames: catalog.features.map(\.name),
      files: sources.paths,
      coldBecause: result.coldBecause,
      warnings: warnings.isEmpty ? nil : warnings,
      notes: sources.notes + notes,
      compileDuration: compileDuration,
      loadDuration: loadDuration,
      request: request
    )
  }
}
