import FeatureCatalog

/// Features compiled from a user's files and loaded into the running playground.
public struct LoadedFeatures: Sendable {
  /// The features, one per registered reducer, under ``moduleName``. Give it to a session
  /// (`session.install(_:)`, `session.reload(_:)`) or merge it into the catalog a session
  /// starts with.
  public var catalog: Catalog
  /// The module the files were compiled as: `UserFeature_1`, `UserFeature_2`, … (a fresh one per
  /// build, since the Swift runtime knows types by their module-qualified names).
  public var moduleName: String
  /// The registered features' names (their reducer types' names).
  public var featureNames: [String]
  /// The Swift files compiled.
  public var files: [String]
  /// Why the warm compiler didn't compile the files (its request failed, it reported something
  /// about them, it is off), or `nil` when it did.
  public var coldBecause: String?
  /// Whether the files were compiled by the warm compiler (SourceKit, kept loaded in the compile
  /// server or in this process), rather than by a compiler process of their own.
  public var isWarmCompiled: Bool { self.coldBecause == nil }
  /// Warnings the compiler printed about the user's files, exactly as printed, or `nil`.
  public var warnings: String?
  /// One line per file of a folder that was left out, and why (`Skipped Views.swift: it
  /// imports SwiftUI, …`).
  public var notes: [String]
  /// How long compiling and linking took.
  public var compileDuration: Duration
  /// How long opening the library and registering its features took.
  public var loadDuration: Duration
  /// What was asked for, to load again on `:reload`.
  public var request: LoadRequest
  /// For a load of several modules, the modules compiled, by their folders' names, in the order
  /// they compiled (a `:reload` compiles those whose files changed and those that import them);
  /// empty for a load of one.
  public var modules: [String] = []
  /// For a load of several modules, those a `:reload` left as they were.
  public var unchangedModules: [String] = []

  /// A one-line account for the REPL:
  /// `Loaded Counter from Counter.swift (UserFeature_1; compiled in 0.31 s, loaded in 0.01 s).`
  /// For several modules, the modules instead of the files:
  /// `Loaded AppFeature, Login from 5 modules (SharedModels_1+…; compiled in 2.10 s, …).`
  public var summary: String {
    let source = self.modules.count + self.unchangedModules.count > 1
      ? "\(self.modules.count) module\(self.modules.count == 1 ? "" : "s") (\(self.modules.joined(separator: ", ")))"
      : LoadError.list(self.files)
    return "Loaded \(self.featureNames.joined(separator: ", ")) from \(source) "
      + "(\(self.moduleName); compiled in \(Self.seconds(self.compileDuration)), "
      + "loaded in \(Self.seconds(self.loadDuration)))."
  }

  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) + Double(attoseconds) / 1e18
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
  }
}
