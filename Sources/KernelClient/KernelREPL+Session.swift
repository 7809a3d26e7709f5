import KernelProtocol
import FoundationEssentials
#if canImport(Glibc)
  import Glibc
#endif

extension KernelREPL {
  /// The REPL, its session in a kernel (`executable kernel`): on a terminal with `lineEditor`'s
  /// editor (the front end's readline), else reading plain lines without prompts (exit status 1
  /// if an error, failure or trap was printed, or the `--feature` store didn't load).
  ///
  /// The kernel starts at once and sets up in parallel with the editor and the banner; the first
  /// input waits for it. With work to do first (`--load`, `--feature`, `--resume`, a journal),
  /// the first prompt (or, piped, the first input) waits for that work, so that its output
  /// comes first. Without, `:quit` or the end of input before any input ends the session without
  /// waiting for the kernel at all.
  @MainActor
  public static func runSession(
    initialStore: InitialStore?, resume: Bool, loadFiles: [String], executable: String = KernelExecutable.path,
    lineEditor: LineEditorFactory
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
    let editor = lineEditor(style)
    let kernel = KernelREPL(configuration: configuration, console: editor, executable: executable)
    kernel.start()
    kernel.terminalWidth = { TerminalSize.columns() }
    editor.setCompleter { line, cursor in kernel.completions(for: line, cursor: cursor) }
    editor.relaySignals { kernel.interrupt() }
    editor.write(TerminalREPL.banner)
    // The first prompt comes at once, unless the session starts with work (loading files or a
    // store, resuming) whose output should come before it.
    if resume || !loadFiles.isEmpty || initialStore != nil { _ = await kernel.waitUntilReady() }
    await TerminalREPL.loop(style).run(kernel, source: editor)
    editor.close()
    kernel.shutdown()
    return 0
  }
}
