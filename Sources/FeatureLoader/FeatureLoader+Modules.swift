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
      } catch {
        guard case let .compilation(text) = error, let note = Self.publicNote(text, module: module, layout: layout) else {
          throw error.noted(sources.notes)
        }
        throw LoadError.compilation(text + "\n" + note).noted(sources.notes)
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

  /// A note for compiler errors that say, or suggest, that `module` uses a declaration another
  /// module of the load doesn't make `public`; `nil` for other errors.
  private static func publicNote(_ text: String, module: ModuleLayout.Module, layout: ModuleLayout) -> String? {
    let imported = module.imports.compactMap { name in layout.modules.first { $0.name == name } }
    let hidden = Self.internalNames(in: text, declaredIn: imported)
    guard Self.needsPublic(text) || hidden != nil else { return nil }
    let named = hidden.map { "\($0.name) is declared in \($0.module) without 'public'. " } ?? ""
    return "note: \(named)\(module.name) is a module of its own: what it uses of the modules it imports must be "
      + "'public' (as in an app's SwiftPM targets)."
  }

  /// The first name a "cannot find 'X' in scope" error gives that one of `modules` declares
  /// (an internal declaration is invisible to the modules importing it), with that module.
  private static func internalNames(in text: String, declaredIn modules: [ModuleLayout.Module]) -> (name: String, module: String)? {
    let names = text.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: "error: cannot find type '") ?? line.range(of: "error: cannot find '"),
        let end = line[start.upperBound...].firstIndex(of: "'")
      else { return nil }
      return String(line[start.upperBound..<end])
    }
    guard !names.isEmpty else { return nil }
    let keywords = ["struct", "enum", "class", "actor", "protocol", "typealias", "func", "var", "let"]
    for module in modules {
      let words = SourceFiles.swiftFiles(under: module.folder).flatMap { file in
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
          .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
      }
      for (index, word) in words.enumerated().dropLast() where keywords.contains(word) && names.contains(words[index + 1]) {
        return (words[index + 1], module.name)
      }
    }
    return nil
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
