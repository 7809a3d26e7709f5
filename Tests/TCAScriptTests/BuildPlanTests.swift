import FeatureCatalog
import Testing
@testable import TCAScript

/// The cache of parsed scripts and resolved builds (`ParsedScripts`, `BuildPlans`): a statement
/// run through the cache prints exactly what it prints in a session that never saw it.
@MainActor
@Suite struct BuildPlanTests {
  static let demoStore = "let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)"
  static let promoStore = "let store = Store(initialState: PromoListState(), reducer: promoListReducer)"

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
    let session = Session(catalog: testCatalog)
    await session.run(Self.demoStore)
    session.printer.mode = .off
    await session.run("store.send(.child(id: 1, action: .toggle))")
    await session.run(Self.promoStore)
    let error = await session.run("store.send(.child(id: 1, action: .toggle))").map(\.text)
    let fresh = Session(catalog: testCatalog)
    await fresh.run(Self.promoStore)
    #expect(error == (await fresh.run("store.send(.child(id: 1, action: .toggle))").map(\.text)))
    #expect(error.first?.contains("'child' is not a case of PromoListAction") == true)
  }

  @Test func installingOrReloadingFeaturesStartsTheCacheOver() async {
    let session = Session(catalog: testCatalog)
    await session.run(Self.demoStore)
    session.printer.mode = .off
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
    let first = try scripts.parse("store.send(.addItem)")
    #expect(try scripts.parse("store.send(.addItem)") == first)
    #expect(throws: ScriptError.self) { try scripts.parse("store.send(") }
    #expect(throws: ScriptError.self) { try scripts.parse("store.send(") }
  }
}
