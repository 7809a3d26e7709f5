import Lessons
import TCAScript
import Testing
@testable import KernelClient
@testable import KernelProtocol
@testable import TCAPlayREPL

/// `:info`, `:type` and `:predict`, run in process against the lessons' catalog.
@MainActor
@Suite struct FeatureInfoTests {
  let console = BufferConsole()
  let repl: REPL

  init() {
    self.repl = REPL(session: Session(catalog: lessonCatalog), console: self.console)
  }

  func run(_ inputs: String...) async -> String {
    for input in inputs { _ = await self.repl.execute(input) }
    return self.console.take()
  }

  /// The lines of a section of `:info`'s output, from its heading to the next heading.
  func section(_ heading: String, of text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return "" }
    let rest = lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
    return ([lines[start]] + rest).joined(separator: "\n")
  }

  @Test func infoShowsAStackFeaturesCompositionAndTheDependenciesOfItsDestinations() async {
    let info = await self.run(":info CounterStack")
    #expect(info.hasPrefix("CounterStack.CounterStack  (CounterStackFeature): A navigation stack"))
    #expect(
      self.section("Reducer:", of: info) == """
        Reducer: CounterStackFeature (body in order)
          Reduce
          forEach(\\.path, action: \\.path) (stack) → CounterStackFeature.Path
            CombineReducers
              Scope(state: \\.counter, action: \\.counter) → CounterFeature
                Reduce
              Scope(state: \\.numberFact, action: \\.numberFact) → NumberFactFeature
                Reduce
                ifLet(\\.$alert, action: \\.alert) (presentation)
                  EmptyReducer
        """
    )
    #expect(self.section("Dependencies:", of: info).contains("  factClient: FactClient  (NumberFactFeature)"))
    // The State tree looks through StackState into the enum of screens and their fields.
    let state = self.section("State:", of: info)
    #expect(state.contains("  path: StackState<CounterStackFeature.Path.State> = [:]\n    case counter(CounterFeature.State)\n      count: Int = 0"))
    // The Action tree puts a child's actions under the case that carries them, delegate included.
    let action = self.section("Action:", of: info)
    #expect(action.contains("  case path(StackAction<CounterStackFeature.Path.State, CounterStackFeature.Path.Action>)\n    case counter(CounterFeature.Action)"))
    #expect(action.contains("      case delegate(CounterFeature.Action.Delegate)\n        case goToCounter(Int)"))
    #expect(self.repl.problemCount == 0)
  }

  @Test func infoShowsScopeForEachAndPresentationInBodyOrder() async {
    let info = await self.run(":info Root")
    #expect(
      self.section("Reducer:", of: info).hasPrefix("""
        Reducer: RootDomain (body in order)
          Scope(state: \\.productListState, action: \\.productList) → ProductListDomain
            Reduce
            forEach(\\.productList, action: \\.product) → ProductDomain
              Scope(state: \\.addToCartState, action: \\.addToCart) → AddToCartDomain
                Reduce
              Reduce
            ifLet(\\.$cartState, action: \\.cart) (presentation) → CartListDomain
              Reduce
              forEach(\\.cartItems, action: \\.cartItem) → CartItemDomain
        """)
    )
    let dependencies = self.section("Dependencies:", of: info)
    #expect(dependencies.contains("  uuid: UUIDGenerator  (ProductListDomain)"))
    #expect(dependencies.contains("  fetchProducts: @Sendable () async throws -> Array<Product>  (ProductListDomain)"))
    #expect(self.section("State:", of: info).contains("  productListState: ProductListDomain.State = "))
    #expect(self.section("State:", of: info).contains("    shouldShowError: Bool  (computed)"))
  }

  @Test func infoOnALegacyFeatureListsItsEnvironment() async {
    let info = await self.run(":info DemoForEach")
    #expect(info == """
      Day2.DemoForEach  (demoForEachReducer): A list with create, toggle, remove, shuffle and load, in an IdentifiedArray
      State: DemoForEachState
        stackData: IdentifiedArray<Int, DemoItemState> = []
          id: Int
          text: String
          isActive: Bool
        lastId: Int = 0
      Action: DemoForEachAction
        case didLoad
        case shuffle
        case addItem
        case child(id: Int, action: DemoItemAction)
          case toggle
          case remove
        case receiveData([DemoItemState])
      Reducer: a 0.x reducer (a closure): its composition isn't visible
      Environment: DemoForEachEnvironment
        loadData: () -> Effect<Array<DemoItemState>>

      """)
  }

  @Test func infoWithoutAFeatureDescribesTheCurrentStoresOrSaysThereIsNone() async {
    #expect(await self.run(":info") == ":info: error: there is no store yet; name a feature, as in ':info DemoForEach'\n")
    _ = await self.run(":load CounterStack.Counter")
    #expect(await self.run(":info").hasPrefix("CounterStack.Counter  (CounterFeature): "))
    #expect(await self.run(":info Nope").hasPrefix(":info: error: no feature named 'Nope' in the catalog"))
  }

  @Test func typeNamesAValuesType() async {
    _ = await self.run(":load --test DemoForEach")
    #expect(await self.run(":type store") == "TestStore<DemoForEachState, DemoForEachAction>\n")
    #expect(await self.run(":type store.state.stackData") == "IdentifiedArray<Int, DemoItemState>\n")
    #expect(await self.run(":type store.state.stackData[id: 1]") == "DemoItemState?\n")
    #expect(await self.run(":type \\DemoForEachState.lastId") == "WritableKeyPath<DemoForEachState, Int>\n")
    #expect(await self.run(":type DemoForEachState") == "DemoForEachState.Type\n")
    #expect(await self.run(":type store.send(.addItem)").hasPrefix(":type: error: :type doesn't run actions"))
    // Refused, so nothing was sent.
    #expect(await self.run(":type store.state.lastId", "store.state.lastId") == "Int\n0\n")
  }

  @Test func predictChecksTheNextLineAsTheActionsAssertion() async {
    _ = await self.run(":load --test DemoForEach", ":print off")
    #expect(await self.run(":predict store.send(.addItem)").hasPrefix("Type the state change you expect from store.send(.addItem)"))
    let right = await self.run(#"{ $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }"#)
    #expect(right == "✔ Right: the state changed as you predicted.  (Predictions: 1 of 1 right)\n")
    _ = await self.run(":predict store.send(.addItem)")
    let wrong = await self.run("{ $0.lastId = 3 }")
    #expect(wrong.contains("−   lastId: 3\n    +   lastId: 2"))
    #expect(wrong.hasSuffix("✘ Not quite: TCA's diff above shows your prediction (−) against what happened (+).  (Predictions: 1 of 2 right)\n"))
    #expect(await self.run(":predict") == "Predictions: 1 of 2 right\n")
    #expect(self.repl.predictionScore.asked == 2)
    #expect(self.repl.predictionScore.right == 1)
  }

  @Test func aPredictionThatDoesNotParseIsAskedAgain() async {
    _ = await self.run(":load --test DemoForEach", ":print off")
    _ = await self.run(":predict store.send(.addItem)")
    #expect(await self.run("{ $0.lastId = ").contains("type it again (the action hasn't run)"))
    #expect(await self.run(":predict") == "No predictions yet: ':predict store.send(.someAction)'.\nWaiting for your prediction for store.send(.addItem).\n")
    let right = await self.run(#"{ $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }"#)
    #expect(right.hasPrefix("✔ Right"))
  }

  @Test func aPredictionOnALiveStoreIsNotCounted() async {
    _ = await self.run(":load DemoForEach")
    _ = await self.run(":predict store.send(.addItem)")
    #expect(await self.run("{ $0.lastId = 1 }").contains("it doesn't count. :predict needs a TestStore"))
    #expect(self.repl.predictionScore.asked == 0)
  }
}
