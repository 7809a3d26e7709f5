import KernelClient
import KernelProtocol
import FoundationEssentials

/// The REPL as the front end runs it: readline, the banner and prompts here, the session in a
/// kernel process started in parallel with them.
@MainActor
public enum FrontEnd {
  /// The REPL, its session in a kernel (`executable kernel`): on a terminal with readline, else
  /// reading plain lines without prompts (``KernelREPL/runSession(initialStore:resume:loadFiles:executable:lineEditor:)``).
  public static func repl(
    initialStore: InitialStore?, resume: Bool, loadFiles: [String], executable: String = KernelExecutable.path
  ) async -> Int32 {
    await KernelREPL.runSession(
      initialStore: initialStore, resume: resume, loadFiles: loadFiles, executable: executable, lineEditor: Self.lineEditor
    )
  }

  /// The line editor of a session at a terminal: readline, with the history file
  /// (`TCAPLAY_HISTORY`, or `~/.tcaplay_history`).
  public static func lineEditor(_ style: TextStyle) -> any LineEditor {
    ReadlineEditor(history: HistoryFile.resolve(environment: ProcessInfo.processInfo.environment), style: style)
  }
}
