import ComposableArchitecture
import OnlineStore
import Testing

/// A product and its add-to-cart button.
@MainActor
@Suite struct ProductDomainTests {
  @Test func addToCartCountsUpAndDown() async {
    let store = TestStore(initialState: AddToCartDomain.State()) { AddToCartDomain() }
    await store.send(.didTapPlusButton) { $0.count = 1 }
    await store.send(.didTapMinusButton) { $0.count = 0 }
    // On its own, the button counts below zero: clamping is the product's business.
    await store.send(.didTapMinusButton) { $0.count = -1 }
  }

  @Test func theProductScopesToItsButtonAndKeepsTheCountAtZeroOrAbove() async {
    let store = TestStore(initialState: ProductDomain.State(id: UUID(0), product: Product.sample[0])) {
      ProductDomain()
    }
    await store.send(.addToCart(.didTapPlusButton)) {
      $0.addToCartState.count = 1
    }
    await store.send(.addToCart(.didTapMinusButton)) {
      $0.addToCartState.count = 0
    }
    await store.send(.addToCart(.didTapMinusButton))
    #expect(store.state.count == 0)
  }

  @Test func aCartItemLeavesDeletingToItsParents() async {
    let store = TestStore(
      initialState: CartItemDomain.State(id: UUID(0), cartItem: CartItem(product: Product.sample[0], quantity: 3))
    ) {
      CartItemDomain()
    }
    await store.send(.deleteCartItem(product: Product.sample[0]))
    #expect(store.state.cartItem.totalPrice == Product.sample[0].price * 3)
  }
}
