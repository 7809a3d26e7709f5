import ComposableArchitecture
import OnlineStore
import Testing

/// The cart, as OnlineStoreTCA's `CartListDomainTest` tests it: removing items updates the total,
/// and paying shows a confirmation, then a success or an error alert.
@MainActor
@Suite struct CartListDomainTests {
  @Test func removeItemFromCart() async {
    let store = TestStore(initialState: Self.twoItems) { CartListDomain() }
    await store.send(.cartItem(.element(id: UUID(0), action: .deleteCartItem(product: Product.sample[0])))) {
      $0.cartItems.remove(id: UUID(0))
    }
    await store.receive(.getTotalPrice) {
      $0.totalPrice = Product.sample[1].price * 2
    }
    #expect(store.state.totalPriceString == "$44.6")
  }

  @Test func removeAllItemsFromCartDisablesThePayButton() async {
    let store = TestStore(initialState: Self.twoItems) { CartListDomain() }
    await store.send(\.cartItem[id: UUID(0)].deleteCartItem, Product.sample[0]) {
      $0.cartItems.remove(id: UUID(0))
    }
    await store.receive(\.getTotalPrice) {
      $0.totalPrice = Product.sample[1].price * 2
    }
    await store.send(\.cartItem[id: UUID(1)].deleteCartItem, Product.sample[1]) {
      $0.cartItems = []
    }
    await store.receive(\.getTotalPrice) {
      $0.totalPrice = 0
      $0.isPayButtonDisable = true
    }
  }

  @Test func sendOrderSuccessfully() async {
    let store = TestStore(initialState: Self.twoItems) {
      CartListDomain()
    } withDependencies: {
      $0.apiClient.sendOrder = { _ in "Success" }
    }
    await store.send(.getTotalPrice) {
      $0.totalPrice = Product.sample[0].price * 2 + Product.sample[1].price * 2
    }
    await store.send(.didPressPayButton) {
      $0.alert = AlertState {
        TextState("Confirm your purchase")
      } actions: {
        ButtonState(action: .didConfirmPurchase) { TextState("Pay $264.5") }
        ButtonState(role: .cancel, action: .didCancelConfirmation) { TextState("Cancel") }
      } message: {
        TextState("Do you want to proceed with your purchase of $264.5?")
      }
    }
    await store.send(.alert(.presented(.didConfirmPurchase))) {
      $0.alert = nil
      $0.dataLoadingStatus = .loading
    }
    #expect(store.state.isRequestInProcess)
    await store.receive(.didReceivePurchaseResponse(.success("Success"))) {
      $0.dataLoadingStatus = .success
      $0.alert = AlertState {
        TextState("Thank you!")
      } actions: {
        ButtonState(action: .dismissSuccessAlert) { TextState("Done") }
        ButtonState(role: .cancel, action: .didCancelConfirmation) { TextState("Cancel") }
      } message: {
        TextState("Your order is in process.")
      }
    }
    await store.send(\.alert.dismissSuccessAlert) {
      $0.alert = nil
    }
  }

  @Test func sendOrderWithError() async {
    let store = TestStore(initialState: Self.twoItems) {
      CartListDomain()
    } withDependencies: {
      $0.apiClient = .failing
    }
    await store.send(.didPressPayButton) {
      $0.alert = .confirmationAlert(totalPriceString: "$0.0")
    }
    await store.send(\.alert.didConfirmPurchase) {
      $0.alert = nil
      $0.dataLoadingStatus = .loading
    }
    await store.receive(\.didReceivePurchaseResponse.failure) {
      $0.dataLoadingStatus = .error
      $0.alert = AlertState {
        TextState("Oops!")
      } actions: {
        ButtonState(action: .dismissErrorAlert) { TextState("Done") }
      } message: {
        TextState("Unable to send order, try again later.")
      }
    }
    await store.send(\.alert.dismissErrorAlert) {
      $0.alert = nil
    }
  }

  @Test func cancelTheConfirmation() async {
    let store = TestStore(initialState: Self.twoItems) { CartListDomain() }
    await store.send(.didPressPayButton) {
      $0.alert = .confirmationAlert(totalPriceString: "$0.0")
    }
    await store.send(\.alert.didCancelConfirmation) {
      $0.alert = nil
    }
    await store.send(.didPressPayButton) {
      $0.alert = .confirmationAlert(totalPriceString: "$0.0")
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func theOrderSentIsTheCartsItems() async {
    let sent = LockIsolated<[CartItem]>([])
    let store = TestStore(initialState: Self.twoItems) {
      CartListDomain()
    } withDependencies: {
      $0.apiClient.sendOrder = { items in
        sent.setValue(items)
        return "Status: 201"
      }
    }
    store.exhaustivity = .off
    await store.send(.didPressPayButton)
    await store.send(\.alert.didConfirmPurchase)
    await store.receive(\.didReceivePurchaseResponse.success, "Status: 201")
    #expect(sent.value == Self.twoItems.cartItems.map(\.cartItem))
  }

  /// Two backpacks and two t-shirts, before the cart has computed its total.
  static let twoItems = CartListDomain.State(
    cartItems: [
      CartItemDomain.State(id: UUID(0), cartItem: CartItem(product: Product.sample[0], quantity: 2)),
      CartItemDomain.State(id: UUID(1), cartItem: CartItem(product: Product.sample[1], quantity: 2)),
    ]
  )
}
