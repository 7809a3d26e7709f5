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
      FileHandle.standardOutput.write(Data("error: \(error.description)\n".utf8))
      return nil
    }
  }
}
