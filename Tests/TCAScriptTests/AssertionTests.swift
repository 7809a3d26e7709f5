import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// The test assertions (`#expect`, `#require`, XCTest's `XCTAssert…`, CustomDump's
/// `expectNoDifference`, `withKnownIssue`): a pass is a `.pass` output, a failure a `.failure`
/// worded as Swift Testing 6.3, XCTest and CustomDump word it.
@MainActor
@Suite struct AssertionTests {
  static let setup = """
    let a = 1
    let b = 2
    let name = "x"
    let action = DemoForEachAction.addItem
    let item = DemoItemState(id: 1, text: "A", isActive: false)
    let list = PromoListState()
    let chosen = PromoListState(selectedPromoId: "1")
    let promo = PromoState(id: "1", title: "A", amount: 1, isSelected: true)
    let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
    """

  /// What each statement printed, after the setup: `✔`/`✘ text` as the REPL renders them.
  func outputs(_ statements: [String]) async -> [[String]] {
    let session = Session(catalog: testCatalog)
    let setup = await session.run(Self.setup)
    #expect(setup.filter { $0.kind == .error || $0.kind == .failure } == [])
    var result: [[String]] = []
    for statement in statements {
      result.append(await session.run(statement).map(\.rendered))
    }
    return result
  }

  @Test func expectPasses() async {
    #expect(await self.outputs(["#expect(a == 1)", "#expect(a < b, \"ordered\")", "#expect(item.isActive == false)", "#expect(!item.isActive)"]) == [["✔"], ["✔"], ["✔"], ["✔"]])
  }

  @Test func expectFailuresShowTheValuesOfTheirParts() async {
    let outputs = await self.outputs([
      "#expect(a == b)",
      "#expect(a != 1)",
      "#expect(store.state.lastId > 2)",
      "#expect(a >= 2)",
      "#expect(a + b == 4)",
      "#expect(name == \"y\")",
      "#expect(action == .shuffle)",
      "#expect(chosen.selectedPromoId == nil)",
      "#expect(list.selectedPromoId != nil)",
      "#expect(item == DemoItemState(id: 1, text: \"B\", isActive: false))",
      "#expect(promo == PromoState(id: \"1\", title: \"A\", amount: 1))",
      "#expect(false)",
    ])
    #expect(outputs == [
      ["✘ Expectation failed: (a → 1) == (b → 2)"],
      ["✘ Expectation failed: (a → 1) != 1"],
      ["✘ Expectation failed: (store.state.lastId → 0) > 2"],
      ["✘ Expectation failed: (a → 1) >= 2"],
      ["✘ Expectation failed: (a + b → 3) == 4"],
      ["✘ Expectation failed: (name → \"x\") == \"y\""],
      ["✘ Expectation failed: (action → .addItem) == .shuffle"],
      ["✘ Expectation failed: (chosen.selectedPromoId → \"1\") == nil"],
      ["✘ Expectation failed: (list.selectedPromoId → nil) != nil"],
      [#"✘ Expectation failed: (item → DemoItemState(id: 1, text: "A", isActive: false)) == DemoItemState(id: 1, text: "B", isActive: false)"#],
      [#"✘ Expectation failed: (promo → PromoState(id: "1", title: "A", amount: 1, isSelected: true)) == (PromoState(id: "1", title: "A", amount: 1) → PromoState(id: "1", title: "A", amount: 1, isSelected: false))"#],
      ["✘ Expectation failed: false"],
    ])
  }

  @Test func expectFailuresOfBooleansMembersAndCalls() async {
    let outputs = await self.outputs([
      "#expect(item.isActive)",
      "#expect(!(a == 1))",
      "#expect(a == 2 && b == 2)",
      "#expect(a == 2 || b == 3)",
      "#expect(action.is(\\.shuffle))",
      "#expect(a == 2, \"a is \\(a)\")",
    ])
    #expect(outputs == [
      [#"✘ Expectation failed: (item → DemoItemState(id: 1, text: "A", isActive: false)).isActive → false"#],
      ["✘ Expectation failed: !((a == 1) → true)"],
      ["✘ Expectation failed: (a == 2 → false) && (b == 2 → <not evaluated>)"],
      ["✘ Expectation failed: (a == 2 → false) || (b == 3 → false)"],
      ["✘ Expectation failed: (action → .addItem).is(\\.shuffle)"],
      ["✘ Expectation failed: (a → 1) == 2\n↳ a is 1"],
    ])
  }

  @Test func arraysThatDifferSayWhat() async {
    let outputs = await self.outputs(["let ids = [1, 2]", "#expect(ids == [1])", "#expect(ids == [1, 3])", "#expect(ids == [1, 2, 3])"])
    #expect(outputs == [
      [],
      ["✘ Expectation failed: (ids → [1, 2]) == [1]\n± inserted [2]"],
      ["✘ Expectation failed: (ids → [1, 2]) == [1, 3]\n± inserted [2], removed [3]"],
      ["✘ Expectation failed: (ids → [1, 2]) == [1, 2, 3]\n± removed [3]"],
    ])
  }

  @Test func expectNeedsABool() async {
    #expect(await self.outputs(["#expect(a)"]) == [["1:9: error: '#expect' needs a Bool, not Int\n  #expect(a)\n          ^"]])
  }

  @Test func requireUnwrapsAndBinds() async {
    let outputs = await self.outputs(["let id = try #require(chosen.selectedPromoId)", "id", "try #require(a == 1)", "#require(a == 1)"])
    #expect(outputs == [["✔"], ["\"1\""], ["✔"], ["✔"]])
  }

  @Test func aFailedRequireStopsTheStatement() async {
    let outputs = await self.outputs([
      "let id = try #require(list.selectedPromoId)",
      "id",
      "try #require(a == 2)",
      "let missing = try #require(list.selectedPromoId, \"no promo\")",
    ])
    #expect(outputs == [
      ["✘ Expectation failed: (list → PromoListState(selectedPromoId: nil, promos: IdentifiedArray<PromoState>([]))).selectedPromoId → nil"],
      ["1:1: error: 'id' isn't defined: line 1 failed\n  id\n  ^~"],
      ["✘ Expectation failed: (a → 1) == 2"],
      ["✘ Expectation failed: (list → PromoListState(selectedPromoId: nil, promos: IdentifiedArray<PromoState>([]))).selectedPromoId → nil\n↳ no promo"],
    ])
  }

  @Test func xctestAssertions() async {
    let outputs = await self.outputs([
      "XCTAssertEqual(a, 1)",
      "XCTAssertEqual(a, b)",
      "XCTAssertEqual(name, \"y\", \"names differ\")",
      "XCTAssertEqual(chosen.selectedPromoId, \"2\")",
      "XCTAssertEqual(action, .shuffle)",
      "XCTAssertNotEqual(a, b)",
      "XCTAssertNotEqual(a, 1)",
      "XCTAssertTrue(a == 1)",
      "XCTAssertTrue(a == 2)",
      "XCTAssert(a == 2, \"nope\")",
      "XCTAssertFalse(a == 2)",
      "XCTAssertFalse(a == 1)",
      "XCTAssertNil(list.selectedPromoId)",
      "XCTAssertNil(chosen.selectedPromoId)",
      "XCTAssertNotNil(chosen.selectedPromoId)",
      "XCTAssertNotNil(list.selectedPromoId, \"no promo\")",
      "XCTFail(\"unreachable\")",
    ])
    #expect(outputs == [
      ["✔"],
      [#"✘ XCTAssertEqual failed: ("1") is not equal to ("2")"#],
      [#"✘ XCTAssertEqual failed: ("x") is not equal to ("y") - names differ"#],
      [#"✘ XCTAssertEqual failed: ("Optional("1")") is not equal to ("Optional("2")")"#],
      [#"✘ XCTAssertEqual failed: ("addItem") is not equal to ("shuffle")"#],
      ["✔"],
      [#"✘ XCTAssertNotEqual failed: ("1") is equal to ("1")"#],
      ["✔"],
      ["✘ XCTAssertTrue failed"],
      ["✘ XCTAssertTrue failed - nope"],
      ["✔"],
      ["✘ XCTAssertFalse failed"],
      ["✔"],
      [#"✘ XCTAssertNil failed: "1""#],
      ["✔"],
      ["✘ XCTAssertNotNil failed - no promo"],
      ["✘ failed - unreachable"],
    ])
  }

  @Test func xctUnwrap() async {
    let outputs = await self.outputs(["let id = try XCTUnwrap(chosen.selectedPromoId)", "id", "let none = try XCTUnwrap(list.selectedPromoId)", "none"])
    #expect(outputs == [
      ["✔"], ["\"1\""], [#"✘ XCTUnwrap failed: expected non-nil value of type "String""#],
      ["1:1: error: 'none' isn't defined: line 1 failed\n  none\n  ^~~~"],
    ])
  }

  @Test func expectNoDifferencePrintsCustomDumpsDiff() async {
    let outputs = await self.outputs([
      "expectNoDifference(item, DemoItemState(id: 1, text: \"A\", isActive: false))",
      "expectNoDifference(item, DemoItemState(id: 1, text: \"B\", isActive: false))",
      "expectNoDifference(a, b, \"counts\")",
    ])
    let figureSpace = "\u{2007}"
    #expect(outputs == [
      ["✔"],
      [
        """
        ✘ Difference: …

          \(figureSpace) DemoItemState(
          \(figureSpace)   id: 1,
          −   text: "A",
          +   text: "B",
          \(figureSpace)   isActive: false
          \(figureSpace) )

        (First: −, Second: +)
        """
      ],
      ["✘ counts - Difference: …\n\n  − 1\n  + 2\n\n(First: −, Second: +)"],
    ])
  }

  @Test func withKnownIssueExpectsAFailure() async {
    let outputs = await self.outputs([
      "withKnownIssue { #expect(a == 2) }",
      "withKnownIssue { #expect(a == 1) }",
      "withKnownIssue(\"fixed?\") { XCTAssertEqual(a, 1) }",
      "withKnownIssue(isIntermittent: true) { #expect(a == 1) }",
      "withKnownIssue {\n  let id = try #require(list.selectedPromoId)\n  #expect(id == \"1\")\n}",
    ])
    #expect(outputs == [
      ["✔ known issue: Expectation failed: (a → 1) == 2"],
      ["✔", "✘ Known issue was not recorded"],
      ["✔", "✘ Known issue was not recorded\n↳ fixed?"],
      ["✔"],
      ["✔ known issue: Expectation failed: (list → PromoListState(selectedPromoId: nil, promos: IdentifiedArray<PromoState>([]))).selectedPromoId → nil"],
    ])
  }

  @Test func anErrorInsideWithKnownIssueIsReportedAsAnError() async {
    let outputs = await self.outputs(["withKnownIssue {\n  #expect(a == 2)\n  nope\n}"])
    #expect(outputs.count == 1)
    #expect(outputs.first?.count == 1)
    #expect(outputs.first?.first?.hasPrefix("3:3: error: cannot find 'nope' in scope") == true)
  }

  @Test func valuesAreDescribedAsSwiftTestingDescribesThem() {
    #expect(TestDescription.of(Optional(3) as Any) == "3")
    #expect(TestDescription.of(Optional<Int>.none as Any) == "nil")
    #expect(TestDescription.of("x") == "\"x\"")
    #expect(TestDescription.of(0..<3) == "0 ..< 3")
    #expect(TestDescription.of(Int.self) == "Int")
    #expect(TestDescription.of(DemoItemAction.toggle) == ".toggle")
    #expect(TestDescription.of(DemoForEachAction.child(id: 1, action: .toggle)).hasPrefix(".child(id: 1, action: "))
  }

  @Test func withKnownIssueExpectsATestStoreFailure() async {
    let outputs = await self.outputs(["withKnownIssue { store.send(.addItem) { $0.lastId = 2 } }"])
    #expect(outputs.count == 1)
    #expect(outputs[0].filter { $0.hasPrefix("✘") } == [])
    #expect(outputs[0].last?.hasPrefix("✔ known issue: A state change does not match expectation") == true)
  }

  @Test func unsupportedFormsAreOneLineErrors() async {
    let outputs = await self.outputs(["#expect(throws: Never.self) { 1 }", "XCTAssertEqual(a, 1, accuracy: 0.1)", "withKnownIssue()"])
    #expect(outputs.map { $0.map { $0.split(separator: "\n").first.map(String.init) ?? "" } } == [
      ["1:1: error: '#expect' with 'throws:' isn't supported here yet; write '#expect(condition)' or '#expect(condition, \"message\")'"],
      ["1:22: error: 'accuracy:' isn't supported here yet in XCTAssertEqual(…)"],
      ["1:1: error: withKnownIssue needs its body as a trailing closure: 'withKnownIssue { … }'"],
    ])
  }
}
