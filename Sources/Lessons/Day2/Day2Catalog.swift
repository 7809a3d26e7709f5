import ComposableArchitecture
import Day2
import FeatureCatalog

/// The "Day 2: The Rest of TCA" lesson, as the playground sees it: its features (each of the
/// lesson's `Reducer`s, written against RxComposableArchitecture, with its named environments),
/// its mocks, computed properties, field defaults and text views.
///
/// The mocks delay on `MainScheduler.instance`, which is the `mainQueue` dependency of the store
/// running the reducer: a playground store runs with the playground's test scheduler there, so
/// `store.advance(by:)` delivers what they delay.
///
/// ```swift
/// let session = Session(catalog: day2Catalog)
/// await session.run("let store = TestStore(initialState: PromoListState(), reducer: promoListReducer, environment: .mock)")
/// await session.run("store.send(.didLoad)")
/// await session.run("store.advance(by: .milliseconds(250))")
/// ```
///
/// Each feature's reducer reads the store's current environment on every action, so
/// `store.environment = .failing` takes effect from the next action on.
public let day2Catalog = Catalog(module: "Day2") {
  // Part 1: ForEachStoreNode.
  Feature(
    "DemoForEach",
    summary: "A list with create, toggle, remove, shuffle and load, in an IdentifiedArray",
    reducerNames: ["demoForEachReducer"],
    initialState: DemoForEachState(),
    presets: [
      ("three", { @Sendable in DemoForEachState(stackData: IdentifiedArray(uniqueElements: DemoItemState.mocks(numberOfMocks: 3)), lastId: 3) }),
      ("ten", { @Sendable in DemoForEachState(stackData: IdentifiedArray(uniqueElements: DemoItemState.mocks(numberOfMocks: 10)), lastId: 10) }),
      // A big list, to feel how state diffs and history behave at scale.
      ("tenThousand", { @Sendable in DemoForEachState(stackData: IdentifiedArray(uniqueElements: DemoItemState.mocks(numberOfMocks: 10_000)), lastId: 10_000) }),
    ],
    environments: [
      ("mock", { @Sendable _ in .mock }),
      ("failing", { @Sendable _ in .failing }),
    ],
    reducer: { env in Reduce { state, action in demoForEachReducer.run(&state, action, env()) } }
  )
  CatalogValue.function(DemoItemState.self, "mocks", labels: ["numberOfMocks"]) { (n: Int) in
    DemoItemState.mocks(numberOfMocks: n)
  }
  demoForEachView

  // Exercise 1: the promo list.
  Feature(
    "PromoList",
    summary: "Exercise 1: load promos, tap one to select it, use the selected promo",
    reducerNames: ["promoListReducer"],
    initialState: PromoListState(),
    presets: [
      ("three", { @Sendable in PromoListState(promos: IdentifiedArray(uniqueElements: PromoState.mocks(numberOfMocks: 3))) }),
      ("preselected", { @Sendable in PromoListState(selectedPromoId: "2") }),
    ],
    environments: [
      ("mock", { @Sendable _ in .mock }),
      ("twoPromos", { @Sendable _ in .twoPromos }),
      ("failing", { @Sendable _ in .failing }),
    ],
    reducer: { env in Reduce { state, action in promoListReducer.run(&state, action, env()) } }
  )
  CatalogValue.function(PromoState.self, "mocks", labels: ["numberOfMocks"]) { (n: Int) in
    PromoState.mocks(numberOfMocks: n)
  }
  promoListView

  // ListStoreNode with SwitchCaseStoreNode: promos and ads.
  Feature(
    "PromoAdsList",
    summary: "The promo list with ads between promos: two kinds of cell in an enum (ItemCellType)",
    reducerNames: ["promoAdsListReducer"],
    initialState: PromoAdsListState(),
    presets: [
      ("six", { @Sendable in PromoAdsListState(items: IdentifiedArray(uniqueElements: ItemCellType.mocks(numberOfMocks: 6))) })
    ],
    environments: [
      ("mock", { @Sendable _ in .mock }),
      ("failing", { @Sendable _ in .failing }),
    ],
    reducer: { env in Reduce { state, action in promoAdsListReducer.run(&state, action, env()) } }
  )
  CatalogValue.function(ItemCellType.self, "mocks", labels: ["numberOfMocks"]) { (n: Int) in
    ItemCellType.mocks(numberOfMocks: n)
  }
  promoAdsListView

  // Exercise 2: the cart page, as written and after the counter refactor.
  Feature(
    "CartPage",
    summary: "Exercise 2: load the cart, toggle, change quantities, delete; a computed total price",
    reducerNames: ["cartPageReducer"],
    initialState: CartPageState(),
    presets: cartPagePresets,
    environments: cartPageEnvironments,
    reducer: { env in Reduce { state, action in cartPageReducer.run(&state, action, env()) } }
  )
  Feature(
    "CartPageCounter",
    summary: "The cart page after the refactor: rows reuse counterReducer, run with forEach",
    reducerNames: ["cartPageCounterReducer"],
    initialState: CartPageState(),
    presets: cartPagePresets,
    environments: cartPageEnvironments,
    reducer: { env in Reduce { state, action in cartPageCounterReducer.run(&state, action, env()) } }
  )
  CatalogValue.value(ShopProductState.self, "mocks") { ShopProductState.mocks }
  cartPageView

  // Refactor CounterNode.
  Feature(
    "Counter",
    summary: "The counter's own reducer, reusable: plus, minus, typed text",
    reducerNames: ["counterReducer"],
    initialState: CounterState(),
    reducer: { Reduce { state, action in counterReducer.run(&state, action, ()) } }
  )
  Feature(
    "ShopProduct",
    summary: "A cart row: counterReducer pulled back to the quantity, plus the toggle",
    reducerNames: ["shopProductReducer"],
    initialState: ShopProductState.mocks[0],
    reducer: { Reduce { state, action in shopProductReducer.run(&state, action, ()) } }
  )

  // KeyPath and CasePath.
  CatalogValue.value(SecureModel.self, "mock") { SecureModel.mock }
  CatalogValue.value(ShopRegular.self, "mock") { ShopRegular.mock }
  CatalogValue.value(ShopPowerMerchant.self, "mock") { ShopPowerMerchant.mock }
  CatalogValue.value(ShopOfficialStore.self, "mock") { ShopOfficialStore.mock }
  CatalogValue.value(ShopType.self, "mocks") { ShopType.mocks }

  // Reducer.pullback.
  Feature(
    "ProductCard",
    summary: "The product card on its own: routing on tap, wishlist toggle",
    reducerNames: ["productCardReducer"],
    initialState: ProductCardState.mock,
    environments: [
      ("mock", { @Sendable _ in .mock }),
      ("failing", { @Sendable _ in .failing }),
    ],
    reducer: { env in Reduce { state, action in productCardReducer.run(&state, action, env()) } }
  )
  Feature(
    "DemoPullback",
    summary: "The product card pulled back into a page, its environment derived from the page's",
    reducerNames: ["demoPullbackReducer"],
    initialState: DemoPullbackState(information: "", productCard: .mock),
    environments: [
      ("mock", { @Sendable _ in .mock }),
      ("failing", { @Sendable _ in .failing }),
    ],
    reducer: { env in Reduce { state, action in demoPullbackReducer.run(&state, action, env()) } }
  )
  Feature(
    "DemoPullbackWithMockChild",
    summary: "The discouraged version: the card's environment hard-coded to .mock",
    reducerNames: ["demoPullbackReducerWithMockChild"],
    initialState: DemoPullbackState(information: "", productCard: .mock),
    environments: [
      ("mock", { @Sendable _ in .mock }),
      ("failing", { @Sendable _ in .failing }),
    ],
    reducer: { env in Reduce { state, action in demoPullbackReducerWithMockChild.run(&state, action, env()) } }
  )
  CatalogValue.value(ProductCardState.self, "mock") { ProductCardState.mock }

  // Reducer.optional.
  Feature(
    "WishlistSheet",
    summary: "Reducer.optional: a product card in a bottom sheet that is nil while closed",
    reducerNames: ["wishlistSheetReducer"],
    initialState: WishlistSheetState(),
    presets: [("open", { @Sendable in WishlistSheetState(sheet: .mock) })],
    environments: [
      ("mock", { @Sendable _ in .mock }),
      ("failing", { @Sendable _ in .failing }),
    ],
    reducer: { env in Reduce { state, action in wishlistSheetReducer.run(&state, action, env()) } }
  )

  // Reducer.forEach.
  Feature(
    "CounterList",
    summary: "Reducer.forEach: a list of counters, each row running counterReducer",
    reducerNames: ["counterListReducer"],
    initialState: CounterListState(),
    presets: [
      ("three", { @Sendable in CounterListState(rows: [CounterRowState(id: 1), CounterRowState(id: 2), CounterRowState(id: 3)], nextId: 4) })
    ],
    reducer: { Reduce { state, action in counterListReducer.run(&state, action, ()) } }
  )
  counterListView
}

private let cartPagePresets: [(name: String, state: @Sendable () -> CartPageState)] = [
  ("loaded", { @Sendable in CartPageState(isLoading: false, products: IdentifiedArray(uniqueElements: ShopProductState.mocks)) }),
  ("failed", { @Sendable in CartPageState(isLoading: false, networkError: .serverError) }),
]

private let cartPageEnvironments: [(name: String, make: @MainActor @Sendable (any EnvironmentContext) -> CartPageEnvironment)] = [
  ("mockSuccess", { @Sendable _ in .mockSuccess }),
  ("mockFailed", { @Sendable _ in .mockFailed }),
  ("failing", { @Sendable _ in .failing }),
]
