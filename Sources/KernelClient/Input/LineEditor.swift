import KernelProtocol

/// A terminal's line editor (the front end's readline editor, `TCAPlayFrontEnd`'s
/// `ReadlineEditor`): the lines typed, with prompts, editing, TAB and history, and the console
/// output is written to above the line being typed. The REPL a process runs itself at a
/// terminal is handed one, so that the modules that run sessions don't link readline.
public protocol LineEditor: LineSource, Console {
  /// Sets where TAB's completions come from (a line and a cursor, a character offset; called
  /// on the main actor).
  func setCompleter(_ completer: @escaping @MainActor @Sendable (_ line: String, _ cursor: Int) -> CompletionResult)
  /// Relays the terminal's signals for the session: SIGWINCH resizes the editor; Ctrl-C drops
  /// the line being edited or, while an input runs, calls `interrupt` on the main actor. Call
  /// once.
  func relaySignals(interrupt: @escaping @MainActor @Sendable () -> Void)
  /// Trims the history file to its limit (at exit).
  func close()
}

/// Makes the line editor of a terminal session, styling what it writes with `style`.
public typealias LineEditorFactory = @MainActor (_ style: TextStyle) -> any LineEditor
