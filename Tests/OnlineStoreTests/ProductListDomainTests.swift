import ComposableArchitecture
import OnlineStore
import Testing
import TestSupport

/// The product list, as OnlineStoreTCA's `ProductListDomainTest` tests it: fetching, adding to
/// the cart, opening the cart, paying, and removing from the cart.
@MainActor
@Suite struct ProductListDomainTests {
  @Test func fetchProductsSuccess() async {
    let products = [
      Product(id: 1, title: "ProductDemo", price: 10.5, description: "Hi mom!", category: "Category1", imageString: "image"),
      Product(id: 2, title: "AnotherProduct", price: 99.99, description: "Hi Dad!", category: "Category2", imageString: "image2"),
    ]
    let store = TestStore(initialState: ProductListDomain.State()) {
      ProductListDomain()
    } withDependencies: {
      $0.apiClient.fetchProducts = { products }
      $0.uuid = .incrementing
    }
    await store.send(.fetchProducts) {
      $0.dataLoadingStatus = .loading
    }
    await store.receive(.fetchProductsResponse(.success(products))) {
      $0.productList = [
        ProductDomain.State(id: UUID(0), product: products[0]),
        ProductDomain.State(id: UUID(1), product: products[1]),
      ]
      $0.dataLoadingStatus = .success
    }
    // Loaded products are not fetched again.
    await store.send(.fetchProducts)
  }

  @Test func fetchProductsFromTheFixtureClient() async {
    let store = TestStore(initialState: ProductListDomain.State()) {
      ProductListDomain()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.fetchProducts) {
      $0.dataLoadingStatus = .loading
    }
    await store.receive(\.fetchProductsResponse.success) {
      $0.productList = .rows(Product.fixtures)
      $0.dataLoadingStatus = .success
    }
    #expect(store.state.productList.count == 20)
  }

  @Test func fetchProductsFailure() async {
    let store = TestStore(initialState: ProductListDomain.State()) {
      ProductListDomain()
    } withDependencies: {
      $0.apiClient = .failing
    }
    await store.send(.fetchProducts) {
      $0.dataLoadingStatus = .loading
    }
    await store.receive(.fetchProductsResponse(.failure(APIClient.Failure()))) {
      $0.dataLoadingStatus = .error
    }
    #expect(store.state.shouldShowError)
  }

  @Test func fetchingIsSlowOnTheSlowClient() async {
    let clock = TestClock()
    let store = TestStore(initialState: ProductListDomain.State()) {
      ProductListDomain()
    } withDependencies: {
      $0.apiClient = .slow
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.fetchProducts) {
      $0.dataLoadingStatus = .loading
    }
    #expect(store.state.isLoading)
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    #expect(store.state.isLoading)
    await clock.advance(by: .seconds(1))
    await store.receive(\.fetchProductsResponse.success) {
      $0.productList = .rows(Product.fixtures)
      $0.dataLoadingStatus = .success
    }
  }

  @Test func addToCart() async {
    let store = TestStore(initialState: ProductListDomain.State(productList: .rows(Product.sample))) {
      ProductListDomain()
    }
    await store.send(.product(.element(id: UUID(0), action: .addToCart(.didTapPlusButton)))) {
      $0.productList[id: UUID(0)]?.addToCartState.count = 1
    }
    await store.send(\.product[id: UUID(0)].addToCart.didTapPlusButton) {
      $0.productList[id: UUID(0)]?.addToCartState.count = 2
    }
    await store.send(\.product[id: UUID(1)].addToCart.didTapMinusButton)
  }

  @Test func openAndCloseTheCart() async {
    let store = TestStore(initialState: Self.inCart) {
      ProductListDomain()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.setCartView(isPresented: true)) {
      $0.cartState = Self.cart
    }
    #expect(store.state.shouldOpenCart)
    await store.send(.cart(.presented(.didPressCloseButton))) {
      $0.cartState = nil
    }
    await store.send(.setCartView(isPresented: true)) {
      $0.cartState = CartListDomain.State(
        cartItems: [
          CartItemDomain.State(id: UUID(2), cartItem: CartItem(product: Product.sample[0], quantity: 2)),
          CartItemDomain.State(id: UUID(3), cartItem: CartItem(product: Product.sample[2], quantity: 1)),
        ]
      )
    }
    await store.send(.setCartView(isPresented: false)) {
      $0.cartState = nil
    }
  }

  @Test func payWithConfirmationThenTheSuccessAlertResetsTheCounts() async {
    let store = TestStore(initialState: Self.inCart) {
      ProductListDomain()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.setCartView(isPresented: true)) {
      $0.cartState = Self.cart
    }
    let total = Product.sample[0].price * 2 + Product.sample[2].price
    await store.send(.cart(.presented(.getTotalPrice))) {
      $0.cartState?.totalPrice = total
    }
    #expect(store.state.cartState?.totalPriceString == "$275.89")
    await store.send(.cart(.presented(.didPressPayButton))) {
      $0.cartState?.alert = .confirmationAlert(totalPriceString: "$275.89")
    }
    await store.send(\.cart.alert.didConfirmPurchase) {
      $0.cartState?.alert = nil
      $0.cartState?.dataLoadingStatus = .loading
    }
    await store.receive(\.cart.didReceivePurchaseResponse.success, "Status: 200") {
      $0.cartState?.dataLoadingStatus = .success
      $0.cartState?.alert = .successAlert
    }
    await store.send(\.cart.alert.dismissSuccessAlert) {
      $0.cartState?.alert = nil
      $0.productList[id: UUID(0)]?.count = 0
      $0.productList[id: UUID(2)]?.count = 0
    }
    await store.receive(.closeCart) {
      $0.cartState = nil
    }
  }

  @Test func removingAnItemFromTheCartUpdatesTheTotalAndResetsTheProduct() async {
    var initialState = Self.inCart
    initialState.cartState = Self.cart
    let store = TestStore(initialState: initialState) {
      ProductListDomain()
    }
    await store.send(.cart(.presented(.getTotalPrice))) {
      $0.cartState?.totalPrice = Product.sample[0].price * 2 + Product.sample[2].price
    }
    await store.send(\.cart.cartItem[id: UUID(0)].deleteCartItem, Product.sample[0]) {
      $0.cartState?.cartItems.remove(id: UUID(0))
    }
    await store.receive(\.cart.getTotalPrice) {
      $0.cartState?.totalPrice = Product.sample[2].price
    }
    await store.receive(.resetProduct(product: Product.sample[0])) {
      $0.productList[id: UUID(0)]?.count = 0
    }
    #expect(store.state.cartState?.totalPriceString == "$55.99")
  }

  /// The first three fixtures, two backpacks and a jacket in the cart.
  static var inCart: ProductListDomain.State {
    var state = ProductListDomain.State(dataLoadingStatus: .success, productList: .rows(Product.sample))
    state.productList[id: UUID(0)]?.count = 2
    state.productList[id: UUID(2)]?.count = 1
    return state
  }

  /// The cart ``inCart`` opens, with items numbered by a fresh `uuid`.
  static var cart: CartListDomain.State {
    CartListDomain.State(
      cartItems: [
        CartItemDomain.State(id: UUID(0), cartItem: CartItem(product: Product.sample[0], quantity: 2)),
        CartItemDomain.State(id: UUID(1), cartItem: CartItem(product: Product.sample[2], quantity: 1)),
      ]
    )
  }
}
