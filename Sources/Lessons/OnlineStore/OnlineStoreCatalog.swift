import ComposableArchitecture
import FeatureCatalog
import OnlineStore

/// The OnlineStoreTCA demo, as the playground sees it: its features (each running on the
/// fixture ``APIClient`` unless a dependency variant says otherwise), product and user fixtures,
/// the cart's alerts, computed properties, field defaults and text views.
///
/// ```swift
/// let session = Session(catalog: onlineStoreCatalog)
/// await session.run("let store = TestStore(initialState: ProductListDomain.State(), reducer: ProductListDomain())")
/// await session.run("store.send(.fetchProducts) { $0.dataLoadingStatus = .loading }")
/// ```
///
/// Variants: `apiClient.failing` (every request fails), `apiClient.slow` (answers two seconds
/// later on the playground's clock), `apiClient.live` (fakestoreapi.com, where there is a network).
public let onlineStoreCatalog = Catalog(module: "OnlineStore") {
  Feature(
    "Root",
    summary: "The app: a tab view with the product list and the profile",
    reducerNames: ["RootDomain"],
    initialState: RootDomain.State(),
    presets: [
      ("loaded", { @Sendable in RootDomain.State(productListState: .loaded) }),
    ],
    dependencies: apiClientVariants,
    reducer: { RootDomain() }
  )
  rootView

  Feature(
    "ProductList",
    summary: "Fetch products (TaskResult, loading status), add them to the cart, open the cart as a sheet, pay",
    reducerNames: ["ProductListDomain"],
    initialState: ProductListDomain.State(),
    presets: [
      ("loaded", { @Sendable in .loaded }),
      ("inCart", { @Sendable in .inCart }),
    ],
    dependencies: apiClientVariants,
    reducer: { ProductListDomain() }
  )
  productListView

  Feature(
    "Product",
    summary: "A product cell: the product and its add-to-cart button, scoped with Scope; the count stays at zero or above",
    reducerNames: ["ProductDomain"],
    initialState: ProductDomain.State(id: UUID(0), product: Product.fixtures[0]),
    reducer: { ProductDomain() }
  )
  CatalogValue.function(
    IdentifiedArrayOf<ProductDomain.State>.self, "rows", labels: [nil],
    summary: "Product rows identified UUID(0), UUID(1), … as a fetch makes them"
  ) { (products: [Product]) in
    IdentifiedArrayOf<ProductDomain.State>.rows(products)
  }

  Feature(
    "AddToCart",
    summary: "The add-to-cart button: plus and minus",
    reducerNames: ["AddToCartDomain"],
    initialState: AddToCartDomain.State(),
    reducer: { AddToCartDomain() }
  )

  Feature(
    "CartList",
    summary: "The cart: items, total price, pay with a confirmation alert, then a success or error alert",
    reducerNames: ["CartListDomain"],
    initialState: .twoItems,
    presets: [
      ("twoItems", { @Sendable in .twoItems }),
      ("empty", { @Sendable in CartListDomain.State() }),
    ],
    dependencies: apiClientVariants,
    reducer: { CartListDomain() }
  )
  CatalogValue.function(AlertState<CartListDomain.Action.Alert>.self, "confirmationAlert", labels: ["totalPriceString"]) {
    (totalPriceString: String) in AlertState.confirmationAlert(totalPriceString: totalPriceString)
  }
  CatalogValue.value(AlertState<CartListDomain.Action.Alert>.self, "successAlert") { AlertState.successAlert }
  CatalogValue.value(AlertState<CartListDomain.Action.Alert>.self, "errorAlert") { AlertState.errorAlert }
  cartListView

  Feature(
    "CartItem",
    summary: "A row of the cart, with its delete button",
    reducerNames: ["CartItemDomain"],
    initialState: CartItemDomain.State(id: UUID(0), cartItem: CartItem(product: Product.fixtures[0], quantity: 2)),
    reducer: { CartItemDomain() }
  )

  Feature(
    "Profile",
    summary: "The user's profile, fetched once (TaskResult)",
    reducerNames: ["ProfileDomain"],
    initialState: ProfileDomain.State(),
    dependencies: apiClientVariants,
    reducer: { ProfileDomain() }
  )
  profileView

  CatalogValue.value(Product.self, "fixtures", summary: "The 20 products fakestoreapi.com serves") { Product.fixtures }
  CatalogValue.value(Product.self, "sample", summary: "The first three fixtures") { Product.sample }
  CatalogValue.value(UserProfile.self, "fixture", summary: "The user fakestoreapi.com serves at /users/1") { UserProfile.fixture }
  CatalogValue.value(UserProfile.self, "default", summary: "The empty profile") { UserProfile.default }
}

/// The API client's variants, for every feature that uses it. Playground stores run in the
/// preview context, where the client is ``APIClient/fixture``; these replace it.
private let apiClientVariants: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)] = [
  ("apiClient.failing", { $0.apiClient = .failing }),
  ("apiClient.slow", { $0.apiClient = .slow }),
  ("apiClient.live", { $0.apiClient = .live }),
]

extension ProductListDomain.State {
  /// The fixture products, fetched: rows `UUID(0)`…`UUID(19)`, as a fetch under an incrementing
  /// `uuid` makes them.
  static var loaded: Self {
    Self(dataLoadingStatus: .success, productList: .rows(Product.fixtures))
  }

  /// ``loaded``, with two backpacks and a jacket in the cart.
  static var inCart: Self {
    var state = Self.loaded
    state.productList[id: UUID(0)]?.count = 2
    state.productList[id: UUID(2)]?.count = 1
    return state
  }
}

extension CartListDomain.State {
  /// Two backpacks and a jacket (the cart the product list's `inCart` preset opens), before the
  /// cart's view has asked for the total.
  static var twoItems: Self {
    Self(
      cartItems: [
        CartItemDomain.State(id: UUID(0), cartItem: CartItem(product: Product.fixtures[0], quantity: 2)),
        CartItemDomain.State(id: UUID(1), cartItem: CartItem(product: Product.fixtures[2], quantity: 1)),
      ]
    )
  }
}
