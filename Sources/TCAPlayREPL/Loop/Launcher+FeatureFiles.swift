import FeatureCatalog
import FeatureLoader
import Foundation

extension Launcher {
  /// The catalog with the features compiled from `files` (`tcaplay test --load Feature.swift`)
  /// added, for notebooks, which can't compile files themselves; `nil` after printing the
  /// error when the files don't load.
  public static func catalog(_ catalog: Catalog, loading files: [String]) async -> Catalog? {
    guard !files.isEmpty else { return catalog }
    do {
      let loaded = try await FeatureLoader().load(LoadRequest(paths: files))
      for note in loaded.notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
      if let warnings = loaded.warnings { FileHandle.standardError.write(Data((warnings + "\n").utf8)) }
      var merged = Catalog.merging([catalog, loaded.catalog])
      merged.module = catalog.module
      return merged
    } catch {
      // The notes about the files first (what was left out of them); the compiler's output as
      // it wrote it, its lines already saying "error:".
      for note in error.notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
      let message = error.isCompilerOutput ? error.message : "error: \(error.message)"
      FileHandle.standardOutput.write(Data("\(message)\n".utf8))
      return nil
    }
  }
}
