import Foundation
import TextFiles
#if canImport(Glibc)
  import Glibc
#endif

extension Launcher {
  /// Whether user code runs in a kernel process (the default) rather than in this one
  /// (`TCAPLAY_KERNEL=inprocess`, where a trap ends the session).
  static var usesKernel: Bool {
    ProcessInfo.processInfo.environment["TCAPLAY_KERNEL"] != "inprocess"
  }

  /// The REPL, its session in a kernel: started in parallel with readline's set-up and the
  /// banner; the first input waits for it.
  static func replThroughKernel(initialStore: InitialStore?, resume: Bool, loadFiles: [String]) async -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    let isTerminal = isatty(STDIN_FILENO) == 1
    let configuration = KernelConfiguration(
      mode: isTerminal ? .terminal : .unattended,
      journals: isTerminal || environment["TCAPLAY_JOURNAL"] != nil, resume: resume, loadFiles: loadFiles,
      initialStore: initialStore, loadsQuietly: !isTerminal
    )
    guard isTerminal else {
      let kernel = KernelREPL(configuration: configuration, console: StandardOutputConsole(style: style))
      kernel.start()
      defer { kernel.shutdown() }
      guard await kernel.waitUntilReady() else { return 1 }
      await InputLoop().run(kernel, source: PlainLineSource())
      return kernel.problemCount > 0 ? 1 : 0
    }
    let editor = ReadlineEditor(history: HistoryFile.resolve(environment: environment), style: style)
    let kernel = KernelREPL(configuration: configuration, console: editor)
    kernel.start()
    kernel.terminalWidth = { TerminalSize.columns() }
    editor.setCompleter { line, cursor in kernel.completions(for: line, cursor: cursor) }
    SignalRelay.relay(to: editor) { kernel.interrupt() }
    editor.write(Self.banner)
    // The first prompt comes at once, unless the session starts with work (loading files or a
    // store, resuming) whose output should come before it.
    if resume || !loadFiles.isEmpty || initialStore != nil { _ = await kernel.waitUntilReady() }
    await Self.terminalLoop(style).run(kernel, source: editor)
    editor.close()
    kernel.shutdown()
    return 0
  }

  /// Script files, in one session in a kernel: a statement that traps is that statement's
  /// failure, and the script goes on in a restarted kernel.
  static func runThroughKernel(files: [String], catalogFiles: [String], initialStore: InitialStore?, echo: Bool) async -> Int32 {
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    let configuration = KernelConfiguration(
      mode: .unattended, catalogFiles: catalogFiles, initialStore: initialStore
    )
    let kernel = KernelREPL(configuration: configuration, console: StandardOutputConsole(style: style))
    kernel.start()
    defer { kernel.shutdown() }
    guard await kernel.waitUntilReady() else { return max(kernel.setupStatus, 1) }
    return await self.runScripts(files, echo: echo, in: kernel)
  }
}
