import FeatureCatalog
import Foundation

/// How one module of a load of several is compiled: named for its folder (`LoginFeature_3`:
/// libraries stay open, so each build is a fresh module), emitting its module file beside the
/// others', and importing each module it imports by the name its files use, through an alias
/// to that module's current build (`-module-alias LoginFeature=LoginFeature_3`).
struct ModuleCompile: Sendable, Equatable {
  /// The module's name in the files (its folder's): `LoginFeature`.
  var sourceName: String
  /// Where every module file of the load goes (and is found: `-I`).
  var modulesDirectory: String
  /// The names it imports, with the modules currently built for them.
  var aliases: [(imported: String, built: String)]

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sourceName == rhs.sourceName && lhs.modulesDirectory == rhs.modulesDirectory
      && lhs.aliases.elementsEqual(rhs.aliases) { $0 == $1 }
  }

  /// The module file a build named `moduleName` writes.
  func moduleFile(moduleName: String) -> String {
    self.modulesDirectory + "/" + moduleName + ".swiftmodule"
  }

  /// The arguments added to a compile of the build `moduleName`: the same for the driver, the
  /// frontend and the warm compiler.
  func arguments(moduleName: String) -> [String] {
    ["-emit-module-path", self.moduleFile(moduleName: moduleName), "-I", self.modulesDirectory]
      + self.aliases.flatMap { ["-module-alias", "\($0.imported)=\($0.built)"] }
  }
}

/// A module of a load of several, as it was last compiled: what `:reload` compares.
struct BuiltModule: Sendable, Equatable {
  /// The build's module name: `LoginFeature_3`.
  var name: String
  /// The module's files' text when it was compiled, by path.
  var texts: [String: String]
}

extension FeatureLoader {
  /// The modules of the folder at `path`, in the order they compile, with their Swift files;
  /// `nil` when it is one module. For comparing the loader with `swiftc` compiling the same.
  public static func modules(of path: String) throws(LoadError) -> [(name: String, files: [String])]? {
    try ModuleLayout.find([path]).map { layout in
      layout.modules.map { ($0.name, SourceFiles.swiftFiles(under: $0.folder)) }
    }
  }

  /// The arguments the loader gives `swiftc` for every compile (each module's own come after),
  /// or `nil` without the playground's modules. For comparing the loader with `swiftc`.
  public var driverArguments: [String]? {
    self.runtime.map { self.compilerArguments(runtime: $0, importsNetworking: false) }
  }

  /// Compiles the modules of `layout` in order, each as a library of its own, and registers
  /// their reducers. A module is compiled when it is new to this request, its files changed
  /// since its last build, or it imports one compiled now; the others keep their builds. The
  /// result has every compiled module's features, those of the modules nothing imports first
  /// (the app's root feature is the store `:load` makes).
  func buildModules(_ request: LoadRequest, layout: ModuleLayout) async throws(LoadError) -> LoadedFeatures {
    let previous = self.builtModules[request.paths] ?? [:]
    var built = previous
    var results: [(module: String, loaded: LoadedFeatures)] = []
    var found: Set<String> = []
    let modulesDirectory = self.workDirectory.appendingPathComponent("modules").path
    do {
      try FileManager.default.createDirectory(atPath: modulesDirectory, withIntermediateDirectories: true)
    } catch {
      throw .loading("Could not write to \(modulesDirectory): \(error.localizedDescription)")
    }
    // The load's own modules are importable beside the toolchain's and the playground's.
    var available = self.availableModules
    available.names.formUnion(layout.modules.map(\.name))
    for module in layout.modules {
      let sources = try SourceFiles([module.folder], modules: available)
      let features = try Self.features(of: sources, requested: request.features)
      found.formUnion(features.map(\.typeName))
      let changed = previous[module.name].map { $0.texts != sources.texts } ?? true
      guard changed || module.imports.contains(where: { name in results.contains { $0.module == name } }) else { continue }
      let compile = ModuleCompile(
        sourceName: module.name, modulesDirectory: modulesDirectory,
        aliases: module.imports.compactMap { name in built[name].map { (name, $0.name) } }
      )
      do {
        let loaded = try await self.build(request, sources: sources, features: features, module: compile)
        built[module.name] = BuiltModule(name: loaded.moduleName, texts: sources.texts)
        results.append((module.name, loaded))
      } catch let .compilation(text) where Self.needsPublic(text) {
        throw LoadError.compilation(
          text + "\nnote: \(module.name) is a module of its own: what it uses of the modules it imports must be "
            + "'public' (as in an app's SwiftPM targets)."
        ).noted(sources.notes)
      } catch {
        throw error.noted(sources.notes)
      }
    }
    if let missing = request.features.first(where: { !found.contains($0.typeName) }) {
      throw .unknownReducer(missing.typeName, files: layout.modules.map(\.folder), reducers: Array(found).sorted())
    }
    if previous.isEmpty, results.allSatisfy({ $0.loaded.featureNames.isEmpty }) {
      throw .noReducers(files: layout.modules.map(\.folder), types: [])
    }
    self.builtModules[request.paths] = built
    return Self.merged(results.reversed().map(\.loaded), modules: results.map(\.module),
                       unchanged: layout.modules.map(\.name).filter { name in !results.contains { $0.module == name } },
                       request: request)
  }

  /// The features of one module's files: every reducer it declares, or those asked for that it
  /// declares (a module may declare none: a models or client module).
  private static func features(of sources: SourceFiles, requested: [FeatureRequest]) throws(LoadError) -> [FeatureRequest] {
    if requested.isEmpty {
      let reducers = sources.declarations.filter { $0.isReducer && !$0.isGeneric && $0.isTopLevel && $0.kind == .struct }
      guard !reducers.isEmpty || !sources.legacyReducers.isEmpty else { return [] }
      return try sources.features(for: [])
    }
    let own = requested.filter { feature in
      sources.declarations.contains { $0.qualifiedName == feature.typeName }
        || sources.legacyReducers.contains { $0.name == feature.typeName }
    }
    return own.isEmpty ? [] : try sources.features(for: own)
  }

  /// Whether compiler errors say a declaration of another module isn't public.
  private static func needsPublic(_ text: String) -> Bool {
    text.contains("due to 'internal' protection level") || text.contains("is internal and cannot be referenced")
  }

  /// The modules' loads as one.
  private static func merged(
    _ loads: [LoadedFeatures], modules: [String], unchanged: [String], request: LoadRequest
  ) -> LoadedFeatures {
    var merged = LoadedFeatures(
      catalog: Catalog.merging(loads.map(\.catalog)),
      moduleName: loads.map(\.moduleName).joined(separator: "+"),
      featureNames: loads.flatMap(\.featureNames),
      files: loads.flatMap(\.files),
      coldBecause: loads.compactMap(\.coldBecause).first,
      warnings: loads.compactMap(\.warnings).joined(separator: "\n").nilIfEmpty,
      notes: loads.flatMap(\.notes),
      compileDuration: loads.map(\.compileDuration).reduce(.zero, +),
      loadDuration: loads.map(\.loadDuration).reduce(.zero, +),
      request: request
    )
    merged.modules = modules
    merged.unchangedModules = unchanged
    return merged
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { self.isEmpty ? nil : self }
}
