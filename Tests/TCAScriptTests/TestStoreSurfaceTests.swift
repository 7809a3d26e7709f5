import Testing
import TestSupport
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// TestStore's surface as TCA 1.x documents it: `withDependencies:` in its spellings, the
/// built-in dependencies, feature variants, `store.dependencies`, clocks as locals, `UUID(0)`,
/// `withExhaustivity`, `assert`, and nested types of reducer types (`Stamper.State(…)`).
@MainActor
@Suite struct TestStoreSurfaceTests {
  /// Runs each input (a statement, possibly over several lines) and returns every output text,
  /// a failed assertion's prefixed with "FAILURE: ".
  func run(_ inputs: [String]) async -> [String] {
    let session = Session.forTests(catalog: stampCatalog)
    var texts: [String] = []
    for input in inputs {
      texts += await session.run(input).map { $0.kind == .failure ? "FAILURE: " + $0.text : $0.text }
    }
    return texts
  }

  func errors(_ texts: [String]) -> [String] { texts.filter { $0.contains("error:") || $0.hasPrefix("FAILURE: ") } }

  static let zero = "Date(timeIntervalSince1970: 0)"

  @Test func withDependenciesOnTheClosingLine() async {
    let texts = await self.run([
      """
      let store = TestStore(initialState: Stamper.State()) {
        Stamper()
      } withDependencies: {
        $0.uuid = .incrementing
        $0.date.now = \(Self.zero)
      }
      """,
      "store.send(.stamp) { $0.ids = [UUID(0)]; $0.stamps = [\(Self.zero)] }",
      "store.send(.stamp) { $0.ids.append(UUID(1)); $0.stamps.append(\(Self.zero)) }",
      // A discarded result of a mutating method keeps the mutation (the next send expects it).
      "store.send(.stamp) { $0.ids.append(UUID(2)); _ = $0.stamps.removeLast(); $0.stamps += [\(Self.zero), \(Self.zero)] }",
      "store.state.ids.count",
    ])
    #expect(self.errors(texts).isEmpty, "\(texts)")
    #expect(texts.last == "3")
  }

  @Test func withDependenciesOnTheNextLineAndAsArguments() async {
    let nextLine = await self.run([
      """
      let store = TestStore(initialState: Stamper.State()) { Stamper() }
      withDependencies: { $0.uuid = .constant(UUID(7)) }
      """,
      "store.send(.stamp) { $0.ids = [UUID(7)]; $0.stamps = [Date(timeIntervalSince1970: 1_700_000_000)] }",
    ])
    #expect(self.errors(nextLine).isEmpty, "\(nextLine)")
    let arguments = await self.run([
      "let store = TestStore(initialState: Stamper.State(), reducer: { Stamper() }, withDependencies: { $0.date = .constant(\(Self.zero)) })",
      "store.send(.stamp) { $0.ids = [UUID(0)]; $0.stamps = [\(Self.zero)] }",
    ])
    #expect(self.errors(arguments).isEmpty, "\(arguments)")
    // The dependency really is the one set: the default date is 2023's.
    let wrong = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { $0.date.now = \(Self.zero) }",
      "store.send(.stamp) { $0.ids = [UUID(0)]; $0.stamps = [Date(timeIntervalSince1970: 1_700_000_000)] }",
    ])
    #expect(wrong.contains { $0.hasPrefix("FAILURE: A state change does not match expectation") && $0.contains("1970") }, "\(wrong)")
  }

  @Test func immediateClockRunsSleepsAtOnce() async {
    let texts = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { $0.continuousClock = ImmediateClock() }",
      "store.send(.startTimer)",
      "store.receive(\\.tick) { $0.ticks = 1 }",
    ])
    #expect(self.errors(texts).isEmpty, "\(texts)")
  }

  @Test func aLocalTestClockDrivesTheStore() async {
    let texts = await self.run([
      "let clock = TestClock()",
      "let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { $0.continuousClock = clock }",
      "store.send(.startTimer)",
      // The store's own clock isn't the one its effect sleeps on any more.
      "store.advance(by: .seconds(5))",
      "store.state.ticks",
      "await clock.advance(by: .seconds(1))",
      "await store.receive(\\.tick, timeout: .seconds(2)) { $0.ticks = 1 }",
      "clock.rewind()",
    ])
    #expect(self.errors(Array(texts.dropLast())).isEmpty, "\(texts)")
    #expect(texts.contains("0"))
    #expect(texts.last?.hasPrefix("1:6: error: value of type TestClock<Duration> has no method 'rewind'") == true, "\(texts)")
  }

  @Test func storeDependenciesAfterCreation() async {
    let texts = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() }",
      "store.dependencies.uuid = .constant(UUID(3))",
      "store.dependencies.date.now = \(Self.zero)",
      "store.send(.stamp) { $0.ids = [UUID(3)]; $0.stamps = [\(Self.zero)] }",
      "store.dependencies.greeter = .loud",
      "store.send(.greet(\"Blob\")) { $0.greeting = \"HELLO, BLOB!\" }",
    ])
    #expect(self.errors(texts).isEmpty, "\(texts)")
    #expect(texts.contains("store.dependencies.uuid = .constant(UUID(3))"))
    #expect(texts.contains("store.dependencies: greeter.loud"))
  }

  @Test func theOtherBuiltInDependencies() async {
    let texts = await self.run([
      """
      let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: {
        $0.mainQueue = .immediate
        $0.suspendingClock = ImmediateClock()
        $0.calendar = Calendar(identifier: .gregorian)
        $0.locale = Locale(identifier: "en_US")
        $0.timeZone = TimeZone(secondsFromGMT: 0)!
        $0.context = .test
        $0.uuid = UUIDGenerator.incrementing
      }
      """,
      "store.send(.stamp) { $0.ids = [UUID(0)]; $0.stamps = [Date(timeIntervalSince1970: 1_700_000_000)] }",
      "store.dependencies.calendar = Calendar(identifier: .chinese)",
      "store.dependencies.date.now.timeIntervalSince1970 = 3",
    ])
    // The store is made and the send matches: no output but the change and the two errors.
    #expect(texts.count == 3 && self.errors([texts[0]]).isEmpty, "\(texts)")
    #expect(texts.dropLast().last?.contains("error: cannot set 'calendar' to 'Calendar(identifier: .chinese)': expected 'Calendar(identifier: .gregorian)'") == true, "\(texts)")
    #expect(texts.last?.contains("error: 'date.now.timeIntervalSince1970' can't be set; set 'date' to") == true, "\(texts)")
  }

  @Test func featureVariantsInWithDependencies() async {
    let texts = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { $0.greeter = .loud }",
      "store.send(.greet(\"Blob\")) { $0.greeting = \"HELLO, BLOB!\" }",
    ])
    #expect(self.errors(texts).isEmpty, "\(texts)")
  }

  @Test func dependencyErrorsNameWhatIsWrong() async {
    func error(_ body: String) async -> String {
      await self.run(["let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { \(body) }"]).first ?? ""
    }
    #expect(await error("$0.greeter.greet = { a, b in a }").contains("error: 'greeter.greet' passes 1 argument, but the closure takes 2"))
    #expect(await error("$0.uuid = 3").contains("error: cannot set 'uuid' to '3': expected '.incrementing' or '.constant(UUID(0))'"))
    #expect(await error("$0.dismiss = .none").contains("error: setting the dependency 'dismiss' isn't supported here yet"))
    #expect(await error("$0.greeter = .lowd").contains("error: Stamper has no dependency variant 'greeter.lowd'; did you mean 'greeter.loud'?"))
    #expect(await error("$0.uid = .incrementing").contains("error: Stamper has no dependency variant 'uid.incrementing'"))
    #expect(await error("$0.date.now = \"soon\"").contains("error:"))
    #expect(await error("print(1)").contains("error: expected an assignment to a dependency, such as '$0.uuid = .incrementing'"))
    let live = await self.run(["let live = Store(initialState: Stamper.State()) { Stamper() }", "live.dependencies.uuid = .incrementing"])
    #expect(live.last?.contains("error: dependencies of a live Store are fixed when it is created") == true, "\(live)")
  }

  @Test func withExhaustivityAndAssert() async {
    let texts = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() } withDependencies: { $0.uuid = .incrementing }",
      "store.withExhaustivity(.off) {\n  store.send(.greet(\"Blob\"))\n}",
      "store.exhaustivity",
      "store.assert { $0.greeting = \"Hello, Blob\" }",
    ])
    #expect(self.errors(texts).isEmpty, "\(texts)")
    #expect(texts.last == "Exhaustivity.on", "\(texts)")
    let failing = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() }",
      "store.assert { $0.ticks = 3 }",
      "store.withExhaustivity(.on)",
    ])
    #expect(failing.contains { $0.hasPrefix("FAILURE: A state change does not match expectation") && $0.contains("−   ticks: 3,") }, "\(failing)")
    #expect(failing.last?.contains("error: expected 'withExhaustivity(.off) { … }'") == true, "\(failing)")
  }

  @Test func nestedTypesOfReducerTypesAndUUIDs() async {
    let texts = await self.run([
      "let state = Stamper.State(ticks: 2)",
      "state.ticks",
      "UUID(0)",
      "UUID(uuidString: \"DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF\")!",
      "Stamper.Stat(ticks: 2)",
    ])
    #expect(Array(texts.prefix(3)) == [
      "2", "UUID(00000000-0000-0000-0000-000000000000)", "UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)",
    ], "\(texts)")
    #expect(texts.last?.hasPrefix("1:8: error: cannot find type 'Stamper.Stat' in scope; did you mean 'Stamper.State'?") == true, "\(texts)")
  }

  @Test func alertStateBuilders() async {
    let texts = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() }",
      """
      store.send(.warn) {
        $0.alert = AlertState {
          TextState("Careful")
        } actions: {
          ButtonState(role: .destructive, action: .tick) {
            TextState("Tick")
          }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("It ticks.")
        }
      }
      """,
      "store.state.alert?.title",
    ])
    #expect(self.errors(texts).isEmpty, "\(texts)")
    #expect(texts.last == "\"Careful\"", "\(texts)")
    let wrong = await self.run([
      "let store = TestStore(initialState: Stamper.State()) { Stamper() }",
      "store.send(.warn) { $0.alert = AlertState { TextState(\"Careful\") } actions: { ButtonState(role: .cancel) { TextState(\"Cancel\") } } }",
    ])
    #expect(wrong.contains { $0.hasPrefix("FAILURE: A state change does not match expectation") && $0.contains("label: \"Tick\"") }, "\(wrong)")
  }

  /// StackState's `[id:case:]` (here on an identified array of enum elements): the payload in
  /// that case, nil in another; writing through it changes the payload only in that case.
  @Test func identifiedElementsByCase() async {
    let session = Session.forTests(catalog: cellCatalog)
    var texts: [String] = []
    for line in [
      "var list = CellList.two",
      "list.cells[id: \"1\", case: \\.promo]",
      "list.cells[id: \"A\", case: \\.promo]",
      "list.cells[id: \"A\", case: \\.promo] = \"Z\"",
      "list.cells[id: \"1\", case: \\.promo] = \"1\"",
      "list.cells.count",
      "list.cells[id: \"A\"]",
      "list.cells[id: \"1\", case: \\.promos]",
    ] {
      texts += await session.run(line).map(\.text)
    }
    #expect(Array(texts.prefix(4)) == ["\"1\"", "nil", "2", "Cell.ad(\"A\")"], "\(texts)")
    #expect(texts.last?.hasPrefix("1:29: error: 'promos' is not a case of Cell with one associated value; did you mean 'promo'?") == true, "\(texts)")
  }
}
