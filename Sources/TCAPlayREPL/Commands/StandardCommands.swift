import FeatureCatalog
import PlaygroundHost
import Foundation
import TCAScript
import KernelProtocol
import TCAScriptSyntax

extension MetaCommand {
  /// Every command of the REPL, in the order `:help` lists them. Add a command here.
  public static let all: [MetaCommand] = standard + inspection + [.predict] + sessionTools + [.quit]

  static let standard: [MetaCommand] = [
    .help, .features, .load, .reload, .stores, .state, .effects, .cancel, .end, .clock, .print, .view,
  ]

  static let help = MetaCommand(
    name: "help", synopsis: "[TOPIC|COMMAND]", summary: "this help; ':help TOPIC' for a topic",
    help: """
      :help               the commands and topics
      :help TOPIC         a topic, such as ':help send' (unique prefixes work: ':help rec')
      :help COMMAND       a command, such as ':help load' or ':help :load'
      """,
    complete: { repl, arguments in
      .words(arguments) { previous in previous.isEmpty ? HelpTopic.all.map(\.name) + repl.commands.map(\.name) : [] }
    },
    run: { repl, arguments in
      repl.print(repl.helpText(for: arguments))
      return .continue
    }
  )

  static let features = MetaCommand(
    name: "features", summary: "list the features you can load",
    help: """
      :features           every feature of the catalog: name, summary, presets, environments
      Load one with ':load NAME'; its reducer and state types are also usable in scripts.
      A feature marked '(no initial state: TestStore(initialState: X.State(…)))' has no
      State() of its own: make its stores with one, 'TestStore(initialState: …) { X() }'.
      On a terminal, long lines wrap to its width.
      """,
    run: { repl, _ in
      // The session's catalog: the features `:load` compiled from files are there too.
      repl.print(FeatureDirectory(catalog: repl.session.catalog).listing(width: repl.terminalWidth()))
      return .continue
    }
  )

  static let load = MetaCommand(
    name: "load", synopsis: "[--test] FEATURE [PRESET] [as NAME]", summary: "make a store of a feature (live Store by default)",
    help: """
      :load DemoForEach               a live Store named `store`, from the initial state
      :load Day2.DemoForEach three    from a preset (':features' lists presets)
      :load DemoForEach as demo       named `demo` instead of `store`
      :load --test DemoForEach        a TestStore (assert with send/receive closures)
      :load Counter.swift             compile your own feature file (or folder) and load its
                                      reducer as `store`; ':load Counter.swift as Counter' names
                                      the reducer type. Edit the file, then ':reload'.
      The new store becomes the current one.
      """,
    complete: { repl, arguments in
      .words(arguments) { previous in
        let words = previous.filter { $0 != "--test" }
        if previous.last == "as" { return [] }
        if words.isEmpty { return repl.session.catalog.features.map(\.name) + (previous.isEmpty ? ["--test"] : []) }
        if words.count == 1, let feature = try? repl.features.feature(named: words[0]) {
          return feature.presetNames + ["as"]
        }
        return words.contains("as") ? [] : ["as"]
      }
    },
    run: { repl, arguments in
      await repl.load(arguments)
      return .continue
    }
  )

  static let stores = MetaCommand(
    name: "stores", summary: "list the stores (* marks the current one)",
    help: """
      :stores             each store: its name, kind and feature; * marks the current store,
                          the one ':state', ':effects', ':clock' and ':view' apply to
      """,
    run: { repl, _ in
      let summaries = repl.session.storeSummaries()
      guard !summaries.isEmpty else {
        repl.printInfo("No stores yet. ':load FEATURE' or 'let store = TestStore(…)' makes one.")
        return .continue
      }
      let width = summaries.map(\.name.count).max() ?? 0
      repl.print(summaries.map { summary in
        (summary.isCurrent ? "* " : "  ") + summary.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
          + (summary.isTestStore ? "TestStore" : "Store") + " of " + summary.featureName
      }.joined(separator: "\n"))
      return .continue
    }
  )

  static let state = MetaCommand(
    name: "state", synopsis: "[KEYPATH]", summary: "the current store's state, or a part of it",
    help: """
      :state                      the current store's whole state
      :state stackData[id: 1]     the value at a key path of it (as after '\\.')
      The same as 'store.state' and 'store.state.stackData[id: 1]'.
      """,
    complete: { repl, arguments in
      let completions = repl.session.completions(for: "\\." + arguments, cursor: arguments.count + 2)
      return ArgumentCompletion(start: max(0, completions.start - 2), candidates: completions.candidates, appendsSpace: false)
    },
    run: { repl, arguments in
      repl.show([repl.session.describeState(at: arguments)])
      return .continue
    }
  )

  static let clock = MetaCommand(
    name: "clock", synopsis: "[advance DURATION]", summary: "test time elapsed; ':clock advance 1s' moves it",
    help: """
      :clock                  the test time advanced so far on the current store
      :clock advance 1s       advance it (10ns, 5us, 250ms, 1.5s, 2min), running the effects
                              that become due: the same as store.advance(by: .seconds(1))
      """,
    complete: { _, arguments in
      .words(arguments) { previous in previous.isEmpty ? ["advance"] : [] }
    },
    run: { repl, arguments in
      await repl.clock(arguments)
      return .continue
    }
  )

  static let print = MetaCommand(
    name: "print", synopsis: "[changes|labels|off]", summary: "what is printed after each action",
    help: """
      :print changes      the action and the state diff (TCA's _printChanges(), the default)
      :print labels       only the action's name (_printChanges(.actionLabels))
      :print off          nothing
      :print              the current setting
      """,
    complete: { _, arguments in
      .words(arguments) { previous in previous.isEmpty ? ChangePrinter.Mode.allCases.map(\.rawValue) : [] }
    },
    run: { repl, arguments in
      guard !arguments.isEmpty else {
        repl.print("printing: \(repl.session.printer.mode.rawValue)")
        return .continue
      }
      do {
        let name = try UniquePrefix.resolve(arguments, among: ChangePrinter.Mode.allCases.map(\.rawValue), kind: "print mode")
        repl.session.printer.mode = ChangePrinter.Mode(rawValue: name)!
        repl.printInfo("printing: \(name)")
      } catch {
        repl.printError("\(error); expected changes, labels or off")
      }
      return .continue
    }
  )

  static let view = MetaCommand(
    name: "view", synopsis: "[off]", summary: "the current store's screen as rows; then the rows each action changes",
    help: """
      :view               the current store's screen as text rows (if its feature has a view),
                          and from then on, after each action, the rows that were inserted,
                          removed, updated or moved: in a ForEachStore only those re-render,
                          the other rows' stores see no change.
      :view off           stop listing changes
      """,
    complete: { _, arguments in
      .words(arguments) { previous in previous.isEmpty ? ["off"] : [] }
    },
    run: { repl, arguments in
      if arguments == "off" {
        if let name = repl.stopWatchingView() {
          repl.printInfo("Stopped watching \(name)'s view.")
        } else {
          repl.printInfo("No view is being watched.")
        }
        return .continue
      }
      guard arguments.isEmpty else {
        repl.printError("':view' takes no argument but 'off'")
        return .continue
      }
      switch repl.watchView() {
      case let .success(text): repl.print(text)
      case let .failure(error): repl.printError(error.message)
      }
      return .continue
    }
  )

  static let quit = MetaCommand(
    name: "quit", summary: "leave (Ctrl-D on an empty line does too)",
    help: ":quit               leave tcaplay",
    run: { _, _ in .quit }
  )
}

extension REPL {
  /// `:help`, `:help TOPIC` or `:help COMMAND`.
  func helpText(for argument: String) -> StyledText {
    let topic = argument.trimmingCharacters(in: .whitespaces)
    guard !topic.isEmpty else { return StyledText(self.overview()) }
    let name = topic.hasPrefix(":") ? String(topic.dropFirst()) : topic
    let commandNames = self.commands.map(\.name)
    let topicNames = HelpTopic.all.map(\.name)
    // A command named with its colon is always the command.
    if topic.hasPrefix(":"), let resolved = try? UniquePrefix.resolve(name, among: commandNames, kind: "command") {
      return StyledText(self.commandHelp(resolved))
    }
    do {
      let resolved = try UniquePrefix.resolve(name, among: Array(Set(topicNames + commandNames)).sorted(), kind: "help topic")
      if let entry = HelpTopic.all.first(where: { $0.name == resolved }) {
        return StyledText(entry.text)
      }
      return StyledText(self.commandHelp(resolved))
    } catch {
      return StyledText("error: \(error); ':help' lists the topics", .error)
    }
  }

  private func commandHelp(_ name: String) -> String {
    guard let command = self.commands.first(where: { $0.name == name }) else { return "" }
    return "\(command.usage)\n  \(command.summary)\n\n\(command.help)"
  }

  private func overview() -> String {
    let usageWidth = self.commands.map(\.usage.count).max() ?? 0
    let topicWidth = HelpTopic.all.map(\.name.count).max() ?? 0
    return """
      tcaplay runs the lessons' TCA features. Type Swift as in a TestStore test:
        :load DemoForEach              then   store.send(.addItem)
        let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)

      Commands (any unique prefix works: ':h', ':sta'):
      \(self.commands.map { "  " + $0.usage.padding(toLength: usageWidth + 2, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

      Topics (':help TOPIC'):
      \(HelpTopic.all.map { "  " + $0.name.padding(toLength: topicWidth + 2, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

      TAB completes; Ctrl-C drops the line; Ctrl-D quits. New here? ':help start'.
      """
  }

  /// `:load [--test] FEATURE [PRESET] [as NAME]`.
  func load(_ arguments: String) async {
    if FeatureFiles.isFileLoad(arguments) {
      guard self.compilesFeatureFiles else {
        self.printError("a notebook can't compile Swift files (that would run their code); ':load' them in the REPL instead")
        return
      }
      await self.loadFiles(arguments)
      return
    }
    var words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    let isTest = words.contains("--test")
    words.removeAll { $0 == "--test" }
    var storeName = "store"
    if let index = words.firstIndex(of: "as") {
      guard index + 1 < words.count, words.count == index + 2 else {
        self.printError("expected ':load FEATURE [PRESET] as NAME'")
        return
      }
      storeName = words[index + 1]
      words.removeSubrange(index...)
    }
    guard let featureName = words.first, words.count <= 2 else {
      self.printError("expected ':load FEATURE [PRESET] [as NAME]'; ':features' lists the features")
      return
    }
    do {
      let feature = try self.features.feature(named: featureName)
      let loaded = try self.session.load(featureNamed: self.features.displayName(of: feature), preset: words.count == 2 ? words[1] : nil, as: storeName, test: isTest)
      // Journaled and saved with the session, so that replaying it makes the store again.
      self.session.recordCommand(":load " + arguments.trimmingCharacters(in: .whitespaces))
      // A watched view of the store this load replaces would compare another feature's rows.
      if self.viewWatch?.storeName == storeName { self.viewWatch = nil }
      self.printInfo(HistoryText.text(loaded) + " Try \(storeName).send(.…) — TAB lists the actions.")
    } catch let error as ScriptError {
      self.printError(error.message)
    } catch {
      self.printError("\(error)")
    }
  }

  /// A duration as the script language writes it: `.milliseconds(1500)`, `.nanoseconds(10)`.
  static func durationExpression(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    guard seconds < 1_000_000_000 else { return ".seconds(\(seconds))" }
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
    if nanoseconds < 1_000_000_000 { return ".nanoseconds(\(nanoseconds))" }
    return ".milliseconds(\(Double(nanoseconds) / 1_000_000))"
  }

  /// `:clock` and `:clock advance DURATION`.
  func clock(_ arguments: String) async {
    guard let summary = self.session.storeSummary() else {
      self.printError("there is no store yet; load one with ':load FEATURE'")
      return
    }
    let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    if words.isEmpty {
      self.print("\(summary.name): \(DurationText.format(summary.elapsed)) of test time elapsed")
      return
    }
    guard (try? UniquePrefix.resolve(words[0], among: ["advance"], kind: "clock command")) != nil, words.count == 2 else {
      self.printError("expected ':clock' or ':clock advance DURATION', such as ':clock advance 1s'")
      return
    }
    guard let duration = DurationText.parse(words[1]) else {
      self.printError("'\(words[1])' is not a duration; write 10ns, 5us, 250ms, 1s, 1.5s or 2min")
      return
    }
    self.show(await self.session.run("\(summary.name).advance(by: \(Self.durationExpression(duration)))"))
    if let after = self.session.storeSummary(named: summary.name) {
      self.print("\(summary.name): \(DurationText.format(after.elapsed)) of test time elapsed")
    }
  }
}
