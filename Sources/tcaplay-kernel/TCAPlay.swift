import ArgumentParser
import ConcurrencyExtras
import FeatureLoader
import Foundation
import Lessons
import KernelClient
import KernelProtocol
import TCAPlayREPL

/// `tcaplay-kernel`: the TCA Playground with everything in it — the REPL, scripts, notebooks, the
/// feature list, and the kernel sessions run in. The front end `tcaplay` runs the REPL itself and
/// hands every other command line to this one, so its commands, help and errors are `tcaplay`'s.
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
    subcommands: [
      REPLCommand.self, RunCommand.self, TestCommand.self, FeaturesCommand.self, HelpMarkdownCommand.self, KernelCommand.self,
      CompileServerCommand.self,
    ],
    defaultSubcommand: REPLCommand.self
  )

  /// Runs the command with every task of the process on the main thread, one job at a time.
  ///
  /// Effects are tasks: on Swift's thread pool they run beside the main actor, and on a busy
  /// machine one may not have reached its `clock.sleep` or delivered its action when the
  /// playground looks (after a `send`, before an `advance`), so that a notebook's output would
  /// depend on the load. On the main serial executor (swift-concurrency-extras, what TCA's own
  /// tests use for the same reason), a few yields run every ready effect up to its next
  /// suspension, in order: the same script prints the same thing on any machine. Nothing in
  /// tcaplay blocks the main thread while effects run (readline edits on a thread of its own).
  static func main() async {
    uncheckedUseMainSerialExecutor = true
    // Feature files compile in a server that is this executable again (`compile-server`).
    let executable = KernelExecutable.running
    if FileManager.default.isExecutableFile(atPath: executable) {
      await MainActor.run { FeatureLoader.compileServerExecutable = URL(fileURLWithPath: executable) }
    }
    do {
      var command = try parseAsRoot()
      if var command = command as? AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }
}

struct REPLCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Start the REPL (the default subcommand)."
  )

  @OptionGroup var options: REPLOptions

  @MainActor
  func run() async throws {
    // Its session in a kernel, as `tcaplay` runs it; or in this process.
    // At a terminal, lines are read with the editor `tcaplay` lent this process (readline is the
    // front end's alone), or plain lines after prompts when it was started by hand.
    let status = KernelREPL.usesKernel
      ? await KernelREPL.runSession(
        initialStore: self.options.store.initialStore, resume: self.options.resume, loadFiles: self.options.load,
        lineEditor: LentLineEditor.atTerminal
      )
      : await Launcher.repl(
        catalog: lessonCatalog, initialStore: self.options.store.initialStore, resume: self.options.resume, loadFiles: self.options.load,
        lineEditor: LentLineEditor.atTerminal
      )
    if status != 0 { throw ExitCode(status) }
  }
}

struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run script files or lesson notebooks (*.tca.md).",
    discussion: """
      A script has one statement per line; ':{' … ':}' blocks and ':' commands are allowed. \
      A notebook is shown as a lesson: its narration, then each cell's code and output; with \
      --step it pauses before each cell (Enter runs it, q quits, :repl opens a REPL on the \
      lesson's state). Exits with status 1 if an error or failed assertion was printed.
      """
  )

  @Flag(name: .long, help: "Notebooks: pause before each cell.")
  var step = false

  @OptionGroup var store: StoreOptions

  @Flag(name: .long, help: "Print each input (after '> ') before its output.")
  var echo = false

  @Option(name: .long, help: ArgumentHelp("Compile your own feature files or folders first (repeat for more); scripts can also ':load' them.", valueName: "file.swift"))
  var load: [String] = []

  @Argument(help: ArgumentHelp("The script files, run in order in one session.", valueName: "file"))
  var files: [String]

  @MainActor
  func run() async throws {
    let notebooks = self.files.filter { $0.hasSuffix(".tca.md") }
    guard notebooks.isEmpty || notebooks.count == self.files.count else {
      throw ValidationError("run either scripts or notebooks (*.tca.md), not both at once")
    }
    if !notebooks.isEmpty {
      let status = await Launcher.presentNotebooks(
        notebooks, catalog: lessonCatalog, catalogFiles: self.load, step: self.step, lineEditor: LentLineEditor.atTerminal
      )
      if status != 0 { throw ExitCode(status) }
      return
    }
    let status = await Launcher.run(
      files: self.files, catalog: lessonCatalog, catalogFiles: self.load, initialStore: self.store.initialStore, echo: self.echo
    )
    if status != 0 { throw ExitCode(status) }
  }
}

struct TestCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Check notebooks: run each and compare every cell's output with the recorded one.",
    discussion: """
      Prints one line per notebook, a unified diff (with file:line) for each cell whose output \
      differs, and 'N passed, N failed'. Exits with status 1 when a notebook fails. With \
      --update, rewrites the recorded outputs instead (review the change with git diff).
      """
  )

  @Flag(name: .long, help: "Record the actual outputs in the notebooks.")
  var update = false

  @Option(name: .long, help: ArgumentHelp("Compile your own feature files or folders for the notebooks to load by name (repeat for more).", valueName: "file.swift"))
  var load: [String] = []

  @Argument(help: ArgumentHelp("Notebook files or folders (default: notebooks).", valueName: "path"))
  var paths: [String] = []

  @MainActor
  func run() async throws {
    let status = await Launcher.testNotebooks(
      self.paths.isEmpty ? ["notebooks"] : self.paths, update: self.update, catalog: lessonCatalog, catalogFiles: self.load
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
    print(FeatureDirectory(catalog: lessonCatalog).listing(width: TerminalSize.columns()))
  }
}

/// `tcaplay help-markdown` (hidden): prints docs/commands.md, generated from the REPL's command
/// table.
struct HelpMarkdownCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "help-markdown",
    abstract: "Print docs/commands.md, generated from the REPL's command table.",
    shouldDisplay: false
  )

  func run() throws {
    print(CommandReference.markdown(), terminator: "")
  }
}

/// `tcaplay-kernel kernel` (hidden): the session a front end (the REPL, `tcaplay run`) runs its inputs
/// in, in a process of its own, so that a trap in user code ends the kernel and not the session
/// the person sees. Spoken to over a socket on descriptor 3.
struct KernelCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kernel",
    abstract: "Run a session for a tcaplay front end (internal).",
    shouldDisplay: false
  )

  @OptionGroup var options: KernelOptions

  @MainActor
  func run() async throws {
    await KernelServer.serve(catalog: lessonCatalog, configuration: self.options.configuration)
  }
}

/// `tcaplay-kernel compile-server` (hidden): compiles feature files for a kernel's loader, which
/// starts it at its first `:load` and speaks to it over standard input and output
/// (``CompileServer``).
struct CompileServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compile-server",
    abstract: "Compile feature files for a kernel (internal).",
    shouldDisplay: false
  )

  @Option(name: .customLong("library"), help: "The toolchain's SourceKit library.")
  var library: String

  func run() throws {
    CompileServer.serve(library: URL(fileURLWithPath: self.library))
  }
}
