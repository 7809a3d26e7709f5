import KernelClient
import KernelProtocol
import TCAPlayInput
import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

/// The REPL as the front end runs it: readline, the banner and prompts here, the session in a
/// kernel process started in parallel with them.
@MainActor
public enum FrontEnd {
  /// The REPL, its session in a kernel (`executable kernel`): on a terminal with readline, else
  /// reading plain lines without prompts (exit status 1 if an error, failure or trap was
  /// printed, or the `--feature` store didn't load).
  ///
  /// The kernel starts at once and sets up in parallel with readline and the banner; the first
  /// input waits for it. With work to do first (`--load`, `--feature`, `--resume`, a journal),
  /// the first prompt (or, piped, the first input) waits for that work, so that its output
  /// comes first. Without, `:quit` or the end of input before any input ends the session without
  /// waiting for the kernel at all.
  public static func repl(
    initialStore: InitialStore?, resume: Bool, loadFiles: [String], executable: String = KernelExecutable.path
  ) async -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    let isTerminal = isatty(STDIN_FILENO) == 1
    let configuration = KernelConfiguration(
      mode: isTerminal ? .terminal : .unattended,
      // Interactive sessions journal, and piped ones when TCAPLAY_JOURNAL says where; empty, it
      // turns the journal off (and the kernel has nothing to set up for it).
      journals: (isTerminal || environment["TCAPLAY_JOURNAL"] != nil) && environment["TCAPLAY_JOURNAL"] != "",
      resume: resume, loadFiles: loadFiles,
      initialStore: initialStore, loadsQuietly: !isTerminal
    )
    guard isTerminal else {
      let kernel = KernelREPL(configuration: configuration, console: StandardOutputConsole(style: style), executable: executable)
      kernel.start()
      defer { kernel.shutdown() }
      if configuration.hasSetUpWork {
        guard await kernel.waitUntilReady() else { return 1 }
      }
      await InputLoop().run(kernel, source: PlainLineSource())
      return kernel.problemCount > 0 ? 1 : 0
    }
    let editor = ReadlineEditor(history: HistoryFile.resolve(environment: environment), style: style)
    let kernel = KernelREPL(configuration: configuration, console: editor, executable: executable)
    kernel.start()
    kernel.terminalWidth = { TerminalSize.columns() }
    editor.setCompleter { line, cursor in kernel.completions(for: line, cursor: cursor) }
    SignalRelay.relay(to: editor) { kernel.interrupt() }
    editor.write(TerminalREPL.banner)
    // The first prompt comes at once, unless the session starts with work (loading files or a
    // store, resuming) whose output should come before it.
    if resume || !loadFiles.isEmpty || initialStore != nil { _ = await kernel.waitUntilReady() }
    await TerminalREPL.loop(style).run(kernel, source: editor)
    editor.close()
    kernel.shutdown()
    return 0
  }

  /// The line editor of a session at a terminal: readline, with the history file
  /// (`TCAPLAY_HISTORY`, or `~/.tcaplay_history`). What `tcaplay-kernel` hands the REPL and the
  /// notebooks it runs itself.
  public static func lineEditor(_ style: TextStyle) -> any LineEditor {
    ReadlineEditor(history: HistoryFile.resolve(environment: ProcessInfo.processInfo.environment), style: style)
  }
}
