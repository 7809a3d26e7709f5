import KernelProtocol
import ArgumentParser

/// The options that create a store before the first input (the REPL's and `tcaplay run`'s).
public struct StoreOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Start with a store named `store` of this feature.", valueName: "Module.Feature"))
  public var feature: String?

  @Option(name: .long, help: ArgumentHelp("Start the --feature store from this preset.", valueName: "preset"))
  public var preset: String?

  @Flag(name: .long, help: "Make the --feature store a TestStore instead of a live Store.")
  public var test = false

  public init() {}

  public func validate() throws {
    if self.feature == nil, self.preset != nil || self.test {
      throw ValidationError("--preset and --test need --feature")
    }
  }

  /// The `--feature` store, if one was asked for.
  public var initialStore: InitialStore? {
    self.feature.map { InitialStore(feature: $0, preset: self.preset, isTestStore: self.test) }
  }
}

/// The REPL's options (`tcaplay [repl] [--feature …] [--resume] [--load …]`): parsed by the
/// front end, which runs the REPL itself, and by `tcaplay-kernel`'s `repl` subcommand.
public struct REPLOptions: ParsableArguments {
  @OptionGroup public var store: StoreOptions

  @Flag(name: .long, help: "Rebuild the last session from its journal (after a crash) before reading input.")
  public var resume = false

  @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Compile and load your own feature files or folders (as ':load' does).", valueName: "file.swift"))
  public var load: [String] = []

  public init() {}

  /// The options when `arguments` (without the executable) start the REPL — none, the REPL's
  /// options, or `repl` and its options; `nil` for anything else (another subcommand, `--help`,
  /// a mistake), which the full command line (`tcaplay-kernel`) answers.
  public static func parseREPL(_ arguments: [String]) -> REPLOptions? {
    let options = arguments.first == "repl" ? Array(arguments.dropFirst()) : arguments
    return try? Self.parse(options)
  }
}
