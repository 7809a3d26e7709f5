import Lessons
import TCAScript
import Testing
@testable import KernelProtocol
@testable import TCAPlayREPL

/// The `:` commands, run in process against the lessons' catalog; output without colours.
@MainActor
@Suite struct REPLCommandTests {
  let console = BufferConsole()
  let repl: REPL

  init() {
    self.repl = REPL(session: Session(catalog: lessonCatalog), console: self.console)
  }

  /// Runs inputs and returns what they printed.
  func run(_ inputs: String...) async -> String {
    for input in inputs { _ = await self.repl.execute(input) }
    return self.console.take()
  }

  @Test func ambiguousAndUnknownCommandsAreErrors() async {
    #expect(await self.run(":s") == "error: ambiguous command ':s': it could be :save, :skip, :state, :stores or :switch; try ':help'\n")
    #expect(await self.run(":lod") == "error: unknown command ':lod'; did you mean ':load'?\n")
    #expect(await self.run(":") == "error: expected a command after ':'; try ':help'\n")
    #expect(self.repl.problemCount == 3)
  }

  /// `:save` and `:test-export` parse their words once (`CommandWords`): a mistake in an option
  /// is one line naming the command, and the options' values are taken whole.
  @Test func saveAndTestExportParseTheirWordsOnce() async throws {
    #expect(await self.run(":save") == "error: expected a file name, as in ':save session.tca'\n")
    #expect(await self.run(":save s.tca --branch") == "error: :save: missing value for '--branch <branch>'\n")
    let unknown = await self.run(":test-export T.swift --modul App")
    #expect(unknown.hasPrefix("error: :test-export: unknown option '--modul'"), "\(unknown)")
    #expect(unknown.filter { $0 == "\n" }.count == 1)
    let export = try CommandWords.parse(
      TestExportArguments.self, "T.swift Reduce(r, environment: .mock) --module App --branch main", command: "test-export"
    )
    #expect(export.path == "T.swift")
    #expect(export.reducer == "Reduce(r, environment: .mock)")
    #expect(export.module == "App")
    #expect(export.branch == "main")
    let save = try CommandWords.parse(SaveArguments.self, "my session.tca --branch main", command: "save")
    #expect(save.path == "my session.tca")
    #expect(save.branch == "main")
  }

  @Test func helpListsEveryCommandAndTopic() async {
    let help = await self.run(":help")
    for command in MetaCommand.all {
      #expect(help.contains("  " + command.usage), "missing \(command.usage)")
    }
    for topic in HelpTopic.all {
      #expect(help.contains("  " + topic.name), "missing topic \(topic.name)")
    }
    #expect(await self.run(":he rec") == HelpTopic.all.first { $0.name == "receive" }!.text + "\n")
    #expect(await self.run(":help :load").hasPrefix(":load [--test] FEATURE [PRESET] [as NAME]\n"))
    // "state" is both a topic and a command: the topic, unless written with its colon.
    #expect(await self.run(":help state") == HelpTopic.all.first { $0.name == "state" }!.text + "\n")
    #expect(await self.run(":help :state").hasPrefix(":state [KEYPATH]\n"))
    #expect(await self.run(":help s") == "error: ambiguous help topic 's': it could be save, send, skip, start, state, stores or switch; ':help' lists the topics\n")
  }

  @Test func loadMakesTheCurrentStore() async {
    #expect(
      await self.run(":load Day2.DemoForEach three as demo")
        == "Loaded DemoForEach as `demo` (DemoForEachState). Try demo.send(.…) — TAB lists the actions.\n"
    )
    #expect(self.repl.session.currentStoreName == "demo")
    #expect(await self.run(":load --test PromoList") == "Loaded PromoList as `store` (PromoListState). Try store.send(.…) — TAB lists the actions.\n")
    #expect(await self.run(":stores") == "  demo   Store of DemoForEach\n* store  TestStore of PromoList\n")
    #expect(await self.run(":load Nope") == "error: no feature named 'Nope' in the catalog; try ':features'\n")
    #expect(await self.run(":load DemoForEch") == "error: no feature named 'DemoForEch' in the catalog; did you mean 'DemoForEach'?\n")
    #expect(await self.run(":load Day9.DemoForEach") == "error: no module 'Day9' in the catalog; modules: Day2, OnlineStore, CounterStack\n")
    #expect(await self.run(":load DemoForEach nope") == "error: DemoForEach has no preset 'nope'; presets: three, ten, tenThousand\n")
  }

  @Test func stateShowsTheCurrentStoresStateOrAPartOfIt() async {
    #expect(await self.run(":state") == "error: there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'\n")
    _ = await self.run(":load DemoForEach three")
    #expect(await self.run(":state lastId") == "3\n")
    #expect(await self.run(":state stackData[id: 2]?.text") == "\"Data 2\"\n")
    #expect(await self.run(":state \\.stackData.count") == "3\n")
    #expect(
      await self.run(":state stackData[id: 1]?.txt")
        == """
        :state: error: value of type DemoItemState has no member 'txt'; did you mean 'text'?
          stackData[id: 1]?.txt
                            ^~~

        """
    )
  }

  @Test func effectsListsReceivedActionsOfATestStore() async {
    _ = await self.run(
      "let t = TestStore(initialState: PromoListState(), reducer: promoListReducer, environment: .twoPromos)",
      ":print off",
      "t.send(.didLoad)"
    )
    #expect(
      await self.run(":effects") == """
        t: 1 received action not yet asserted
          PromoListAction.receivePromoListResponse(
            [
              [0]: PromoState(
                id: "1",
                title: "Discount Rp 10000",
                amount: 10000,
                isSelected: false
              ),
              [1]: PromoState(
                id: "2",
                title: "Discount Rp 20000",
                amount: 20000,
                isSelected: false
              )
            ]
          )
        0 effects in flight

        """
    )
    _ = await self.run(":load DemoForEach")
    #expect(await self.run(":effects") == "store is a live Store: effects' actions are applied and printed as they arrive, nothing is queued.\n")
  }

  @Test func clockShowsAndAdvancesTestTime() async {
    #expect(await self.run(":clock") == "error: there is no store yet; load one with ':load FEATURE'\n")
    _ = await self.run(":load DemoForEach")
    #expect(await self.run(":clock") == "store: 0s of test time elapsed\n")
    #expect(await self.run(":clock advance 1.5s") == "store: 1.5s of test time elapsed\n")
    #expect(await self.run(":cl a 250ms") == "store: 1.75s of test time elapsed\n")
    #expect(await self.run(":clock advance soon") == "error: 'soon' is not a duration; write 10ns, 5us, 250ms, 1s, 1.5s or 2min\n")
    #expect(await self.run(":clock back 1s") == "error: expected ':clock' or ':clock advance DURATION', such as ':clock advance 1s'\n")
  }

  @Test func printChoosesWhatActionsPrint() async {
    _ = await self.run(":load DemoForEach")
    #expect(await self.run(":print") == "printing: changes\n")
    #expect(await self.run(":print l", "store.send(.addItem)") == "printing: labels\nreceived action: DemoForEachAction.addItem\n")
    #expect(await self.run(":print off", "store.send(.addItem)") == "printing: off\n")
    #expect(await self.run(":print lables") == "error: unknown print mode 'lables'; did you mean 'labels'?; expected changes, labels or off\n")
    #expect(await self.run(":print loud") == "error: unknown print mode 'loud'; expected changes, labels or off\n")
  }

  @Test func viewListsRowsThenTheRowsEachActionChanges() async {
    _ = await self.run(":load DemoForEach three", ":print off")
    #expect(
      await self.run(":view") == """
        store (DemoForEach): 3 rows
          ✅ Data 1          [remove]
          ✅ Data 2          [remove]
          ✅ Data 3          [remove]

        """
    )
    #expect(
      await self.run("store.send(.child(id: 2, action: .toggle))") == """
        view: 1 updated, 2 unchanged
          updated  [1] id 2   ❌ Data 2          [remove]

        """
    )
    #expect(
      await self.run("store.send(.addItem)") == """
        view: 1 inserted, 3 unchanged
          inserted [3] id 4   ✅ Data 4          [remove]

        """
    )
    #expect(
      await self.run("store.send(.child(id: 1, action: .remove))") == """
        view: 1 removed, 3 unchanged
          removed  [0] id 1   ✅ Data 1          [remove]

        """
    )
    #expect(
      await self.run("store.send(.shuffle)") == """
        view: 2 moved, 1 unchanged
          moved    [2] → [0] id 4
          moved    [0] → [2] id 2

        """
    )
    // Reading state changes no row.
    #expect(await self.run("store.state.lastId") == "4\n")
    #expect(await self.run(":view off") == "Stopped watching store's view.\n")
    #expect(await self.run("store.send(.addItem)") == "")
    _ = await self.run(":load Day2.Counter")
    #expect(await self.run(":view") == "error: Counter has no view in the catalog\n")
  }

  @Test func featuresListsTheCatalog() async {
    let listing = await self.run(":features").split(separator: "\n").map(String.init)
    #expect(listing.count == lessonCatalog.features.count)
    #expect(listing.contains(
      "Day2.DemoForEach                A list with create, toggle, remove, shuffle and load, in an IdentifiedArray  (presets: three, ten, tenThousand)  (environments: .mock, .failing)"
    ))
  }

  @Test func quitEnds() async {
    #expect(await self.repl.execute(":q") == .quit)
    #expect(await self.repl.execute("  ") == .continue)
  }

  @Test func scriptErrorsAndFailuresAreCounted() async {
    _ = await self.run(
      "let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)",
      "t.send(.addItem) { $0.lastId = 2; $0.stackData.append(DemoItemState(id: 1, text: \"Data 1\", isActive: true)) }",
      "t.send(.addItm)"
    )
    #expect(self.repl.problemCount == 2)
  }

  @Test func errorPositionsPointIntoTheFile() async {
    _ = await self.repl.execute("store.send(.addItem)", firstLine: 7, origin: "demo.tca")
    #expect(
      self.console.take() == """
        demo.tca:7:1: error: cannot find 'store' in scope
          store.send(.addItem)
          ^~~~~

        """
    )
  }
}
