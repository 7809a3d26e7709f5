import FeatureCatalog
import Foundation
import Notebooks
import TCAScript
import TextFiles
import KernelClient
import KernelProtocol
#if canImport(Glibc)
  import Glibc
import TCAScriptSyntax
#endif

/// What `tcaplay` does, by mode: the REPL on a terminal (readline) or on piped input, script
/// files, and the feature list. Each returns the process's exit status.
@MainActor
public enum Launcher {
  /// How long `advance(by:)` gives effects in flight to start when nobody waits at a prompt
  /// (piped input, `tcaplay run`, notebooks): a second, so that a loaded machine doesn't make a
  /// script's advance go by before its effect scheduled its timer (at the prompt: 100 ms).
  static let unattendedEffectStartGrace: Duration = .seconds(1)

  /// The REPL in this process (`TCAPLAY_KERNEL=inprocess`): with `lineEditor`'s editor
  /// (readline) when standard input is a terminal, else reading plain lines without prompts
  /// (exit status 1 if an error or failure was printed).
  public static func repl(
    catalog: Catalog, initialStore: InitialStore?, resume: Bool = false, loadFiles: [String] = [], lineEditor: LineEditorFactory
  ) async -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    let session = Session(catalog: catalog)
    if isatty(STDIN_FILENO) != 1 { session.effectStartGrace = Self.unattendedEffectStartGrace }
    var resumeText: String?
    var journalNote: String?
    // Journal interactive sessions (and piped ones when TCAPLAY_JOURNAL says where).
    if isatty(STDIN_FILENO) == 1 || environment["TCAPLAY_JOURNAL"] != nil {
      (resumeText, journalNote) = Self.openJournal(for: session, resume: resume)
    }
    guard isatty(STDIN_FILENO) == 1 else {
      let repl = REPL(session: session, console: StandardOutputConsole(style: style))
      if let journalNote { repl.printInfo(journalNote) }
      await self.resume(resumeText, in: repl)
      if !loadFiles.isEmpty { await repl.loadFiles(FileLoadArguments(paths: loadFiles)) }
      if let initialStore, !(await self.load(initialStore, into: repl, quietly: true)) { return 1 }
      // The session's issue reporters bound once for the loop (`Session.reportingIssues`).
      await session.reportingIssues { await InputLoop().run(repl, source: PlainLineSource()) }
      return repl.problemCount > 0 ? 1 : 0
    }
    let editor = lineEditor(style)
    let repl = REPL(session: session, console: editor)
    repl.showsPasses = true
    repl.terminalWidth = { TerminalSize.columns() }
    editor.setCompleter { line, cursor in repl.completions(for: line, cursor: cursor) }
    editor.relaySignals { repl.interrupt() }
    editor.write(TerminalREPL.banner)
    if let journalNote { repl.printInfo(journalNote) }
    await self.resume(resumeText, in: repl)
    if !loadFiles.isEmpty { await repl.loadFiles(FileLoadArguments(paths: loadFiles)) }
    if let initialStore { _ = await self.load(initialStore, into: repl) }
    await session.reportingIssues { await TerminalREPL.loop(style).run(repl, source: editor) }
    editor.close()
    return 0
  }

  /// Runs script files in one session, in order (exit status 1 if an error or failure was
  /// printed, 2 if a file can't be read).
  /// `catalogFiles` are `--load`'s files, compiled into the catalog first (exit status 2 if
  /// they don't compile).
  public static func run(files: [String], catalog: Catalog, catalogFiles: [String] = [], initialStore: InitialStore?, echo: Bool) async -> Int32 {
    if KernelREPL.usesKernel {
      return await self.runThroughKernel(files: files, catalogFiles: catalogFiles, initialStore: initialStore, echo: echo)
    }
    guard let catalog = await Self.catalog(catalog, loading: catalogFiles) else { return 2 }
    let environment = ProcessInfo.processInfo.environment
    let style = TextStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    let session = Session(catalog: catalog)
    session.effectStartGrace = Self.unattendedEffectStartGrace
    let repl = REPL(session: session, console: StandardOutputConsole(style: style))
    if let initialStore, !(await self.load(initialStore, into: repl, quietly: true)) { return 1 }
    // The session's issue reporters bound once for the run (`Session.reportingIssues`).
    return await session.reportingIssues { await self.runScripts(files, echo: echo, in: repl) }
  }

  /// Runs script files in order in `runner`'s session: exit status 1 if an error or failure was
  /// printed, 2 if a file can't be read.
  static func runScripts(_ files: [String], echo: Bool, in runner: some InputRunner) async -> Int32 {
    for file in files {
      let text: String
      do { text = try TextFile.read(atPath: file) } catch {
        runner.printError(error.description, origin: nil)
        return 2
      }
      var loop = InputLoop(origin: file)
      loop.echoesInput = echo
      await loop.run(runner, source: ArrayLineSource(text))
    }
    return runner.problemCount > 0 ? 1 : 0
  }

  /// Opens the journal (`TCAPLAY_JOURNAL` or `~/.tcaplay/journal.tca`) for `session`: returns
  /// the previous session's complete statements to replay when resuming, and a note when
  /// another tcaplay holds the journal.
  static func openJournal(for session: Session, resume: Bool) -> (resumeText: String?, note: String?) {
    guard let url = JournalLocation.resolve(environment: ProcessInfo.processInfo.environment) else { return (nil, nil) }
    guard let journal = Journal.open(preferring: url, newest: resume) else {
      return (nil, "Every journal beside \(url.path) is in use by another tcaplay; this session isn't journaled.")
    }
    let previous = resume ? try? String(contentsOf: journal.url, encoding: .utf8) : nil
    try? journal.reset()
    session.journal = journal
    let note = journal.url == url ? nil : "Another tcaplay is journaling to \(url.path); this session journals to \(journal.url.path)."
    return (previous.map(Journal.completeStatements), note)
  }

  /// Replays a journal's text in the REPL's session (quietly: only problems and the summary).
  static func resume(_ text: String?, in repl: REPL) async {
    guard let text else { return }
    let mode = repl.session.printer.mode
    repl.session.printer.mode = .off
    defer { repl.session.printer.mode = mode }
    let replay = FileManager.default.temporaryDirectory.appendingPathComponent("tcaplay-resume-\(getpid()).tca")
    do {
      try text.write(to: replay, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: replay) }
      let outputs = try await repl.session.open(replay)
      repl.show(outputs.filter { $0.kind == .error || $0.kind == .failure || $0.kind == .info })
    } catch let error as ScriptError {
      repl.printError(error.message)
    } catch {
      repl.printError("\(error)")
    }
  }

  /// Loads the `--feature` store; `quietly` prints only errors (for pipes and files).
  static func load(_ store: InitialStore, into repl: REPL, quietly: Bool = false) async -> Bool {
    if quietly {
      do {
        let feature = try repl.features.feature(named: store.feature)
        _ = try repl.session.load(featureNamed: repl.features.displayName(of: feature), preset: store.preset, test: store.isTestStore)
        return true
      } catch let error as ScriptError {
        repl.printError(error.message)
      } catch {
        repl.printError("\(error)")
      }
      return false
    }
    let before = repl.problemCount
    _ = await repl.execute(store.loadCommand)
    return repl.problemCount == before
  }
}

/// Where the REPL journals a session (so `tcaplay --resume` can rebuild it after a crash):
/// `TCAPLAY_JOURNAL=path`, or `~/.tcaplay/journal.tca`; `TCAPLAY_JOURNAL=` (empty) turns it off.
enum JournalLocation {
  static func resolve(environment: [String: String]) -> URL? {
    if let value = environment["TCAPLAY_JOURNAL"] {
      return value.isEmpty ? nil : URL(fileURLWithPath: value)
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".tcaplay/journal.tca")
  }
}
