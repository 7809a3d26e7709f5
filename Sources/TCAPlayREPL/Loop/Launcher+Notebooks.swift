import FeatureCatalog
import Foundation
import Notebooks
import TextFiles
import KernelClient
import KernelProtocol
#if canImport(Glibc)
  import Glibc
#endif

extension Launcher {
  /// `tcaplay run NOTEBOOK… [--step]`: presents lesson notebooks, each in a fresh session. A
  /// cell that traps shows its report and fails the lesson, which goes on in a restarted session.
  /// `catalogFiles` are `--load`'s files (exit status 2 if they don't compile); `lineEditor`
  /// makes the editor that reads at the pauses on a terminal.
  public static func presentNotebooks(
    _ paths: [String], catalog: Catalog, catalogFiles: [String], step: Bool, lineEditor: LineEditorFactory
  ) async -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    let standardOutput = StandardOutputConsole(style: style)
    let (started, failure) = await NotebookSessions.start(catalog: catalog, catalogFiles: catalogFiles, standardOutput: standardOutput)
    guard let sessions = started else { return failure }
    defer { sessions.shutdown() }
    // On a terminal, pauses and `:repl` read with readline (prompts, editing, TAB, history);
    // piped, plain lines without prompts, as the piped REPL reads them.
    let editor = step && isatty(STDIN_FILENO) == 1 ? lineEditor(style) : nil
    defer { editor?.close() }
    let exploring = ExploringRunner()
    if let editor {
      editor.relaySignals { exploring.runner?.interrupt() }
    }
    let input: any LineSource = editor ?? PlainLineSource()
    let console: any Console = editor ?? standardOutput
    let presenter = NotebookPresenter(
      step: step,
      output: { console.write($0 + StyledText("\n")) },
      ask: {
        switch await input.readLine(prompt: editor == nil ? "" : style.prompt("step> ", .quietPrompt)) {
        case let .line(text):
          let answer = text.trimmingCharacters(in: .whitespaces)
          if answer == "q" || answer == ":q" || answer == ":quit" { return .quit }
          return answer == ":repl" ? .repl : .next
        case .endOfInput, .interrupted:
          return .quit
        }
      },
      openREPL: { session in
        await session.exploring(on: console) { runner in
          exploring.runner = runner
          if editor != nil { runner.terminalWidth = { TerminalSize.columns() } }
          defer { exploring.runner = nil }
          editor?.setCompleter { line, cursor in runner.completions(for: line, cursor: cursor) }
          runner.print("A REPL on the lesson's session: :quit (or Ctrl-D) goes back to the lesson.", as: .info)
          // Piped, the same loop without prompts.
          var loop = TerminalREPL.loop(style)
          if editor == nil { (loop.primaryPrompt, loop.continuationPrompt) = ("", "") }
          await loop.run(runner, source: input)
        }
      },
      predict: { _ in
        guard case let .line(text) = await input.readLine(prompt: style.prompt("predict> ", .prompt)) else { return nil }
        return text
      }
    )
    var status: Int32 = 0
    for path in paths {
      let text: String
      do { text = try TextFile.read(atPath: path) } catch {
        standardOutput.write(.line("error: \(error)"))
        return 2
      }
      do {
        let notebook = try NotebookParser.parse(text, path: path)
        guard let session = await sessions.next() else {
          standardOutput.write(.line("\(path): error: no session to run the notebook in"))
          return 1
        }
        if !(await presenter.present(notebook, in: session)) { status = 1 }
      } catch {
        standardOutput.write(.line("\(error)"))
        status = 1
      }
    }
    return status
  }

  /// `tcaplay test [--update] [--load FILE…] PATH…`: checks notebooks, each in a fresh session.
  /// A cell that traps fails its notebook, which goes on in a restarted session; the run goes on
  /// with the next notebook. Exit status 1 if a notebook failed, 2 if `catalogFiles` don't
  /// compile.
  public static func testNotebooks(_ paths: [String], update: Bool, catalog: Catalog, catalogFiles: [String]) async -> Int32 {
    let standardOutput = StandardOutputConsole(style: TextStyle(isColored: false))
    let (started, failure) = await NotebookSessions.start(catalog: catalog, catalogFiles: catalogFiles, standardOutput: standardOutput)
    guard let sessions = started else { return failure }
    defer { sessions.shutdown() }
    let suite = NotebookSuite(paths: paths, update: update) { standardOutput.write(.line($0)) }
    return await suite.run { await sessions.next()?.executor } ? 0 : 1
  }
}

/// Where a run's notebooks get their fresh sessions: a kernel, or this process
/// (`TCAPLAY_KERNEL=inprocess`).
@MainActor
private enum NotebookSessions {
  case kernel(NotebookKernel)
  case inProcess(Catalog)

  /// The kernel started (or the `--load` files compiled here); when that failed (its messages
  /// printed), `nil` and the exit status to give (2: the `--load` files didn't compile).
  static func start(
    catalog: Catalog, catalogFiles: [String], standardOutput: any Console
  ) async -> (sessions: NotebookSessions?, failure: Int32) {
    guard KernelREPL.usesKernel else {
      return (await Launcher.catalog(catalog, loading: catalogFiles).map(NotebookSessions.inProcess), 2)
    }
    let kernel = NotebookKernel(catalogFiles: catalogFiles, standardOutput: standardOutput)
    return await kernel.start() ? (.kernel(kernel), 0) : (nil, max(kernel.setupStatus, 1))
  }

  /// A fresh session for the next notebook.
  func next() async -> NotebookSession? {
    switch self {
    case let .kernel(kernel): return await kernel.session()
    case let .inProcess(catalog): return NotebookSession(catalog: catalog)
    }
  }

  func shutdown() {
    if case let .kernel(kernel) = self { kernel.shutdown() }
  }
}

/// What a person is exploring a lesson's session in (`:repl` at a pause), for Ctrl-C.
@MainActor
private final class ExploringRunner: Sendable {
  var runner: (any InputRunner)?
}
