import ComposableArchitecture
import Day2
import FeatureCatalog
import TCAScript
import Lessons
import Testing
import TestSupport

/// The catalog itself: every feature can be made into a store from a script, with each preset and
/// each environment, and the views render the lesson's screens as text.
@MainActor
@Suite struct Day2CatalogTests {
  @Test func theFeatures() {
    #expect(
      day2Catalog.features.map { "\($0.name) \($0.reducerNames) \($0.presetNames) \($0.environmentNames)" } == [
        #"DemoForEach ["demoForEachReducer"] ["three", "ten", "tenThousand"] ["mock", "failing"]"#,
        #"PromoList ["promoListReducer"] ["three", "preselected"] ["mock", "twoPromos", "failing"]"#,
        #"PromoAdsList ["promoAdsListReducer"] ["six"] ["mock", "failing"]"#,
        #"CartPage ["cartPageReducer"] ["loaded", "failed"] ["mockSuccess", "mockFailed", "failing"]"#,
        #"CartPageCounter ["cartPageCounterReducer"] ["loaded", "failed"] ["mockSuccess", "mockFailed", "failing"]"#,
        #"Counter ["counterReducer"] [] []"#,
        #"ShopProduct ["shopProductReducer"] [] []"#,
        #"ProductCard ["productCardReducer"] [] ["mock", "failing"]"#,
        #"DemoPullback ["demoPullbackReducer"] [] ["mock", "failing"]"#,
        #"DemoPullbackWithMockChild ["demoPullbackReducerWithMockChild"] [] ["mock", "failing"]"#,
        #"WishlistSheet ["wishlistSheetReducer"] ["open"] ["mock", "failing"]"#,
        #"CounterList ["counterListReducer"] ["three"] []"#,
      ]
    )
  }

  @Test func everyFeaturePresetAndEnvironmentMakesAStore() async throws {
    for feature in day2Catalog.features {
      let reducer = feature.reducerNames[0]
      let environments = feature.environmentNames.map { ", environment: .\($0)" }
      for environment in environments.isEmpty ? [""] : environments {
        for preset in feature.presetNames {
          let line = "let store = TestStore(initialState: .\(preset), reducer: \(reducer)\(environment))"
          #expect(await day2Catalog.scriptOutputs([line], kinds: [.failure, .error, .info]) == [], "\(line)")
        }
      }
      // The initial state, loaded as the REPL's `:load` does, with each environment in turn.
      let session = Session(catalog: day2Catalog)
      _ = try session.load(featureNamed: "Day2.\(feature.name)", test: true)
      for name in feature.environmentNames {
        let outputs = await session.run("store.environment = .\(name)")
        #expect(outputs.map(\.rendered) == ["store.environment = .\(name)"])
      }
      #expect(await session.run("store.finish()").isEmpty)
    }
  }

  @Test func rendersDemoForEach() throws {
    var state = DemoForEachState(stackData: IdentifiedArray(uniqueElements: DemoItemState.mocks(numberOfMocks: 2)), lastId: 2)
    state.stackData[id: 2]?.isActive = false
    let rows = try #require(demoForEachView.render(state))
    #expect(
      rows == [
        FeatureView.Row(id: "1", text: "✅ Data 1          [remove]"),
        FeatureView.Row(id: "2", text: "❌ Data 2          [remove]"),
      ]
    )
  }

  @Test func rendersPromoList() throws {
    var state = PromoListState(selectedPromoId: "2", promos: IdentifiedArray(uniqueElements: PromoState.mocks(numberOfMocks: 2)))
    state.promos[id: "2"]?.isSelected = true
    #expect(
      try #require(promoListView.render(state)).map(\.text) == [
        "⚪ Discount Rp 10000     Discount Rp. 10000",
        "🟢 Discount Rp 20000     Discount Rp. 20000",
        "[Use promo]  in use: Discount Rp 20000",
      ]
    )
  }

  @Test func rendersCartPage() throws {
    let loaded = CartPageState(isLoading: false, products: IdentifiedArray(uniqueElements: ShopProductState.mocks))
    #expect(
      try #require(cartPageView.render(loaded)).map(\.text) == [
        "☑ iPhone 13           Rp 10.000.000   [-] 1 [+]  [delete]",
        "☐ iPhone 13 Pro Max   Rp 20.000.000   [-] 2 [+]  [delete]",
        "☑ iPhone X            Rp 4.000.000    [-] 1 [+]  [delete]",
        "☑ Book number 1       Rp 70.000       [-] 2 [+]  [delete]",
        "☐ Book number 2       Rp 170.000      [-] 1 [+]  [delete]",
        "Total Price: Rp 14.140.000",
      ]
    )
    #expect(
      try #require(cartPageView.render(CartPageState(isLoading: true, networkError: .serverError))).map(\.text) == [
        "Loading…",
        "⚠️ Network error: serverError",
        "Total Price: Rp 0",
      ]
    )
  }

  @Test func rendersPromoAdsAndCounterList() throws {
    let ads = PromoAdsListState(items: IdentifiedArray(uniqueElements: ItemCellType.mocks(numberOfMocks: 3)))
    #expect(
      try #require(promoAdsListView.render(ads)).map(\.text) == [
        "⚪ Discount Rp 10000     Discount Rp. 10000",
        "⚪ Discount Rp 20000     Discount Rp. 20000",
        "⚪ Discount Rp 30000     Discount Rp. 30000",
        "📣 This is Ads for Ads 1",
        "[Use promo]  in use: none",
      ]
    )
    let list = CounterListState(rows: [CounterRowState(id: 1, counter: CounterState(count: 3))], nextId: 2)
    #expect(try #require(counterListView.render(list)).map(\.text) == ["#1  [-] 3 [+]  [remove]", "Total: 3"])
    #expect(demoForEachView.render(list) == nil)
  }
}
