import TestSupport
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// The syntax TCA test bodies are written in (issue 19): each construct parses into the AST
/// shape it should, and prints back as source.
@Suite(.ownThreads) struct ParserTests {
  /// The statements of `source`, printed back.
  func parsed(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    do {
      return try Parser.parse(source).map(\.description)
    } catch {
      Issue.record("\(source): \(error.range.map { "\($0.line):\($0.column): " } ?? "")\(error.message)", sourceLocation: sourceLocation)
      return []
    }
  }

  func expression(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> Expr? {
    do {
      return try Parser.parseExpression(source)
    } catch {
      Issue.record("\(source): \(error.message)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// How operators grouped: every binary, prefix, `??` and `?:` parenthesized.
  func grouping(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    func shape(_ expr: Expr) -> String {
      switch expr {
      case let .binary(op, l, r, _): return "(\(shape(l)) \(op) \(shape(r)))"
      case let .prefix(op, e, _): return "(\(op)\(shape(e)))"
      case let .ternary(c, a, b, _): return "(\(shape(c)) ? \(shape(a)) : \(shape(b)))"
      case let .try(keyword, e, _): return "(\(keyword) \(shape(e)))"
      case let .parenthesized(e, _): return shape(e)
      default: return expr.description
      }
    }
    return self.expression(source, sourceLocation: sourceLocation).map(shape) ?? ""
  }

  // MARK: - Macros and assertions

  @Test func expectAndRequire() throws {
    #expect(self.parsed("#expect(store.state.count == 1)") == ["#expect(store.state.count == 1)"])
    #expect(self.parsed(#"#expect(titles[0] == "London", "the first title")"#) == [#"#expect(titles[0] == "London", "the first title")"#])
    guard case let .try("try", .macro("require", args, nil, _), range)? = self.expression("try #require(store.state.destination)") else {
      Issue.record("not try #require")
      return
    }
    #expect(args.map(\.description) == ["store.state.destination"])
    #expect(range == SourceRange(line: 1, column: 1, length: 37))
    #expect(self.parsed("XCTAssertEqual(a, b)\nexpectNoDifference(store.state.completedCount, 2)") == ["XCTAssertEqual(a, b)", "expectNoDifference(store.state.completedCount, 2)"])
    guard case .call(.identifier("XCTAssertEqual", _), _, nil, _)? = self.expression("XCTAssertEqual(a, b)") else {
      Issue.record("XCTAssertEqual is not a plain call")
      return
    }
  }

  // MARK: - Closures

  @Test func closuresAsExpressions() throws {
    #expect(self.parsed("let completed = store.state.todos.filter { $0.isComplete }") == ["let completed = store.state.todos.filter() { $0.isComplete }"])
    #expect(self.parsed("let berlin = locations.first { item in item.name == name }") == ["let berlin = locations.first() { item in item.name == name }"])
    #expect(self.parsed("let sum = pairs.map { (a, b) in a + b }") == ["let sum = pairs.map() { a, b in a + b }"])
    #expect(self.parsed("$0.apiClient.search = { _ in throw APIClient.Failure() }") == ["$0.apiClient.search = { _ in throw APIClient.Failure() }"])
    #expect(self.parsed("$0.apiClient.products = { products }") == ["$0.apiClient.products = { products }"])
    #expect(self.parsed("$0.fetch = { id async throws -> Int in\n  let x = id * 2\n  return x\n}") == ["$0.fetch = { (id) async throws -> Int in let x = id * 2; return x }"])
    #expect(self.parsed("let f = { (a: Int, b: String) -> Bool in a > 0 }") == ["let f = { (a: Int, b: String) -> Bool in a > 0 }"])
    guard case let .closure(closure)? = self.expression("{ item, index in item }") else {
      Issue.record("not a closure")
      return
    }
    #expect(closure.signature?.parameters.map(\.name) == ["item", "index"])
    #expect(closure.statements.map(\.description) == ["item"])
  }

  @Test func trailingClosures() throws {
    let source = """
      let store = TestStore(initialState: Todos.State()) {
        Todos()
      } withDependencies: {
        $0.uuid = .incrementing
        $0.continuousClock = ImmediateClock()
      }
      """
    #expect(self.parsed(source) == ["let store = TestStore(initialState: Todos.State()) { Todos() } withDependencies: { $0.uuid = .incrementing; $0.continuousClock = ImmediateClock() }"])
    guard case let .binding(_, .call(_, args, trailing, _), _)? = try Parser.parse(source).first else {
      Issue.record("not a call")
      return
    }
    #expect(trailing?.description == "{ Todos() }")
    #expect(args.map(\.label) == ["initialState", "withDependencies"])
    #expect(args.map(\.isTrailingClosure) == [false, true])
    // On the next line, `withDependencies:` still continues the call.
    #expect(self.parsed("TestStore(initialState: 0) { Counter() }\nwithDependencies: { $0.uuid = .incrementing }").count == 1)
    #expect(self.parsed("AlertState { TextState(\"Delete?\") } actions: { ButtonState(role: .destructive, action: .confirm) { TextState(\"Delete\") } }") == [
      #"AlertState() { TextState("Delete?") } actions: { ButtonState(role: .destructive, action: .confirm) { TextState("Delete") } }"#
    ])
    #expect(self.parsed("await store.send(.x) { $0.count = 1 }") == ["store.send(.x) { $0.count = 1 }"])
    #expect(self.parsed("Effect.run { send in await send(.done) }") == ["Effect.run() { send in send(.done) }"])
    #expect(self.parsed("let letters = todos.map { $0.description.count }.reduce(0, +)") == ["let letters = todos.map() { $0.description.count }.reduce(0, +)"])
  }

  @Test func chainsContinueOnALineStartingWithADot() {
    #expect(self.parsed("let names = locations\n  .filter { $0.longitude > 0 }\n  .map(\\.name)") == ["let names = locations.filter() { $0.longitude > 0 }.map(\\.name)"])
  }

  // MARK: - Operators

  @Test func operatorsHaveSwiftsPrecedence() {
    #expect(self.grouping("1 + 2 * 3 - 4 / 2 % 3") == "((1 + (2 * 3)) - ((4 / 2) % 3))")
    #expect(self.grouping("a == 1 && b != 2 || !c") == "(((a == 1) && (b != 2)) || (!c))")
    #expect(self.grouping("x ?? y ?? 0 < 3") == "((x ?? (y ?? 0)) < 3)")
    #expect(self.grouping("0..<n + 1") == "(0 ..< (n + 1))")
    #expect(self.grouping("1...3") == "(1 ... 3)")
    #expect(self.grouping("a <= b && c >= d") == "((a <= b) && (c >= d))")
    #expect(self.grouping("-x * -(y + 1)") == "((-x) * (-(y + 1)))")
    #expect(self.grouping("flag ? 1 : count + 2") == "(flag ? 1 : (count + 2))")
    #expect(self.grouping("try? a + b") == "(try? (a + b))")
    #expect(self.grouping("try! load()") == "(try! load())")
    #expect(self.grouping("a<b") == "(a < b)")
    #expect(self.grouping("error as? APIClient.Failure == nil") == "(error as? APIClient.Failure == nil)")
    #expect(self.grouping("x ?? y is Int") == "(x ?? y is Int)")
    guard case .binary("??", .identifier, .cast(_, "is", .named("Int", _, _), _), _)? = self.expression("x ?? y is Int") else {
      Issue.record("a cast binds tighter than ??")
      return
    }
    guard case .binary("==", .cast(_, "as!", .optional, _), _, _)? = self.expression("value as! Int? == 1") else {
      Issue.record("a cast binds tighter than ==")
      return
    }
  }

  @Test func postfixOperators() {
    #expect(self.parsed(#"let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!"#) == [#"let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!"#])
    guard case .forceUnwrap(.call, _)? = self.expression("UUID(uuidString: s)!") else {
      Issue.record("not a force unwrap")
      return
    }
    #expect(self.parsed("#expect(berlin?.country == \"Germany\")") == ["#expect(berlin?.country == \"Germany\")"])
    #expect(self.grouping("a! == b") == "(a! == b)")
    #expect(self.grouping("a != b") == "(a != b)")
  }

  @Test func operatorsAndKeyPathsAsArguments() {
    #expect(self.parsed("numbers.reduce(0, +)\nnames.sorted(by: <)\nlocations.map(\\.id)") == ["numbers.reduce(0, +)", "names.sorted(by: <)", "locations.map(\\.id)"])
    guard case let .call(_, args, _, _)? = self.expression("numbers.reduce(0, +)"), case .operatorReference("+", _) = args[1].value else {
      Issue.record("not an operator reference")
      return
    }
  }

  // MARK: - Strings

  @Test func stringInterpolation() {
    guard case let .interpolatedString(segments, _)? = self.expression(#""\(count) items""#) else {
      Issue.record("not interpolated")
      return
    }
    #expect(segments == [.expression(.identifier("count", SourceRange(line: 1, column: 4, length: 5))), .literal(" items")])
    #expect(self.parsed(#"#expect("\(firstActive?.description ?? "none") is active" == "Eggs is active")"#) == [
      #"#expect("\(firstActive?.description ?? "none") is active" == "Eggs is active")"#
    ])
    #expect(self.parsed(#"let s = "a\(x)b\(f(y, "z"))c""#) == [#"let s = "a\(x)b\(f(y, "z"))c""#])
    #expect(self.parsed(#"let s = "no \\(interpolation)""#) == [#"let s = "no \\(interpolation)""#])
  }

  // MARK: - Statements

  @Test func declarationsAndAssignments() {
    #expect(self.parsed("let now: Date = Date(timeIntervalSince1970: 0)") == ["let now: Date = Date(timeIntervalSince1970: 0)"])
    #expect(self.parsed("var names: [String] = []\nvar total = 0\nvar label: String?") == ["var names: [String] = []", "let total = 0", "var label: String?"])
    #expect(self.parsed("total += 1\ntotal -= 2\ntotal *= 3\nname = \"Blob\"") == ["total += 1", "total -= 2", "total *= 3", "name = \"Blob\""])
    #expect(self.parsed("_ = store.state.count") == ["_ = store.state.count"])
    guard case let .declaration(declaration)? = try? Parser.parse("let todos: IdentifiedArrayOf<Todo.State> = []").first else {
      Issue.record("not a declaration")
      return
    }
    #expect(declaration.type == .named("IdentifiedArrayOf", generics: [.named("Todo.State", generics: [], SourceRange(line: 1, column: 30, length: 10))], SourceRange(line: 1, column: 12, length: 29)))
  }

  @Test func controlFlow() {
    let source = """
      if store.state.filter == .all {
        await store.send(.filterPicked(.completed)) { $0.filter = .completed }
      } else if let todo = store.state.todos.first, !todo.isComplete {
        count += 1
      }
      else {
        return
      }
      guard let todo = store.state.todos.first else {
        Issue.record("The list has no todo.")
        return
      }
      for location in locations where location.region != nil {
        names.append(location.name)
      }
      for (index, todo) in todos.enumerated() { total += index }
      for _ in 0..<3 {}
      do {
        try load()
      } catch {
        throw APIClient.Failure()
      }
      if let user { print(user) }
      if case let .family(relation) = store.state.kind, case .some(let x) = y { total += x }
      """
    #expect(self.parsed(source) == [
      "if store.state.filter == .all { store.send(.filterPicked(.completed)) { $0.filter = .completed } } else if let todo = store.state.todos.first, !todo.isComplete { count += 1 } else { return }",
      #"guard let todo = store.state.todos.first else { Issue.record("The list has no todo."); return }"#,
      "for location in locations where location.region != nil { names.append(location.name) }",
      "for (index, todo) in todos.enumerated() { total += index }",
      "for _ in 0 ..< 3 {}",
      "do { try load() } catch { throw APIClient.Failure() }",
      "if let user { print(user) }",
      "if case let .family(relation) = store.state.kind, case .some(let x) = y { total += x }",
    ])
  }

  @Test func conditionsDontTakeTrailingClosures() {
    // `{` after the condition is the body, but a closure inside parentheses is still one.
    #expect(self.parsed("if items.contains(where: { $0.isDone }) { count += 1 }") == ["if items.contains(where: { $0.isDone }) { count += 1 }"])
    #expect(self.parsed("for item in items { total += item }") == ["for item in items { total += item }"])
  }

  // MARK: - Types

  @Test func typesInAnnotationsAndExpressions() {
    #expect(self.parsed("let a: [Todo.State] = []\nlet b: [String: Int] = [:]\nlet c: Int? = nil\nlet d: Optional<Array<Int>> = nil") == [
      "let a: [Todo.State] = []", "let b: [String: Int] = [:]", "let c: Int? = nil", "let d: Optional<Array<Int>> = nil",
    ])
    #expect(self.parsed("let e: IdentifiedArrayOf<Todo.State>? = nil\nlet f: (Int) -> Bool = g") == ["let e: IdentifiedArrayOf<Todo.State>? = nil", "let f: (Int) -> Bool = g"])
    guard case .call(.type(.named("IdentifiedArrayOf", _, _)), _, _, _)? = self.expression("IdentifiedArrayOf<Todo.State>(uniqueElements: todos)") else {
      Issue.record("not a generic type")
      return
    }
    guard case .member(.type(.array(.named("Location", _, _), _)), "previews", _)? = self.expression("[Location].previews") else {
      Issue.record("not an array type")
      return
    }
    #expect(self.parsed("let x = [String: Int]()\nlet y = [blob].count\nlet z = [Filter.all].count") == ["let x = [String: Int]()", "let y = [blob].count", "let z = [Filter.all].count"])
    guard case .member(.array, "count", _)? = self.expression("[blob].count") else {
      Issue.record("an array literal was taken for a type")
      return
    }
  }

  @Test func comments() {
    #expect(self.parsed("let a = 1 /* one */ + 2 // two\n/* a\n block */ a") == ["let a = 1 + 2", "a"])
  }
}
