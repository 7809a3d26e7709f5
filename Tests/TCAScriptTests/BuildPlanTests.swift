import FeatureCatalog
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// The cache of parsed scripts and resolved builds (`ParsedScripts`, `BuildPlans`): a statement
/// run through the cache prints exactly what it prints in a session that never saw it.
@MainActor
@Suite struct BuildPlanTests {
  static let demoStore = "let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)"
  static let promoStore = "let store = Store(initialState: PromoListState(), reducer: promoListReducer)"

  /// A session with a `DemoForEach` store named `store`, printing no changes.
  static func quietDemoSession() async -> Session {
    let session = Session(catalog: testCatalog)
    await session.run(Self.demoStore)
    session.printer.mode = .off
    return session
  }

  /// Sends, good and bad, whose shapes repeat with other literals: each is run in one warm
  /// session (after every other) and in a fresh session of its own, and prints the same in both.
  static let statements = [
    "store.send(.addItem)",
    "store.send(.addItem)",
    "store.send(.child(id: 1, action: .toggle))",
    "store.send(.child(id: 1, action: .toggle))",
    "store.send(.child(id: 2, action: .toggle))",
    "store.send(.child(id: 12345, action: .toggle))",
    "store.send(.child(id: \"one\", action: .toggle))",
    "store.send(.child(id: 1, action: .toggel))",
    "store.send(.child(idd: 1, action: .toggle))",
    "store.send(.child(1, action: .toggle))",
    "store.send(.child(id: 1))",
    "store.send(.child(id: 1.5, action: .toggle))",
    "store.send(.child(id: true, action: .toggle))",
    "store.send(.addItems)",
    "store.send(.addItem(1))",
    "store.send(.receiveData([]))",
    "store.send(.child(id: 1, action: .toggle)); store.send(.child(id: 2, action: .toggle))",
    "store.send(.child(id: 1, action: .toggle)) { $0.lastId = 1 }",
    "store.state.stackData.map(\\.isActive)",
  ]

  @Test func aWarmSessionPrintsWhatFreshSessionsPrint() async {
    let warm = Session(catalog: testCatalog)
    await warm.run(Self.demoStore)
    var warmOutputs: [[String]] = []
    for statement in Self.statements + Self.statements {
      warmOutputs.append(await warm.run(statement).map(\.rendered))
    }
    // The same statements, each parsed and resolved for the first time: a fresh session replays
    // the statements before it so that its store is in the same state.
    for (index, statement) in (Self.statements + Self.statements).enumerated() {
      let fresh = Session(catalog: testCatalog)
      await fresh.run(Self.demoStore)
      fresh.printer.mode = .off
      for earlier in (Self.statements + Self.statements)[..<index] { await fresh.run(earlier) }
      fresh.printer.mode = .changes
      #expect(await fresh.run(statement).map(\.rendered) == warmOutputs[index], "\(statement)")
    }
    #expect(warm.evaluator.plans.hits > 0)
  }

  @Test func aShapeResolvedOnceBuildsOtherLiterals() async {
    let session = Session(catalog: testCatalog)
    await session.run(Self.demoStore)
    for _ in 0..<3 { await session.run("store.send(.addItem)") }
    let plans = session.evaluator.plans
    await session.run("store.send(.child(id: 1, action: .toggle))")
    let (hits, misses) = (plans.hits, plans.misses)
    let before = await session.run("store.state.stackData[id: 2]!.isActive").map(\.text)
    await session.run("store.send(.child(id: 2, action: .toggle))")
    await session.run("store.send(.child(id: 3, action: .remove))")
    #expect(plans.hits == hits + 1)
    #expect(plans.misses == misses + 1)
    // The plan built the action of row 2, not row 1's again.
    #expect(await session.run("store.state.stackData[id: 2]!.isActive").map(\.text) == [before == ["true"] ? "false" : "true"])
    #expect(await session.run("store.state.stackData.count").map(\.text) == ["2"])
  }

  @Test func literalsOfTheSameValueAreResolvedEachTime() async {
    let session = Session(catalog: testCatalog)
    await session.run(Self.promoStore)
    session.printer.mode = .off
    let plans = session.evaluator.plans
    // `id` and `title` are both "a": which literal went where can't be told from the value.
    let send = "store.send(.receivePromoListResponse([.init(id: \"a\", title: \"a\", amount: 1)]))"
    await session.run(send)
    await session.run(send)
    #expect(plans.hits == 0)
    #expect(plans.misses == 2)
    #expect(await session.run("store.state.promos[id: \"a\"]?.title").map(\.text) == ["\"a\""])
    await session.run("store.send(.promo(id: \"b\", action: .didTap))")
    await session.run("store.send(.promo(id: \"a\", action: .didTap))")
    #expect(plans.hits == 1)
    #expect(await session.run("store.state.promos[id: \"a\"]?.isSelected").map(\.text) == ["true"])
  }

  @Test func rebindingTheStoreResolvesAgainstItsType() async {
    let session = await Self.quietDemoSession()
    await session.run("store.send(.child(id: 1, action: .toggle))")
    await session.run(Self.promoStore)
    let error = await session.run("store.send(.child(id: 1, action: .toggle))").map(\.text)
    let fresh = Session(catalog: testCatalog)
    await fresh.run(Self.promoStore)
    #expect(error == (await fresh.run("store.send(.child(id: 1, action: .toggle))").map(\.text)))
    #expect(error.first?.contains("'child' is not a case of PromoListAction") == true)
  }

  @Test func installingOrReloadingFeaturesStartsTheCacheOver() async {
    let session = await Self.quietDemoSession()
    let plans = session.evaluator.plans
    await session.run("store.send(.child(id: 1, action: .toggle))")
    await session.run("store.send(.child(id: 2, action: .toggle))")
    #expect(plans.hits == 1)
    session.install(cellCatalog)
    await session.run("store.send(.child(id: 3, action: .toggle))")
    #expect(plans.hits == 1)
    #expect(plans.misses == 2)
    _ = await session.reload(testCatalog)
    await session.run("store.send(.child(id: 4, action: .toggle))")
    #expect(plans.misses == 3)
    _ = try? session.load(featureNamed: "DemoForEach")
    await session.run("store.send(.child(id: 5, action: .toggle))")
    await session.run("store.send(.child(id: 6, action: .toggle))")
    // Loading a store of a feature the session has keeps the types, and the plans.
    #expect(plans.hits == 3)
  }

  @Test func parsedScriptsAreKeptByTheirText() throws {
    var scripts = ParsedScripts()
    let first = try scripts.script("store.send(.addItem)").statements
    #expect(try scripts.script("store.send(.addItem)").statements == first)
    #expect(throws: ScriptError.self) { try scripts.script("store.send(").statements }
    #expect(throws: ScriptError.self) { try scripts.script("store.send(").statements }
  }
}

/// A `store.send(action)` typed again with the same text runs compiled (`CompiledSend`): it
/// sends to whatever store the name is bound to now, and runs through the interpreter again
/// when the compile no longer holds.
@MainActor
@Suite struct CompiledSendTests {
  static let toggle = "store.send(.child(id: 1, action: .toggle))"

  @Test func aSendTypedAgainRunsCompiledAndRecordsEachStep() async throws {
    let session = Session(catalog: testCatalog)
    await session.run(BuildPlanTests.demoStore)
    await session.run("store.send(.addItem)")
    let plans = session.evaluator.plans
    var outputs: [[String]] = []
    for _ in 0..<3 { outputs.append(await session.run(Self.toggle).map(\.rendered)) }
    #expect(plans.compiledHits == 2)
    // Printed as the first send was: the same change, flipped back and forth.
    #expect(outputs[0] == outputs[2])
    #expect(outputs[0] != outputs[1])
    #expect(outputs[0].first?.contains("DemoForEachAction.child(") == true)
    #expect(await session.run("store.state.stackData[id: 1]!.isActive").map(\.text) == ["false"])
    let listing = HistoryText.text(try session.perform(.history()))
    #expect(listing.components(separatedBy: "\n").filter { $0.contains("send   DemoForEachAction.child(") }.count == 3)
  }

  @Test func aCompiledSendGoesToTheStoreTheNameHasNow() async {
    let session = await BuildPlanTests.quietDemoSession()
    await session.run("store.send(.addItem)")
    await session.run(Self.toggle)
    await session.run(Self.toggle)
    let hits = session.evaluator.plans.compiledHits
    #expect(hits == 1)
    // Another store of the same feature under the name: the compiled sends are its.
    await session.run(BuildPlanTests.demoStore)
    await session.run("store.send(.addItem)")
    await session.run(Self.toggle)
    #expect(session.evaluator.plans.compiledHits == hits + 2)
    #expect(await session.run("store.state.stackData[id: 1]!.isActive").map(\.text) == ["false"])
    // A store of another action type, then no store at all: the interpreter reports the send
    // as a fresh session does.
    for rebinding in [BuildPlanTests.promoStore, "let store = 1"] {
      await session.run(rebinding)
      let fresh = Session(catalog: testCatalog)
      await fresh.run(rebinding)
      let error = await session.run(Self.toggle).map(\.text)
      #expect(error == (await fresh.run(Self.toggle).map(\.text)))
      #expect(error.count == 1 && error[0].contains("error"))
    }
    #expect(session.evaluator.plans.compiledHits == hits + 2)
  }

  /// A script run again mixes compiled sends with statements the interpreter runs (a value, an
  /// error, a top-level `return`): it prints the same outputs in the same order as the first
  /// time, and stops at the `return` as it did.
  @Test func aScriptRunAgainPrintsWhatItPrintedTheFirstTime() async {
    let session = Session(catalog: testCatalog)
    await session.run(BuildPlanTests.demoStore)
    await session.run("store.send(.addItem)")
    // Two toggles run: the script leaves the state as it found it.
    let script = [
      Self.toggle, "store.state.stackData[id: 1]!.isActive", Self.toggle, "store.send(.noSuchAction)",
      "store.state.stackData[id: 1]!.isActive", "return", Self.toggle,
    ].joined(separator: "\n")
    let plans = session.evaluator.plans
    let first = await session.run(script).map(\.rendered)
    let hits = plans.compiledHits
    let second = await session.run(script).map(\.rendered)
    #expect(plans.compiledHits == hits + 2)
    #expect(second == first)
    #expect(first.count == 5)
    #expect(first[1] == "false" && first[3].hasPrefix("4:13: error: 'noSuchAction'") && first[4] == "true")
    #expect(first[0].contains("DemoForEachAction.child(") && first[2].contains("DemoForEachAction.child("))
    #expect(await session.run("store.state.stackData[id: 1]!.isActive").map(\.text) == ["true"])
  }

  /// A script too long to be kept (``ParsedScripts/maximumLength``) is parsed each time, so its
  /// statements are never compiled: they run through the interpreter, on the plans.
  @Test func aScriptParsedEachTimeRunsInterpreted() async {
    let session = await BuildPlanTests.quietDemoSession()
    await session.run("store.send(.addItem)")
    let script = Array(repeating: Self.toggle, count: 30).joined(separator: "\n")
    #expect(script.utf8.count > ParsedScripts.maximumLength)
    await session.run(script)
    await session.run(script)
    #expect(session.evaluator.plans.compiledHits == 0)
    #expect(session.evaluator.plans.hits == 59)
    #expect(await session.run("store.state.stackData[id: 1]!.isActive").map(\.text) == ["true"])
  }

  @Test func replacingTheTypesRunsItThroughTheInterpreterAgain() async {
    let session = await BuildPlanTests.quietDemoSession()
    let plans = session.evaluator.plans
    await session.run("store.send(.addItem)")
    await session.run(Self.toggle)
    await session.run(Self.toggle)
    #expect(plans.compiledHits == 1)
    session.install(cellCatalog)
    let misses = plans.misses
    await session.run(Self.toggle)
    #expect(plans.compiledHits == 1)
    #expect(plans.misses == misses + 1)
    // Compiled again against the new types.
    await session.run(Self.toggle)
    #expect(plans.compiledHits == 2)
    #expect(await session.run("store.state.stackData[id: 1]!.isActive").map(\.text) == ["true"])
  }
}

/// The text a statement is kept under in the transcript (`:save`, the journal): its source line
/// without the blanks around it, or its normalized form when it shares the line with others.
@MainActor
@Suite struct TranscriptTextTests {
  static func texts(_ source: String) throws -> [String] {
    var scripts = ParsedScripts()
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    return try scripts.script(source).statements.map { SourceText.sourceText(of: $0, in: lines) }
  }

  @Test func aStatementKeepsItsLineWithoutTheBlanksAround() throws {
    #expect(try Self.texts("  store.send(.addItem)  ") == ["store.send(.addItem)"])
    #expect(try Self.texts("\tlet x = 1\t") == ["let x = 1"])
    #expect(try Self.texts("let s = \"é ✓ 👍🏽\"  ") == ["let s = \"é ✓ 👍🏽\""])
    #expect(try Self.texts("let x = 1\n  let y = x") == ["let x = 1", "let y = x"])
  }

  @Test func statementsSharingALineAreKeptNormalized() throws {
    let ascii = try Self.texts("store.send(.addItem); store.send(.child(id: 1, action: .toggle))")
    let unicode = try Self.texts("let s = \"✓\"; let t = s")
    #expect(ascii.count == 2 && unicode.count == 2)
    var scripts = ParsedScripts()
    let statements = try scripts.script("store.send(.addItem); store.send(.child(id: 1, action: .toggle))").statements
    #expect(ascii == statements.map(\.description))
    #expect(unicode[1] == (try scripts.script("let s = \"✓\"; let t = s").statements)[1].description)
  }
}
