import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// Plain Swift in test bodies: typed locals, `if`/`guard`/`for`, closures as values and the
/// collection methods that take them.
@MainActor
@Suite struct ClosureAndControlFlowTests {
  /// What running `source` (one script) prints, one string per output.
  func run(_ source: String) async -> [String] {
    await Session(catalog: testCatalog).run(source).map(\.text)
  }

  /// What each line prints, run one after the other in one session (as typed at the prompt).
  func lines(_ lines: [String]) async -> [String] {
    let session = Session(catalog: testCatalog)
    var texts: [String] = []
    for line in lines { texts += await session.run(line).map(\.text) }
    return texts
  }

  static let items = """
    let items: IdentifiedArrayOf<DemoItemState> = [
      .init(id: 1, text: "b", isActive: true),
      .init(id: 2, text: "a", isActive: false),
      .init(id: 3, text: "c", isActive: true),
    ]
    """

  // MARK: - Locals and types

  @Test func typedLocalsBuildAgainstTheirAnnotation() async {
    #expect(await self.run(Self.items + "\nitems.count\nitems[id: 2]?.text") == ["3", "\"a\""])
    #expect(await self.run("let xs: [DemoItemState] = [.init(id: 7, text: \"x\", isActive: false)]\nxs[0].id") == ["7"])
    #expect(await self.run("let n: Double = 2\nn / 4") == ["0.5"])
    #expect(await self.run("let s: String? = nil\ns ?? \"none\"") == ["\"none\""])
    #expect(await self.run("let n: Int = \"x\"").first?.hasPrefix("1:14: error:") == true)
    #expect(await self.run("let n: Nope = 1").first?.hasPrefix("1:8: error: cannot find type 'Nope' in scope") == true)
  }

  @Test func emptyCollectionsOfWrittenTypes() async {
    #expect(await self.run("[Int]()\nIdentifiedArrayOf<DemoItemState>().isEmpty\n[DemoItemState]().count") == ["[]", "true", "0"])
    #expect(await self.run("IdentifiedArrayOf<Int>()").first?.hasPrefix("1:1: error: 'Int' isn't Identifiable") == true)
  }

  @Test func varLocalsAndConversions() async {
    #expect(await self.run("var total = 1\ntotal += 2\ntotal = total * 10\ntotal") == ["30"])
    #expect(await self.run(#"Int("5")"#) == ["5"])
    #expect(await self.run(#"Int("five") ?? -1"#) == ["-1"])
    #expect(await self.run("Double(3) / 2\nString(42) + \"!\"\nInt(2.9)") == ["1.5", "\"42!\"", "2"])
    #expect(await self.run(#"UUID(uuidString: "00000000-0000-0000-0000-000000000001")!"#) == ["UUID(00000000-0000-0000-0000-000000000001)"])
    #expect(await self.run(#"UUID(uuidString: "nope")!"#).first?.contains("is nil (found nil while unwrapping with '!')") == true)
    #expect(await self.run("Double(true)") == ["1:8: error: no Double initializer takes a value of type Swift.Bool\n  Double(true)\n         ^~~~"])
  }

  @Test func uuidFromAnIntegerAndImplicitMembersInComparisons() async {
    #expect(await self.run("UUID(0)\nUUID(255)") == ["UUID(00000000-0000-0000-0000-000000000000)", "UUID(00000000-0000-0000-0000-0000000000FF)"])
    #expect(await self.run("UUID(-1)") == ["1:6: error: UUID(_:) takes a non-negative integer\n  UUID(-1)\n       ^~"])
    let script = """
      let actions: [DemoItemAction] = [.toggle, .remove, .toggle]
      actions[0] == .toggle
      let differ = .remove != actions[1]
      differ
      actions.filter { $0 == .toggle }.count
      """
    #expect(await self.run(script) == ["true", "false", "2"])
    #expect(await self.run("let a = DemoItemAction.toggle\na == .nope").first?.hasPrefix("2:7: error:") == true)
  }

  // MARK: - Control flow

  @Test func ifElseChains() async {
    let script = """
      let n = 5
      if n > 10 { "big" } else if n > 3 { "medium" } else { "small" }
      if n == 0 { "zero" }
      """
    #expect(await self.run(script) == ["\"medium\""])
  }

  @Test func ifLetAndGuardLet() async {
    #expect(await self.run("let s: String? = \"hi\"\nif let t = s { t + \"!\" } else { \"none\" }") == ["\"hi!\""])
    #expect(await self.run("let s: Int? = nil\nif let s { s } else { \"none\" }") == ["\"none\""])
    #expect(await self.run(Self.items + "\nif let item = items[id: 3] { item.text }") == ["\"c\""])
    // `guard` binds for the rest of the script; its `else` ends the script quietly.
    #expect(await self.run("let a: Int? = 4\nguard let b = a else { return }\nb * 2") == ["8"])
    #expect(await self.run("let a: Int? = nil\n\"before\"\nguard let b = a else { return }\n\"after\"") == ["\"before\""])
    #expect(await self.run("guard false else { 1 }").last?.hasPrefix("1:1: error: 'guard' body must not fall through; end it with 'return'") == true)
    #expect(await self.run("if 1 { 2 }") == ["1:4: error: a condition must be a Bool, not a value of type Swift.Int\n  if 1 { 2 }\n     ^"])
  }

  @Test func topLevelReturnEndsTheScriptQuietly() async {
    #expect(await self.run("1\nreturn\n2") == ["1"])
    // A REPL input after it runs as usual.
    #expect(await self.lines(["return", "3"]) == ["3"])
  }

  @Test func forLoops() async {
    #expect(await self.run("var sum = 0\nfor i in 1...4 { sum += i }\nsum") == ["10"])
    #expect(await self.run("var sum = 0\nfor i in 0..<10 where i % 3 == 0 { sum += i }\nsum") == ["18"])
    #expect(await self.run(Self.items + "\nvar texts = \"\"\nfor item in items where item.isActive { texts += item.text }\ntexts") == ["\"bc\""])
    #expect(await self.run("var s = \"\"\nfor (i, x) in [\"a\", \"b\"].enumerated() { s += \"\\(i)\\(x)\" }\ns") == ["\"0a1b\""])
    #expect(await self.run("for _ in 1...2 { \"tick\" }") == ["\"tick\"", "\"tick\""])
    #expect(await self.run("for i in 5 { i }") == ["1:10: error: for-in loop requires a sequence; Swift.Int isn't one here\n  for i in 5 { i }\n           ^"])
  }

  @Test func namesBoundInBodiesDontLeak() async {
    #expect(await self.run("for i in 1...2 { let twice = i * 2 }\ntwice").first?.hasPrefix("2:1: error: cannot find 'twice' in scope") == true)
    #expect(await self.run("let x = 1\nif true { let x = 2\nx }\nx") == ["2", "1"])
    #expect(await self.run("if let y = Int(\"3\") { y }\ny").last?.hasPrefix("2:1: error: cannot find 'y' in scope") == true)
  }

  @Test func bodiesCanDriveStores() async {
    let script = """
      let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
      for i in 1...2 { store.send(.addItem) { $0.lastId = i; $0.stackData.append(DemoItemState(id: i, text: "Data \\(i)", isActive: true)) } }
      store.state.lastId
      store.send(.child(id: 1, action: .remove)) { $0.stackData = $0.stackData.filter { $0.id != 1 } }
      store.state.stackData.map(\\.id)
      store.send(.child(id: 2, action: .remove)) { $0.stackData = $0.stackData.filter { $0.id != 3 } }
      """
    let output = await self.run(script)
    #expect(output.contains("2"))
    #expect(output.contains("[\n  [0]: 2\n]"))
    // A closure inside an assertion closure has its own `$0`; a wrong expectation still fails.
    #expect(output.filter { $0.contains("error") || $0.contains("does not match") }.count == 1)
    #expect(output.last?.hasPrefix("A state change does not match expectation.") == true)
  }

  // MARK: - Closures

  @Test func closuresAreValues() async {
    #expect(await self.run("let double = { $0 * 2 }\ndouble(21)") == ["42"])
    #expect(await self.run("let add = { a, b in a + b }\nadd(1, 2)") == ["3"])
    #expect(await self.run("let f = { (x: Int) -> Int in\nlet y = x + 1\nreturn y * y\n}\nf(2)") == ["9"])
    #expect(await self.run("{ $0 }") == ["(Function)"])
    #expect(await self.run("let add = { a, b in a + b }\nadd(1)") == ["2:1: error: closure takes 2 arguments but 1 was passed\n  add(1)\n  ^~~~~~"])
    #expect(await self.run("$0").first?.hasPrefix("1:1: error: '$0' is only available inside a closure") == true)
  }

  @Test func closuresCaptureTheirBlocksLocals() async {
    let script = """
      var f = { 0 }
      for i in 3...3 { f = { i * 10 } }
      f()
      """
    #expect(await self.run(script) == ["30"])
    #expect(await self.run("var f = { 0 }\nf = 1") == ["2:5: error: cannot assign a value of type Int to 'f', which holds a closure\n  f = 1\n      ^"])
  }

  @Test func collectionMethodsWithClosures() async {
    let prefix = Self.items + "\n"
    #expect(await self.run(prefix + "items.filter { $0.isActive }.map(\\.id)") == ["[\n  [0]: 1,\n  [1]: 3\n]"])
    #expect(await self.run(prefix + "items.filter(\\.isActive).count") == ["2"])
    #expect(await self.run(prefix + "items.map { $0.text }.sorted()") == ["[\n  [0]: \"a\",\n  [1]: \"b\",\n  [2]: \"c\"\n]"])
    #expect(await self.run(prefix + "items.first(where: { !$0.isActive })?.text") == ["\"a\""])
    #expect(await self.run(prefix + "items.last { $0.isActive }!.id") == ["3"])
    #expect(await self.run(prefix + "items.contains(where: { $0.text == \"c\" })\nitems.allSatisfy(\\.isActive)") == ["true", "false"])
    #expect(await self.run(prefix + "items.sorted(by: { $0.text < $1.text }).map(\\.id) == [2, 1, 3]") == ["true"])
    #expect(await self.run(prefix + "items.map(\\.id).reduce(0, +)\nitems.reduce(\"\") { $0 + $1.text }") == ["6", "\"bac\""])
    #expect(await self.run(prefix + "\"\\(items.filter(\\.isActive).count) of \\(items.count) active\"") == ["\"2 of 3 active\""])
    // `filter` on an identified array keeps it identified.
    #expect(await self.run(prefix + "items.filter { $0.id > 1 }[id: 3]?.text") == ["\"c\""])
  }

  @Test func collectionMethodsOnArraysRangesAndSets() async {
    #expect(await self.run("[3, 1, 2].sorted(by: >)") == ["[\n  [0]: 3,\n  [1]: 2,\n  [2]: 1\n]"])
    #expect(await self.run("[3, 1, 2].min()\n[3, 1, 2].max()\n[Int]().min()") == ["1", "3", "nil"])
    #expect(await self.run("(1...5).filter { $0 % 2 == 1 }\n(1..<4).map { $0 * $0 } == [1, 4, 9]") == ["[\n  [0]: 1,\n  [1]: 3,\n  [2]: 5\n]", "true"])
    #expect(await self.run("[\"1\", \"x\", \"3\"].compactMap { Int($0) }") == ["[\n  [0]: 1,\n  [1]: 3\n]"])
    #expect(await self.run("[[1, 2], [3]].flatMap { $0 }.count\n[1, 2].contains(2)\n[1, 2].contains(5)") == ["3", "true", "false"])
    #expect(await self.run("[\"a\", \"b\"].joined(separator: \", \")") == ["\"a, b\""])
    #expect(await self.run("[1, 2].map { $0 * 2 } == [2, 4]") == ["true"])
    #expect(await self.run("\"héllo\".count\n\"\".isEmpty\n(1...4).count\n[\"ab\", \"c\"].filter { $0.count > 1 }") == ["5", "true", "4", "[\n  [0]: \"ab\"\n]"])
  }

  @Test func collectionMethodErrorsAreOneLine() async {
    #expect(await self.run("[1, 2].filter { $0 + 1 }") == ["1:1: error: the function passed to 'filter' must return Bool, not Swift.Int\n  [1, 2].filter { $0 + 1 }\n  ^~~~~~~~~~~~~~~~~~~~~~~~"])
    #expect(await self.run("[1, 2].first(by: { $0 > 1 })") == ["1:14: error: expected argument label 'where:' in call to 'first'\n  [1, 2].first(by: { $0 > 1 })\n               ^~~~~~~~~~~~~~"])
    #expect(await self.run("[1, 2].frobnicate { $0 }").first?.hasPrefix("1:1: error: a trailing closure is only accepted by") == true)
    #expect(await self.run("[1, \"a\"].sorted()").first?.hasPrefix("1:1: error: binary operator '<' cannot be applied to operands of type") == true)
    #expect(await self.run("[1].map(\\.nope)").first?.hasPrefix("1:") == true)
  }

  @Test func stringMethodsInClosures() async {
    let script = """
      let names = ["Paris", "Berlin", "Parma"]
      names.filter { $0.hasPrefix("Par") }
      names.filter { $0.hasSuffix("in") }.count
      names.contains { $0.contains("erl") }
      "Paris".localizedCaseInsensitiveContains("ari")
      "Paris".uppercased() + "Paris".lowercased()
      """
    #expect(await self.run(script) == ["[\n  [0]: \"Paris\",\n  [1]: \"Parma\"\n]", "1", "true", "true", #""PARISparis""#])
    #expect(await self.run("\"a\".hasPrefix(1)").first?.hasPrefix("1:15: error: cannot convert integer literal to expected type String") == true)
  }

  @Test func throwOutsideADependencyEndpointIsAnError() async {
    #expect(await self.run("[1].map { _ in throw URLError(.badURL) }").first?.hasPrefix(
      "1:16: error: error thrown from a closure outside a dependency endpoint: "
    ) == true)
    #expect(await self.run("[1].map { _ in throw 3 }").first?.hasPrefix(
      "1:22: error: thrown expression must conform to 'Error'; found a value of type Int"
    ) == true)
  }
}
