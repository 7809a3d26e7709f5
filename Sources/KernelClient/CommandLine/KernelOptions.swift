import KernelProtocol
import ArgumentParser

/// The options of the hidden `tcaplay-kernel kernel` subcommand: a ``KernelConfiguration`` as
/// the front end starts a kernel with it (``arguments(for:)``), each path an argument of its
/// own (`--load=PATH`, so that a path with a space, or one starting with `-`, arrives whole).
public struct KernelOptions: ParsableArguments {
  @Flag(name: .long, help: "A terminal REPL (else piped input or script files).")
  public var terminal = false

  @Flag(name: .long, help: "Journal the session.")
  public var journals = false

  @Flag(name: .long, help: "Rebuild the last session from its journal first.")
  public var resume = false

  @Option(name: .customLong("load"), help: ArgumentHelp("A file or folder to load once, as ':load' does.", valueName: "path"))
  public var loadFiles: [String] = []

  @Option(name: .customLong("catalog-file"), help: ArgumentHelp("A file or folder compiled into the catalog.", valueName: "path"))
  public var catalogFiles: [String] = []

  @OptionGroup public var store: StoreOptions

  @Flag(name: .long, help: "Load the --feature store as ':load' does (else quietly).")
  public var showsStoreLoad = false

  @Flag(name: .long, help: "Don't let ':load' compile Swift files (notebooks).")
  public var noFeatureFiles = false

  @Flag(name: .long, help: "A kernel started after another crashed: no set-up.")
  public var restart = false

  public init() {}

  /// The configuration these options describe.
  public var configuration: KernelConfiguration {
    KernelConfiguration(
      mode: self.terminal ? .terminal : .unattended, journals: self.journals, resume: self.resume, loadFiles: self.loadFiles,
      catalogFiles: self.catalogFiles, initialStore: self.store.initialStore, loadsQuietly: !self.showsStoreLoad,
      compilesFeatureFiles: !self.noFeatureFiles, isRestart: self.restart
    )
  }

  /// The arguments that give `configuration` (after `kernel`).
  public static func arguments(for configuration: KernelConfiguration) -> [String] {
    var arguments: [String] = []
    func flag(_ name: String, _ isSet: Bool) {
      if isSet { arguments.append("--" + name) }
    }
    func option(_ name: String, _ value: String?) {
      if let value { arguments.append("--\(name)=\(value)") }
    }
    flag("terminal", configuration.mode == .terminal)
    flag("journals", configuration.journals)
    flag("resume", configuration.resume)
    for path in configuration.loadFiles { option("load", path) }
    for path in configuration.catalogFiles { option("catalog-file", path) }
    if let store = configuration.initialStore {
      option("feature", store.feature)
      option("preset", store.preset)
      flag("test", store.isTestStore)
    }
    flag("shows-store-load", !configuration.loadsQuietly)
    flag("no-feature-files", !configuration.compilesFeatureFiles)
    flag("restart", configuration.isRestart)
    return arguments
  }
}
