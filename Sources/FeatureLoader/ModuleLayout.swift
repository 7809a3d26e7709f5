import Foundation
import TextFiles

/// The modules of a folder that holds several, in the order they compile: found from the
/// folders and the files' `import` lines, never from a manifest (which is Swift code to run).
///
/// ```swift
/// // Package/Package.swift, Package/Sources/{SharedModels,LoginFeature,AppFeature}/…
/// let layout = try ModuleLayout.find(["Package/"])
/// layout?.modules.map(\.name)  // ["SharedModels", "LoginFeature", "AppFeature"]
/// ```
///
/// Recognised: a SwiftPM package (`Package.swift` beside `Sources/`, a module per folder of
/// `Sources/`); one module's folder of such a package (`Package/Sources/AppFeature`: the
/// siblings it imports, and theirs, load with it); and a folder of feature folders (Tuist or
/// Xcode: `Features/LoginFeature/…`, or `…/LoginFeature/Sources/…`) whose files import each
/// other's folder names. A folder whose subfolders don't import each other is one module, as
/// before (``find(_:)`` is `nil`).
struct ModuleLayout: Equatable {
  /// One module: its name (its folder's), the folder whose Swift files it compiles, and the
  /// modules of the layout it imports.
  struct Module: Equatable {
    var name: String
    var folder: String
    var imports: [String]
  }

  /// The modules, each after those it imports.
  var modules: [Module]

  /// The modules of a load of `paths`, or `nil` when the load is one module (several paths, a
  /// file, or a folder without modules).
  static func find(_ paths: [String]) throws(LoadError) -> ModuleLayout? {
    guard paths.count == 1, let path = paths.first, Self.isDirectory(path) else { return nil }
    let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
    let manifestTargets = Self.manifestTargets(near: folder)
    // A package: every module of `Sources/`.
    if Self.isFile(folder + "/Package.swift"), Self.isDirectory(folder + "/Sources") {
      let candidates = Self.moduleFolders(in: folder + "/Sources")
      guard !candidates.isEmpty else { return nil }
      return try Self.ordered(candidates, wanted: nil, manifestTargets: manifestTargets, base: folder + "/Sources")
    }
    // Feature folders that import each other.
    let subfolders = Self.moduleFolders(in: folder)
    if subfolders.count > 1, !Self.hasSwiftFilesDirectly(in: folder) {
      let names = Set(subfolders.map(\.name))
      if subfolders.contains(where: { !Self.imports(under: $0.folder, among: names, except: $0.name).isEmpty }) {
        return try Self.ordered(subfolders, wanted: nil, manifestTargets: manifestTargets, base: folder)
      }
      return nil
    }
    // One module that imports its siblings: load it with them.
    let name = Self.moduleName(ofFolder: folder)
    let moduleFolder = (folder as NSString).lastPathComponent == "Sources" ? (folder as NSString).deletingLastPathComponent : folder
    let parent = (moduleFolder as NSString).deletingLastPathComponent
    let siblings = Self.moduleFolders(in: parent.isEmpty ? "." : parent)
    guard siblings.contains(where: { $0.name == name }) else { return nil }
    let others = Set(siblings.map(\.name)).subtracting([name])
    let own = siblings.first { $0.name == name }!
    let imported = Self.imports(under: own.folder, among: others, except: name)
    let missing = Self.importedNames(under: own.folder).filter { manifestTargets.contains($0) && !others.contains($0) && $0 != name }
    guard !imported.isEmpty || !missing.isEmpty else { return nil }
    return try Self.ordered(siblings, wanted: name, manifestTargets: manifestTargets, base: parent)
  }

  /// `candidates` in dependency order: all of them, or `wanted` and the modules it imports,
  /// transitively.
  private static func ordered(
    _ candidates: [(name: String, folder: String)], wanted: String?, manifestTargets: Set<String>, base: String
  ) throws(LoadError) -> ModuleLayout {
    let names = Set(candidates.map(\.name))
    var modules: [String: Module] = [:]
    for candidate in candidates {
      modules[candidate.name] = Module(
        name: candidate.name, folder: candidate.folder,
        imports: Self.imports(under: candidate.folder, among: names, except: candidate.name)
      )
      let missing = Self.importedNames(under: candidate.folder).filter {
        manifestTargets.contains($0) && !names.contains($0) && $0 != candidate.name
      }
      if let first = missing.first {
        throw .modules("\(candidate.name) imports \(first), a target of Package.swift with no folder \(base)/\(first)")
      }
    }
    var order: [Module] = []
    var done: Set<String> = []
    var visiting: [String] = []
    func visit(_ name: String) throws(LoadError) {
      guard !done.contains(name), let module = modules[name] else { return }
      if let start = visiting.firstIndex(of: name) {
        throw .modules("The modules import each other in a cycle: \((visiting[start...] + [name]).joined(separator: " → "))")
      }
      visiting.append(name)
      for imported in module.imports { try visit(imported) }
      visiting.removeLast()
      done.insert(name)
      order.append(module)
    }
    for name in wanted.map({ [$0] }) ?? candidates.map(\.name) { try visit(name) }
    return ModuleLayout(modules: order)
  }

  /// The subfolders of `folder` that hold Swift files, by name: a folder's own `Sources/` when
  /// it has one (a Tuist feature's), else the folder.
  static func moduleFolders(in folder: String) -> [(name: String, folder: String)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.sorted().compactMap { entry in
      guard !entry.hasPrefix("."), entry != "Tests", !entry.hasSuffix("Tests") else { return nil }
      let path = folder + "/" + entry
      guard Self.isDirectory(path) else { return nil }
      let sources = Self.isDirectory(path + "/Sources") ? path + "/Sources" : path
      return SourceFiles.swiftFiles(under: sources).isEmpty ? nil : (entry, sources)
    }
  }

  /// The module name of a folder given to `:load`: its own, or its parent's for a `Sources/`.
  private static func moduleName(ofFolder folder: String) -> String {
    let last = (folder as NSString).lastPathComponent
    return last == "Sources" ? ((folder as NSString).deletingLastPathComponent as NSString).lastPathComponent : last
  }

  /// The names among `names` that the files under `folder` import, in order, once each.
  static func imports(under folder: String, among names: Set<String>, except own: String) -> [String] {
    Self.importedNames(under: folder).filter { names.contains($0) && $0 != own }
  }

  /// Every module the files under `folder` import, in order, once each.
  static func importedNames(under folder: String) -> [String] {
    var seen: Set<String> = []
    return SourceFiles.swiftFiles(under: folder).flatMap { file in
      Self.importedModules(in: (try? TextFile.read(atPath: file)) ?? "")
    }.filter { seen.insert($0).inserted }
  }

  /// The modules a source file imports: `import X`, `@testable import X`, `import struct X.Y`,
  /// `@preconcurrency import X`.
  static func importedModules(in source: String) -> [String] {
    source.split(whereSeparator: \.isNewline).compactMap { line in
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" }),
        index + 1 < words.count
      else { return nil }
      let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
      let path = kinds.contains(words[index + 1]) && index + 2 < words.count ? words[index + 2] : words[index + 1]
      return path.split(separator: ".").first.map(String.init)
    }
  }

  /// The target names a `Package.swift` beside `folder`, or beside `folder`'s `Sources/`,
  /// declares (`.target(name: "X"`), read as text: so that an import of a target whose folder
  /// is missing says so.
  private static func manifestTargets(near folder: String) -> Set<String> {
    let parent = (folder as NSString).deletingLastPathComponent
    let candidates = [folder, parent, (parent as NSString).deletingLastPathComponent].map { $0 + "/Package.swift" }
    guard let manifest = candidates.lazy.compactMap({ try? TextFile.read(atPath: $0) }).first else { return [] }
    var names: Set<String> = []
    var rest = Substring(manifest)
    while let range = rest.range(of: "arget(") {
      rest = rest[range.upperBound...]
      let trimmed = rest.drop { $0.isWhitespace }
      guard trimmed.hasPrefix("name:") else { continue }
      let value = trimmed.dropFirst(5).drop { $0.isWhitespace }
      guard value.hasPrefix("\""), let end = value.dropFirst().firstIndex(of: "\"") else { continue }
      names.insert(String(value[value.index(after: value.startIndex)..<end]))
    }
    return names
  }

  private static func hasSwiftFilesDirectly(in folder: String) -> Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasSuffix(".swift") }
  }

  private static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  private static func isFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
  }
}
