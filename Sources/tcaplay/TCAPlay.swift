import ArgumentParser
import Lessons
import TCAPlayREPL

/// `tcaplay`: the TCA Playground's REPL and script runner.
@main
struct TCAPlay: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tcaplay",
    abstract: "The TCA Playground: run the lessons' features, send actions, assert like a TestStore.",
    discussion: """
      Without a subcommand, starts the REPL (type :help there). On a terminal it edits lines \
      with readline (TAB completes, history in ~/.tcaplay_history); with piped input it reads \
      plain lines and exits with status 1 if an error or failed assertion was printed.

      Environment: TCAPLAY_HISTORY=PATH keeps the history elsewhere (empty: no history); \
      NO_COLOR=1 turns colours off.
      """,
    subcommands: [REPLCommand.self, RunCommand.self, FeaturesCommand.self],
    defaultSubcommand: REPLCommand.self
  )
}

/// The options that create a store before the first input.
struct StoreOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Start with a store named `store` of this feature.", valueName: "Module.Feature"))
  var feature: String?

  @Option(name: .long, help: ArgumentHelp("Start the --feature store from this preset.", valueName: "preset"))
  var preset: String?

  @Flag(name: .long, help: "Make the --feature store a TestStore instead of a live Store.")
  var test = false

  func validate() throws {
    if self.feature == nil, self.preset != nil || self.test {
      throw ValidationError("--preset and --test need --feature")
    }
  }

  var initialStore: Launcher.InitialStore? {
    self.feature.map { Launcher.InitialStore(feature: $0, preset: self.preset, isTestStore: self.test) }
  }
}

struct REPLCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Start the REPL (the default subcommand)."
  )

  @OptionGroup var store: StoreOptions

  @MainActor
  func run() async throws {
    let status = await Launcher.repl(catalog: lessonCatalog, initialStore: self.store.initialStore)
    if status != 0 { throw ExitCode(status) }
  }
}

struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run script files: one statement per line, ':{' … ':}' blocks and ':' commands allowed.",
    discussion: "Exits with status 1 if an error or failed assertion was printed."
  )

  @OptionGroup var store: StoreOptions

  @Flag(name: .long, help: "Print each input (after '> ') before its output.")
  var echo = false

  @Argument(help: ArgumentHelp("The script files, run in order in one session.", valueName: "file"))
  var files: [String]

  @MainActor
  func run() async throws {
    let status = await Launcher.run(
      files: self.files, catalog: lessonCatalog, initialStore: self.store.initialStore, echo: self.echo
    )
    if status != 0 { throw ExitCode(status) }
  }
}

struct FeaturesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "features",
    abstract: "List the features you can load."
  )

  @MainActor
  func run() async throws {
    print(FeatureDirectory(catalog: lessonCatalog).listing())
  }
}
