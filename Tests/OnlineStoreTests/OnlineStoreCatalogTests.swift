import ComposableArchitecture
import FeatureCatalog
import OnlineStore
import TCAScript
import Lessons
import Testing

/// What the catalog offers the playground: features, presets, dependency variants, values,
/// computed properties and views.
@MainActor
@Suite struct OnlineStoreCatalogTests {
  @Test func features() {
    #expect(onlineStoreCatalog.module == "OnlineStore")
    #expect(
      onlineStoreCatalog.features.map(\.name)
        == ["Root", "ProductList", "Product", "AddToCart", "CartList", "CartItem", "Profile"]
    )
    #expect(
      onlineStoreCatalog.features.map(\.reducerNames)
        == [["RootDomain"], ["ProductListDomain"], ["ProductDomain"], ["AddToCartDomain"], ["CartListDomain"], ["CartItemDomain"], ["ProfileDomain"]]
    )
    let variants = ["apiClient.failing", "apiClient.slow", "apiClient.live"]
    #expect(
      onlineStoreCatalog.features.map(\.dependencyVariantNames)
        == [variants, variants, [], [], variants, [], variants]
    )
    #expect(
      onlineStoreCatalog.features.map(\.presetNames)
        == [["loaded"], ["loaded", "inCart"], [], [], ["twoItems", "empty"], [], []]
    )
  }

  @Test func presets() throws {
    let productList = try #require(onlineStoreCatalog.features.first { $0.name == "ProductList" })
    let loaded = try #require(productList.preset(named: "loaded") as? ProductListDomain.State)
    #expect(loaded == ProductListDomain.State(dataLoadingStatus: .success, productList: .rows(Product.fixtures)))
    let inCart = try #require(productList.preset(named: "inCart") as? ProductListDomain.State)
    #expect(inCart.productList.filter { $0.count > 0 }.map { [$0.product.id, $0.count] } == [[1, 2], [3, 1]])

    let cartList = try #require(onlineStoreCatalog.features.first { $0.name == "CartList" })
    let twoItems = try #require(cartList.initialState as? CartListDomain.State)
    #expect(twoItems.cartItems.map(\.cartItem) == [CartItem(product: Product.fixtures[0], quantity: 2), CartItem(product: Product.fixtures[2], quantity: 1)])
    #expect(cartList.preset(named: "twoItems") as? CartListDomain.State == twoItems)
    #expect(cartList.preset(named: "empty") as? CartListDomain.State == CartListDomain.State())

    let root = try #require(onlineStoreCatalog.features.first { $0.name == "Root" })
    #expect(root.preset(named: "loaded") as? RootDomain.State == RootDomain.State(productListState: loaded))
  }

  @Test func aLoadedFeatureRunsLiveOnTheFixture() async throws {
    let session = Session(catalog: onlineStoreCatalog)
    let loaded = HistoryText.text(try session.load(featureNamed: "OnlineStore.Profile"))
    #expect(loaded.hasPrefix("Loaded Profile as `store`"), "\(loaded)")
    _ = await session.run("store.send(.fetchUserProfile)")
    // A live store's effect delivers its answer when it gets there: a send lets effects run a
    // few turns, which on a busy machine may not be enough.
    var outputs = await session.run("store.state.profile")
    let deadline = ContinuousClock.now + .seconds(10)
    while outputs.last?.rendered.contains("id: 0,") == true, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
      outputs = await session.run("store.state.profile")
    }
    #expect(outputs.last?.rendered == """
      UserProfile(
        id: 1,
        email: "john@gmail.com",
        firstName: "john",
        lastName: "doe"
      )
      """)
  }

  @Test func productListView() throws {
    let productList = try #require(onlineStoreCatalog.features.first { $0.name == "ProductList" })
    var state = try #require(productList.preset(named: "inCart") as? ProductListDomain.State)
    state.productList = IdentifiedArray(uniqueElements: state.productList.prefix(3))
    #expect(
      self.render(state) == """
        Fjallraven - Foldsack No. … $109.95  [-] 2 [+]
        Mens Casual Premium Slim F… $22.3    [-] 0 [+]
        Mens Cotton Jacket          $55.99   [-] 1 [+]
        [Go to Cart] (3 items)
        """
    )
    state.cartState = CartListDomain.State(
      cartItems: [CartItemDomain.State(id: UUID(0), cartItem: CartItem(product: Product.fixtures[2], quantity: 1))],
      totalPrice: 55.99
    )
    state.dataLoadingStatus = .error
    #expect(
      self.render(state) == """
        ⚠️ Error getting products, try again later.
        Fjallraven - Foldsack No. … $109.95  [-] 2 [+]
        Mens Casual Premium Slim F… $22.3    [-] 0 [+]
        Mens Cotton Jacket          $55.99   [-] 1 [+]
        [Go to Cart] (3 items)
        ── Cart ──
          Mens Cotton Jacket ×1         $55.99    [delete]
          Total: $55.99   [Pay $55.99]
        """
    )
  }

  @Test func cartListView() {
    var state = CartListDomain.State(
      cartItems: [
        CartItemDomain.State(id: UUID(0), cartItem: CartItem(product: Product.fixtures[0], quantity: 2)),
      ],
      totalPrice: 219.9
    )
    state.alert = .successAlert
    state.dataLoadingStatus = .loading
    #expect(
      self.render(state) == """
        Fjallraven - Foldsack N… ×2   $219.9    [delete]
        Total: $219.9   [Pay $219.9]
        Sending order…
        ⚠️ Thank you! — Your order is in process.  [Done] [Cancel]
        """
    )
    #expect(self.render(CartListDomain.State(isPayButtonDisable: true)) == "Total: $0.0   (Pay disabled)")
  }

  @Test func rootAndProfileViews() {
    #expect(
      self.render(RootDomain.State(selectedTab: .profile, profileState: ProfileDomain.State(profile: .fixture, dataState: .complete)))
        == """
        Products  [Profile]
        ID: 1
        Email: john@gmail.com
        Name: john doe
        """
    )
    #expect(self.render(RootDomain.State(productListState: ProductListDomain.State(dataLoadingStatus: .loading))) == """
      [Products]  Profile
      Loading products…
      [Go to Cart] (0 items)
      """)
    #expect(self.render(ProfileDomain.State(dataState: .loading)) == "Loading profile…")
  }

  @Test func computedPropertiesAndValues() async throws {
    // Computed properties come from the generated shapes, not the catalog.
    #expect(onlineStoreCatalog.computedProperties.isEmpty)
    let transcript = await onlineStoreCatalog.scriptTranscript([
      "let store = Store(initialState: CartListDomain.State(), reducer: CartListDomain())",
      "store.state.totalPriceString",
    ])
    #expect(transcript == """
      > let store = Store(initialState: CartListDomain.State(), reducer: CartListDomain())
      > store.state.totalPriceString
      "$0.0"
      """)
    let successAlert = try #require(onlineStoreCatalog.values.first { $0.name == "successAlert" })
    #expect(try successAlert.call([]) as? AlertState<CartListDomain.Action.Alert> == .successAlert)
    let rows = try #require(onlineStoreCatalog.values.first { $0.name == "rows" })
    #expect(try rows.call([Product.sample]) as? IdentifiedArrayOf<ProductDomain.State> == .rows(Product.sample))
  }

  private func render(_ state: Any) -> String {
    let view = onlineStoreCatalog.views.first { $0.stateType == type(of: state) }
    return (view?.render(state) ?? []).map(\.text).joined(separator: "\n")
  }
}
