import Foundation
import TextFiles

/// The Swift files of a ``LoadRequest``, and the reducers they declare.
struct SourceFiles {
  /// The files, as given (or as found under a given folder), in order.
  var paths: [String]
  var declarations: [ReducerScanner.Declaration]
  /// The 0.x-style reducer constants (`let x = Reducer<State, Action, Environment> …`), with the
  /// environments any of the files declares for them.
  var legacyReducers: [LegacyReducer] = []
  /// One line per file that was left out whole (an Apple-only framework), or whose view code was.
  var notes: [String] = []
  /// The files' text as compiled (view code blanked), by path.
  var texts: [String: String] = [:]

  /// The files of `paths` (a folder's at any depth), as ``SourcePreparation`` prepares them with
  /// the modules the playground has.
  init(_ paths: [String], modules: AvailableModules = AvailableModules(toolchain: nil, runtime: nil)) throws(LoadError) {
    let fileManager = FileManager.default
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw .missingSources("No such file or folder: \(path)")
      }
      if isDirectory.boolValue {
        let found = Self.swiftFiles(under: path)
        guard !found.isEmpty else { throw .missingSources("No Swift files in \(path)") }
        files += found
      } else {
        files.append(path)
      }
    }
    let prepared = try SourcePreparation(files: files, modules: modules)
    guard !prepared.files.isEmpty else {
      throw .missingSources(
        "No Swift files to load" + (prepared.notes.isEmpty ? "" : ":\n" + prepared.notes.joined(separator: "\n"))
      )
    }
    self.paths = prepared.files
    self.notes = prepared.notes
    self.texts = prepared.texts
    self.declarations = []
    var legacyReducers: [LegacyReducer] = []
    var environments: [String: [String]] = [:]
    for file in prepared.files {
      let source = prepared.texts[file] ?? ""
      self.declarations += ReducerScanner.declarations(in: source)
      legacyReducers += LegacyReducerScanner.reducers(in: source)
      environments.merge(LegacyReducerScanner.environments(in: source)) { old, new in old + new.filter { !old.contains($0) } }
    }
    self.legacyReducers = legacyReducers.map { reducer in
      var reducer = reducer
      // `Outer.Environment` is declared as `Environment` inside `Outer`.
      let typeName = reducer.environment.split(separator: ".").last.map(String.init) ?? reducer.environment
      reducer.environments = environments[typeName] ?? []
      return reducer
    }
  }

  /// The `.swift` files under a folder, at any depth, skipping hidden folders and SwiftPM's
  /// `.build`; paths start with the folder as given.
  static func swiftFiles(under folder: String) -> [String] {
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      if (relative as NSString).lastPathComponent.hasPrefix(".") {
        enumerator.skipDescendants()
        continue
      }
      if relative.hasSuffix(".swift") { files.append(base + "/" + relative) }
    }
    return files.sorted()
  }

  /// The features to register: those asked for, each of which must be declared in the files, or
  /// else every top-level, non-generic reducer struct and every 0.x-style reducer constant.
  func features(for requested: [FeatureRequest]) throws(LoadError) -> [FeatureRequest] {
    do { return try self.requestedFeatures(requested) } catch { throw error.noted(self.notes) }
  }

  private func requestedFeatures(_ requested: [FeatureRequest]) throws(LoadError) -> [FeatureRequest] {
    let reducers = self.declarations.filter { $0.isReducer && !$0.isGeneric }
    if !requested.isEmpty {
      return try requested.map { feature throws(LoadError) in
        if let legacy = self.legacyReducers.first(where: { $0.name == feature.typeName }) {
          return FeatureRequest(legacy: legacy, initialState: feature.initialState)
        }
        guard self.declarations.contains(where: { $0.qualifiedName == feature.typeName }) else {
          throw .unknownReducer(
            feature.typeName, files: self.paths, reducers: reducers.map(\.qualifiedName) + self.legacyReducers.map(\.name)
          )
        }
        return feature
      }
    }
    let found = reducers.filter { $0.isTopLevel && $0.kind == .struct }
    guard !found.isEmpty || !self.legacyReducers.isEmpty else {
      // The types the user can name: not private ones, each once.
      var named: Set<String> = []
      let types = self.declarations.filter { $0.isTopLevel && !$0.isPrivate && named.insert($0.qualifiedName).inserted }
      throw .noReducers(files: self.paths, types: types.map(\.qualifiedName))
    }
    var seen: Set<String> = []
    return found.compactMap { seen.insert($0.qualifiedName).inserted ? FeatureRequest($0.qualifiedName) : nil }
      + self.legacyReducers.compactMap { seen.insert($0.name).inserted ? FeatureRequest(legacy: $0) : nil }
  }
}

extension SourceFiles {
  /// Whether any file names a type that Linux keeps in FoundationNetworking (`URLSession`,
  /// `URLRequest`, `HTTPURLResponse`, `HTTPCookie`, `CachedURLResponse`, …): an identifier that
  /// starts with `URL` (other than `URL` itself), `HTTP`, `NSURL`, `NSMutableURL` or `CachedURL`.
  /// Erring towards yes costs an import; its API is reached only through those names.
  var mentionsNetworking: Bool {
    self.texts.values.contains { text in
      text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { word in
        (word.hasPrefix("URL") && word != "URL") || word.hasPrefix("HTTP") || word.hasPrefix("NSURL")
          || word.hasPrefix("NSMutableURL") || word.hasPrefix("CachedURL")
      }
    }
  }
}
