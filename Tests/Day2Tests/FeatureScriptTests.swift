import Day2
import TCAScript
import Lessons
import Testing
import TestSupport

/// Each catalogued Day 2 feature driven through the interpreter, as the lesson's tests drive it
/// in Swift: the scripts pass with no failure or error, and the failures the lesson shows print as
/// the TestStore prints them.
@MainActor
@Suite struct FeatureScriptTests {
  @Test func demoForEach() async {
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)",
        "store.send(.didLoad)",
        "store.receive(.receiveData(DemoItemState.mocks(numberOfMocks: 10))) { $0.stackData = IdentifiedArrayOf(DemoItemState.mocks(numberOfMocks: 10)); $0.lastId = 10 }",
        #"store.send(.addItem) { $0.lastId = 11; $0.stackData.append(DemoItemState(id: 11, text: "Data 11", isActive: true)) }"#,
        "store.send(.child(id: 2, action: .toggle)) { $0.stackData[id: 2]?.isActive = false }",
        "store.send(.child(id: 3, action: .remove)) { $0.stackData.remove(id: 3) }",
        "store.exhaustivity = .off",
        "store.send(.shuffle)",
      ]) == []
    )
  }

  @Test func demoForEachFailingEnvironment() async {
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: .three, reducer: demoForEachReducer, environment: .failing)",
        "store.send(.didLoad)",
      ]) == ["store.send(.didLoad)\n✘ Should not call loadData - A failing effect ran."]
    )
  }

  @Test func cartPage() async {
    for reducer in ["cartPageReducer", "cartPageCounterReducer"] {
      #expect(
        await day2Catalog.scriptOutputs([
          "let store = TestStore(initialState: CartPageState(), reducer: \(reducer), environment: .mockSuccess)",
          "store.send(.didLoad)",
          "store.advance(by: .seconds(1))",
          "store.receive(.receiveCartData(.success(ShopProductState.mocks))) { $0.isLoading = false; $0.products = IdentifiedArrayOf(ShopProductState.mocks) }",
          "store.send(.product(id: 10, action: .didTapPlus)) { $0.products[id: 10]?.quantity = 3 }",
          "store.send(.product(id: 10, action: .didTapMinus)) { $0.products[id: 10]?.quantity = 2 }",
          #"store.send(.product(id: 3, action: .textDidChange("5"))) { $0.products[id: 3]?.quantity = 5 }"#,
          "store.send(.product(id: 2, action: .didTapToggle)) { $0.products[id: 2]?.isActive = true }",
          "store.send(.product(id: 1, action: .didTapDelete)) { $0.products.remove(id: 1) }",
        ]) == [],
        "\(reducer)"
      )
      #expect(
        await day2Catalog.scriptOutputs(
          [
            "let store = TestStore(initialState: .loaded, reducer: \(reducer), environment: .failing)",
            "store.state.totalPrice",
            "store.send(.product(id: 2, action: .didTapToggle)) { $0.products[id: 2]?.isActive = true }",
            "store.state.totalPrice",
            "store.state.products[id: 2]?.counter",
          ],
          kinds: [.value, .failure, .error]
        ) == [
          "store.state.totalPrice\n14140000",
          "store.state.totalPrice\n54140000",
          "store.state.products[id: 2]?.counter\nCounterState(count: 2)",
        ],
        "\(reducer)"
      )
    }
  }

  @Test func cartPageFailure() async {
    let outputs = await day2Catalog.scriptOutputs([
      "let store = TestStore(initialState: CartPageState(), reducer: cartPageReducer, environment: .mockFailed)",
      "store.send(.didLoad)",
      "store.advance(by: .seconds(1))",
      "store.receive(.receiveCartData(.failure(.serverError))) { $0.isLoading = false; $0.networkError = .serverError }",
    ])
    #expect(outputs == [])
  }

  @Test func pullbackWithTheChildEnvironmentHardCoded() async {
    // The lesson's point: the hard-coded child environment hides the failing environment...
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: DemoPullbackState(information: \"\", productCard: .mock), reducer: demoPullbackReducerWithMockChild, environment: .failing)",
        "store.send(.productCard(.didTap))",
      ]) == []
    )
    // ...and deriving it from the parent's makes the test fail.
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: DemoPullbackState(information: \"\", productCard: .mock), reducer: demoPullbackReducer, environment: .failing)",
        "store.send(.productCard(.didTap))",
      ]) == ["store.send(.productCard(.didTap))\n✘ Should not call route - A failing effect ran."]
    )
  }

  @Test func pullbackWishlist() async {
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: DemoPullbackState(information: \"\", productCard: ProductCardState.mock), reducer: demoPullbackReducer, environment: .mock)",
        "store.send(.didLoad)",
        "store.send(.productCard(.didTapWishlist)) { $0.productCard.isWishlist = true }",
        "store.send(.productCard(.didTap))",
        "let card = TestStore(initialState: ProductCardState.mock, reducer: productCardReducer, environment: .mock)",
        "card.send(.didTapWishlist) { $0.isWishlist = true }",
      ]) == []
    )
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: DemoPullbackState(information: \"\", productCard: .mock), reducer: demoPullbackReducer, environment: .failing)",
        "store.send(.productCard(.didTapWishlist)) { $0.productCard.isWishlist = true }",
      ]) == [
        "store.send(.productCard(.didTapWishlist)) { $0.productCard.isWishlist = true }\n✘ Should not call trackEvent - A failing effect ran."
      ]
    )
  }

  @Test func promoAdsList() async {
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: PromoAdsListState(), reducer: promoAdsListReducer, environment: .mock)",
        "store.send(.didLoad)",
        "store.advance(by: .milliseconds(250))",
        "store.receive(.receiveItems(ItemCellType.mocks(numberOfMocks: 20))) { $0.items = IdentifiedArrayOf(ItemCellType.mocks(numberOfMocks: 20)) }",
        // `$0.items[id: "1"] = …` does not reach an enum element in the interpreter: use the index.
        #"store.send(.item(id: "1", action: .promo(.didTap))) { $0.items[0] = .promo(PromoState(id: "1", title: "Discount Rp 10000", amount: 10000, isSelected: true)) }"#,
        #"store.send(.didTapUsePromo) { $0.selectedPromoId = "1" }"#,
        #"store.send(.item(id: "Ads 1", action: .ads(.didTap)))"#,
      ]) == []
    )
    #expect(
      await day2Catalog.scriptOutputs(
        [
          "let store = TestStore(initialState: .six, reducer: promoAdsListReducer, environment: .failing)",
          #"store.state.items[id: "Ads 1"]?.id"#,
          #"store.send(.item(id: "Ads 2", action: .ads(.didTap)))"#,
        ],
        kinds: [.value, .failure, .error]
      ) == [
        "store.state.items[id: \"Ads 1\"]?.id\n\"Ads 1\"",
        "store.send(.item(id: \"Ads 2\", action: .ads(.didTap)))\n✘ Should not call trackEvent - A failing effect ran.",
      ]
    )
  }

  @Test func optionalSheet() async {
    #expect(
      await day2Catalog.scriptOutputs([
        "let store = TestStore(initialState: WishlistSheetState(), reducer: wishlistSheetReducer, environment: .mock)",
        "store.send(.showSheet(ProductCardState.mock)) { $0.sheet = ProductCardState.mock }",
        "store.send(.sheet(.didTap))",
        "store.send(.sheet(.didTapWishlist)) { $0 = WishlistSheetState(wishlistIds: [1]) }",
      ]) == []
    )
    let outputs = await day2Catalog.scriptOutputs([
      "let store = TestStore(initialState: WishlistSheetState(), reducer: wishlistSheetReducer, environment: .mock)",
      "store.send(.sheet(.didTap))",
    ])
    #expect(outputs.count == 1)
    #expect(
      outputs.first?.hasPrefix(
        #"""
        store.send(.sheet(.didTap))
        ✘ An "optional" reducer at "Day2/OptionalChild.swift:56" received an action when state was "nil". …
        """#
      ) == true
    )
  }

  @Test func countersAndTheirList() async {
    #expect(
      await day2Catalog.scriptOutputs([
        "let counter = TestStore(initialState: CounterState(), reducer: counterReducer)",
        "counter.send(.didTapPlus) { $0.count = 1 }",
        #"counter.send(.textDidChange("12")) { $0.count = 12 }"#,
        "let row = TestStore(initialState: ShopProductState.mocks[0], reducer: shopProductReducer)",
        "row.send(.didTapMinus) { $0.quantity = 0 }",
        "row.send(.didTapToggle) { $0.isActive = false }",
        "let list = TestStore(initialState: CounterListState(), reducer: counterListReducer)",
        "list.send(.addRow) { $0.rows = [CounterRowState(id: 1)]; $0.nextId = 2 }",
        "list.send(.row(id: 1, action: .counter(.didTapPlus))) { $0.rows[id: 1]?.counter.count = 1 }",
        "list.send(.row(id: 1, action: .remove)) { $0.rows.remove(id: 1) }",
      ]) == []
    )
    let outputs = await day2Catalog.scriptOutputs([
      "let list = TestStore(initialState: .three, reducer: counterListReducer)",
      "list.send(.row(id: 4, action: .counter(.didTapPlus)))",
    ])
    #expect(outputs.count == 1)
    #expect(
      outputs.first?.hasPrefix(
        #"""
        list.send(.row(id: 4, action: .counter(.didTapPlus)))
        ✘ A "forEach" reducer at "Day2/ForEachList.swift:57" received an action when state contained no element with that id. …
        """#
      ) == true
    )
  }

  @Test func keyPathsAndCasePaths() async {
    #expect(
      await day2Catalog.scriptTranscript([
        "var model = SecureModel.mock",
        "let deviceTokenKeyPath = \\SecureModel.deviceToken",
        "deviceTokenKeyPath",
        "model[keyPath: deviceTokenKeyPath]",
        #"model[keyPath: deviceTokenKeyPath] = "New Updated Token from Keypath""#,
        "model.deviceToken",
        "let shopType = ShopType.regular(ShopRegular.mock)",
        "(/ShopType.regular).extract(from: shopType)",
        "(/ShopType.officialStore).extract(from: shopType)",
        #"(/ShopType.regular).embed(ShopRegular(shopId: 1, name: "UpdatedName"))"#,
      ])
        == #"""
        > var model = SecureModel.mock
        > let deviceTokenKeyPath = \SecureModel.deviceToken
        > deviceTokenKeyPath
        Swift.WritableKeyPath<SecureModel, Swift.String>
        > model[keyPath: deviceTokenKeyPath]
        "myToken"
        > model[keyPath: deviceTokenKeyPath] = "New Updated Token from Keypath"
        > model.deviceToken
        "New Updated Token from Keypath"
        > let shopType = ShopType.regular(ShopRegular.mock)
        > (/ShopType.regular).extract(from: shopType)
        ShopRegular(
          shopId: 1,
          name: "Regular Shop"
        )
        > (/ShopType.officialStore).extract(from: shopType)
        nil
        > (/ShopType.regular).embed(ShopRegular(shopId: 1, name: "UpdatedName"))
        ShopType.regular(
          ShopRegular(
            shopId: 1,
            name: "UpdatedName"
          )
        )
        """#
    )
  }
}
