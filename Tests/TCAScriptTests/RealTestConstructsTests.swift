import Testing
import TestSupport
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript
import TCAScriptSyntax

/// What real test bodies write besides the store's surface (issue #19): sample data declared in
/// extensions of standard generic types (`[Place].samples`), statics of constrained `AlertState`
/// extensions, `IndexSet` payloads, a reducer whose `State` has no `init()` in a `TestStore`,
/// nested types declared in extensions, and `case` patterns in `if`/`guard`. Each wrong use is
/// one error naming its position.
@MainActor
@Suite struct RealTestConstructsTests {
  /// Runs each input (a statement, possibly over several lines) in one session and returns
  /// every output text but passed assertions', a failed assertion's prefixed with "FAILURE: ".
  func run(_ inputs: [String]) async -> [String] {
    let session = Session.forTests(catalog: atlasCatalog)
    session.printer.mode = .off
    var texts: [String] = []
    for input in inputs {
      texts += await session.run(input).filter { $0.kind != .pass }.map { $0.kind == .failure ? "FAILURE: " + $0.text : $0.text }
    }
    return texts
  }

  func errors(_ texts: [String]) -> [String] { texts.filter { $0.contains("error:") || $0.hasPrefix("FAILURE: ") } }

  static let store = "let store = TestStore(initialState: Atlas.State()) { Atlas() }"

  // MARK: - Statics of extensions of standard generic types

  @Test func staticsOfArrayExtensionsSpecialisedToAModuleType() async {
    let texts = await self.run([
      "[Place].samples.count",
      "[Place].samples[0].name",
      "Array<Place>.samples.map(\\.name) == [\"Paris\", \"Berlin\", \"Lyon\"]",
      "[Place].inCountry(\"France\").map(\\.id) == [1, 3]",
      "let places: [Place] = .samples",
      "places.last?.name",
      "IdentifiedArrayOf<Place>.samples[id: 2]?.name",
    ])
    #expect(texts == ["3", "\"Paris\"", "true", "true", "\"Lyon\"", "\"Berlin\""], "\(texts)")
  }

  @Test func contextualStaticsInAssertions() async {
    let texts = await self.run([
      Self.store,
      "await store.send(.loadTapped) { $0.places = .samples; $0.status = .loaded(count: 3) }",
      "#expect(store.state.places == IdentifiedArrayOf<Place>.samples)",
    ])
    #expect(self.errors(texts).isEmpty, "\(texts)")
  }

  @Test func aMisspelledExtensionStaticIsOneError() async {
    let texts = await self.run(["[Place].sample", "[Place].inCountry(\"France\", 2)"])
    #expect(texts.count == 2, "\(texts)")
    #expect(texts[0].hasPrefix("1:8: error: type [Place] has no member 'sample'; did you mean 'samples'?"), "\(texts)")
    #expect(texts[1].hasPrefix("1:1: error: [Place].inCountry(_:) takes 1 argument"), "\(texts)")
  }

  // MARK: - Constrained AlertState extensions

  @Test func anAlertFromAConstrainedExtension() async {
    let texts = await self.run([
      Self.store,
      "await store.send(.removeTapped([0, 1, 2])) { $0.alert = .confirmRemoval(count: 3) }",
      "await store.send(.alert(.dismiss)) { $0.alert = nil }",
      "AlertState<Atlas.Action.Alert>.confirmRemoval(count: 1) == AlertState<Atlas.Action.Alert>.confirmRemoval(count: 1)",
    ])
    #expect(texts == ["true"], "\(texts)")
    let wrong = await self.run([Self.store, "await store.send(.removeTapped([0])) { $0.alert = .confirmRemoval(cont: 3) }"])
    #expect(wrong.count == 1 && wrong[0].hasPrefix("1:67: error: expected argument label 'count:'"), "\(wrong)")
  }

  // MARK: - IndexSet

  @Test func indexSetsFromArrayLiteralsAndInitializers() async {
    let texts = await self.run([
      Self.store,
      "await store.send(.loadTapped) { $0.places = .samples; $0.status = .loaded(count: 3) }",
      "await store.send(.removeTapped([1])) { _ = $0.places.remove(id: 2); $0.status = .loaded(count: 2) }",
      "await store.send(.removeTapped(IndexSet(integer: 0))) { $0.places.removeFirst(); $0.status = .loaded(count: 1) }",
      "let offsets: IndexSet = [0, 2, 4]",
      "offsets.count",
      "IndexSet(integersIn: 1..<4).count",
      "IndexSet([3, 1]).map { $0 * 10 } == [10, 30]",
    ])
    #expect(texts == ["3", "3", "true"], "\(texts)")
    let wrong = await self.run([Self.store, "await store.send(.removeTapped([\"a\"]))"])
    #expect(wrong.count == 1 && wrong[0].hasPrefix("1:33: error: cannot convert string literal to expected type Int"), "\(wrong)")
  }

  // MARK: - A reducer without State()

  @Test func aTestStoreOfAReducerWhoseStateHasNoDefault() async {
    let texts = await self.run([
      """
      let store = TestStore(initialState: PlaceDetail.State(place: Place(id: 1, name: "Paris", country: "France"))) {
        PlaceDetail()
      }
      """,
      "await store.send(.noteChanged(\"Louvre\")) { $0.note = \"Louvre\" }",
      "store.state.place.name",
    ])
    #expect(texts == ["\"Paris\""], "\(texts)")
    let session = Session.forTests(catalog: atlasCatalog)
    #expect(throws: ScriptError.self) { try session.load(featureNamed: "PlaceDetail") }
  }

  // MARK: - Nested types declared in extensions

  @Test func aNestedTypeDeclaredInAnExtensionOfState() async {
    let texts = await self.run([
      Self.store,
      "await store.send(.zoomed(3)) { $0.viewport.zoom = 3 }",
      "#expect(store.state.viewport == Atlas.State.Viewport(zoom: 3))",
      "let tilted = Atlas.State.Viewport(zoom: 1, isTilted: true)",
      "tilted.isTilted",
    ])
    #expect(texts == ["true"], "\(texts)")
    let wrong = await self.run(["Atlas.State.Viewpoint(zoom: 1)"])
    #expect(wrong.count == 1 && wrong[0].hasPrefix("1:12: error: type Atlas.State has no member 'Viewpoint'"), "\(wrong)")
  }

  // MARK: - case patterns

  @Test func casePatternsInIfAndGuard() async {
    let texts = await self.run([
      Self.store,
      "await store.send(.loadTapped) { $0.places = .samples; $0.status = .loaded(count: 3) }",
      "if case .loaded(let count) = store.state.status { count }",
      "if case let .loaded(count: count) = store.state.status { count * 2 }",
      "if case .failed = store.state.status { \"failed\" } else { \"not failed\" }",
      "if case .loaded(count: 3) = store.state.status, case let place? = store.state.places.first { place.name }",
      "if case .some(let place) = store.state.places[id: 9] { place.name } else { \"none\" }",
      "guard case let .loaded(loaded) = store.state.status else { return }",
      "loaded",
    ])
    #expect(texts == ["3", "6", "\"not failed\"", "\"Paris\"", "\"none\"", "3"], "\(texts)")
  }

  @Test func aGuardCaseThatDoesntMatchRunsItsElse() async {
    let texts = await self.run([
      Self.store,
      "guard case .failed(let message) = store.state.status else { #expect(store.state.status == .failed(\"boom\")); return }",
      "message",
    ])
    // The `else` ran (its `return` ends that input): the name isn't bound.
    #expect(texts.count == 2, "\(texts)")
    #expect(texts.first?.hasPrefix("FAILURE: Expectation failed: (store.state.status → .idle) == .failed(\"boom\")") == true, "\(texts)")
    #expect(texts.last?.hasPrefix("1:1: error: cannot find 'message' in scope") == true, "\(texts)")
  }

  @Test func wrongCasePatternsAreOneError() async {
    let texts = await self.run([
      Self.store,
      "if case .loded(let n) = store.state.status { n }",
      "if case .loaded(let a, let b) = store.state.status { a }",
      "if case .loaded(total: let n) = store.state.status { n }",
      "if case .loaded(let n) = store.state.places.count { n }",
    ])
    #expect(texts.count == 4, "\(texts)")
    #expect(texts[0].hasPrefix("1:10: error: 'loded' is not a case of Atlas.Status; did you mean 'loaded'?"), "\(texts)")
    #expect(texts[1].hasPrefix("1:10: error: the pattern has 2 values, but 'loaded' has 1"), "\(texts)")
    #expect(texts[2].hasPrefix("1:17: error: 'loaded' has no value labelled 'total'; it is 'count'"), "\(texts)")
    #expect(texts[3].hasPrefix("1:10: error: 'loaded' is a case pattern, but Int is not an enum"), "\(texts)")
  }
}
