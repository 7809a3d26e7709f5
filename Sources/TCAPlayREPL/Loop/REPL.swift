@_spi(Hosting) import ComposableArchitecture
import FeatureCatalog
import FeatureLoader
import Foundation
import TCAScript
import KernelClient
import KernelProtocol

/// The REPL around an interpreter ``Session``: runs what the user types (script statements and
/// `:` commands), prints the results styled, keeps track of problems, and offers completions.
///
/// The same REPL serves a terminal (with a line editor), piped input and script files; only the
/// line source and the ``Console`` differ.
@MainActor
public final class REPL {
  /// Whether the session goes on after an input.
  public typealias Control = InputControl

  public let session: Session
  public let features: FeatureDirectory
  /// The `:` commands, by name.
  public var commands: [MetaCommand]
  let console: any Console
  /// How many errors and failed assertions were printed.
  public private(set) var problemCount = 0
  /// Whether passed assertions (`#expect`, `XCTAssertEqual`…) print `✔`: at a terminal, not
  /// in scripts, piped input or notebooks, where a pass is silent as in a test run.
  public var showsPasses = false
  /// The terminal's width in columns, for output that wraps to it (`:features`); `nil` (pipes,
  /// files, notebooks) leaves lines whole.
  public var terminalWidth: () -> Int? = { nil }
  /// Whether a statement or command is running (asynchronous output waits until it is done).
  public private(set) var isBusy = false
  var viewWatch: ViewWatch?
  /// Compiles and loads the user's own feature files (`:load File.swift`, `:reload`), made on
  /// first use.
  var featureLoader: FeatureLoader?
  /// Whether `:load File.swift` may compile Swift files. Off for notebooks: compiling a file runs
  /// its code, and a notebook someone shares must not run code or write files beyond the
  /// export commands. Files given on the command line (`--load`) are loaded either way.
  public var compilesFeatureFiles = true
  private var running: Task<[Session.Output], Never>?
  /// The action `:predict` is waiting to run with the next line typed as its assertion.
  var pendingPrediction: String?
  /// The predictions checked with `:predict` so far.
  public internal(set) var predictionScore = PredictionScore()

  public init(session: Session, console: any Console, commands: [MetaCommand] = MetaCommand.all) {
    self.session = session
    self.features = FeatureDirectory(catalog: session.catalog)
    self.console = console
    self.commands = commands
    session.commandHandler = { [weak self] text in
      guard let self else { return false }
      let before = self.problemCount
      _ = await self.executeCommand(text, origin: nil)
      return self.problemCount == before
    }
  }

  // MARK: - Running input

  /// Runs one complete input: a `:` command or script statements. `firstLine` is the input's
  /// line in its file, so that error positions point into the file; `origin` names the file.
  public func execute(_ input: String, firstLine: Int = 1, origin: String? = nil) async -> Control {
    // The front end's trimming (not Foundation's, a tenth of a kernel's time per input).
    let trimmed = input.trimmingBlanks(newlines: true)
    guard !trimmed.isEmpty else { return .continue }
    self.isBusy = true
    defer { self.isBusy = false }
    if trimmed.hasPrefix(":") {
      let control = await self.executeCommand(trimmed, origin: origin.map { "\($0):\(firstLine)" })
      self.updateView()
      return control
    }
    if let action = self.pendingPrediction {
      self.pendingPrediction = nil
      return await self.checkPrediction(action: action, guess: trimmed)
    }
    let task = Task { @MainActor in await self.session.run(input, origin: origin, firstLine: firstLine) }
    self.running = task
    let outputs = await task.value
    self.running = nil
    self.show(outputs)
    if task.isCancelled { self.printInfo("Interrupted.") }
    self.updateView()
    return .continue
  }

  private func executeCommand(_ text: String, origin: String?) async -> Control {
    let body = text.dropFirst()
    let name = String(body.prefix { !$0.isWhitespace })
    let arguments = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else {
      self.printError("expected a command after ':'; try ':help'", origin: origin)
      return .continue
    }
    let command: MetaCommand
    do {
      let resolved = try UniquePrefix.resolve(name, among: self.commands.map(\.name), kind: "command") { ":" + $0 }
      command = self.commands.first { $0.name == resolved }!
    } catch {
      let message = "\(error)"
      self.printError(message.hasSuffix("?") ? message : message + "; try ':help'", origin: origin)
      return .continue
    }
    return await command.run(self, arguments)
  }

  /// Ctrl-C while something runs: cancels the running statement's task (a `receive` or
  /// `finish` waiting for effects stops waiting).
  public func interrupt() {
    self.running?.cancel()
  }

  // MARK: - Printing

  /// Prints interpreter outputs, counting errors and failures.
  public func show(_ outputs: [Session.Output]) {
    for output in outputs {
      if output.kind == .pass && !self.showsPasses { continue }
      if output.kind == .error || output.kind == .failure { self.problemCount += 1 }
      self.console.write(StyledText(output) + StyledText("\n"))
    }
  }

  /// Prints `text` as one or more lines of `kind`.
  public func print(_ text: String, as kind: StyledText.Kind = .plain) {
    self.console.write(.line(text, kind))
  }

  /// Prints `text` (whose parts have kinds of their own) as one or more lines.
  public func print(_ text: StyledText) {
    self.console.write(text + StyledText("\n"))
  }

  public func printInfo(_ text: String) {
    self.print(text, as: .info)
  }

  /// Prints an error and counts it as a problem.
  public func printError(_ message: String, origin: String? = nil) {
    self.printProblem((origin.map { "\($0): " } ?? "") + "error: " + message)
  }

  /// Prints text that says what its problems are (the compiler's `File.swift:2:8: error: …`)
  /// as an error, and counts it as a problem.
  public func printProblem(_ text: String) {
    self.problemCount += 1
    self.print(text, as: .error)
  }

  /// Prints what effects delivered since the last call (actions a live store received while the
  /// user was typing), unless a statement is running.
  public func pollAsynchronousOutput() {
    guard !self.isBusy else { return }
    let outputs = self.session.drainAsynchronousOutput()
    self.show(outputs)
    if !outputs.isEmpty { self.updateView() }
  }

  /// Lets effects that are ready deliver their actions (a few turns of the main serial
  /// executor), then prints what they delivered. With no effect running in the session (its
  /// stores count theirs in the activity it binds) nothing can deliver, and the turns are
  /// skipped (as a store's send skips them).
  public func settle() async {
    if self.session.runningEffectCount > 0 { await Task.settle(turns: 16) }
    self.pollAsynchronousOutput()
  }

  // MARK: - :view

  /// Starts watching the current store's view; returns the whole view, or an error message.
  func watchView() -> Result<String, ViewError> {
    guard let summary = self.session.storeSummary() else { return .failure(ViewError("there is no store yet; load one with ':load FEATURE'")) }
    guard let view = self.session.featureView(forStore: summary.name), let state = self.session.state(ofStore: summary.name),
      let rows = view.render(state)
    else {
      return .failure(ViewError("\(summary.featureName) has no view in the catalog"))
    }
    self.viewWatch = ViewWatch(storeName: summary.name, rows: rows)
    return .success(ViewWatch.describe(rows, storeName: summary.name, featureName: summary.featureName))
  }

  func stopWatchingView() -> String? {
    defer { self.viewWatch = nil }
    return self.viewWatch?.storeName
  }

  /// After each action: the rows of the watched view that changed.
  func updateView() {
    guard let watch = self.viewWatch else { return }
    guard let view = self.session.featureView(forStore: watch.storeName),
      let state = self.session.state(ofStore: watch.storeName), let rows = view.render(state)
    else {
      self.viewWatch = nil
      return
    }
    if let text = watch.update(with: rows) {
      self.print(text, as: .view)
    }
  }

  struct ViewError: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }
}

extension REPL: InputRunner {}
