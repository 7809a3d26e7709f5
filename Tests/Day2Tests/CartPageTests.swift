import ComposableArchitecture
import Day2
import Foundation
import Testing
import TestSupport

/// Exercise 2: the cart page.
@MainActor
@Suite struct CartPageTests {
  static let loaded = CartPageState(
    isLoading: false,
    products: IdentifiedArrayOf(uniqueElements: ShopProductState.mocks)
  )

  @Test func totalPriceCountsActiveProductsOnly() {
    // iPhone 13 (10_000_000 × 1) + iPhone X (4_000_000 × 1) + Book number 1 (70_000 × 2).
    #expect(Self.loaded.totalPrice == 14_140_000)
    #expect(CartPageState().totalPrice == 0)
  }

  @Test func didLoadReceivesTheCartAfterOneSecond() async {
    let scheduler = DispatchQueue.test
    // The mock delays on `MainScheduler.instance`, the store's `mainQueue`.
    let testStore = withDependencies {
      $0.mainQueue = scheduler.eraseToAnyScheduler()
    } operation: {
      TestStore(
        initialState: CartPageState(),
        reducer: cartPageReducer,
        environment: .mockSuccess
      )
    }
    testStore.send(.didLoad)
    await scheduler.advance(by: .seconds(1))
    testStore.receive(.receiveCartData(.success(ShopProductState.mocks))) {
      $0.isLoading = false
      $0.products = IdentifiedArrayOf(uniqueElements: ShopProductState.mocks)
    }
    #expect(testStore.state.totalPrice == 14_140_000)
  }

  @Test func didLoadFailure() async {
    let scheduler = DispatchQueue.test
    // The mock delays on `MainScheduler.instance`, the store's `mainQueue`.
    let testStore = withDependencies {
      $0.mainQueue = scheduler.eraseToAnyScheduler()
    } operation: {
      TestStore(
        initialState: CartPageState(),
        reducer: cartPageReducer,
        environment: .mockFailed
      )
    }
    testStore.send(.didLoad)
    await scheduler.advance(by: .seconds(1))
    testStore.receive(.receiveCartData(.failure(.serverError))) {
      $0.isLoading = false
      $0.networkError = .serverError
    }
  }

  @Test func reloadingAfterAFailureClearsTheError() {
    let testStore = TestStore(
      initialState: CartPageState(isLoading: false, networkError: .serverError),
      reducer: cartPageReducer,
      environment: .failing
    )
    testStore.environment.getCartData = { Effect(value: .success(ShopProductState.mocks)) }
    testStore.send(.didLoad) {
      $0.isLoading = true
      $0.networkError = nil
    }
    testStore.receive(.receiveCartData(.success(ShopProductState.mocks))) {
      $0.isLoading = false
      $0.products = IdentifiedArrayOf(uniqueElements: ShopProductState.mocks)
    }
  }

  @Test func didLoadWithTheFailingEnvironmentFails() async {
    await expectIssue("Should not call getCartData - A failing effect ran.") {
      let testStore = TestStore(
        initialState: CartPageState(),
        reducer: cartPageReducer,
        environment: .failing
      )
      testStore.send(.didLoad)
    }
  }

  @Test func toggleChangesTheTotal() {
    let testStore = TestStore(initialState: Self.loaded, reducer: cartPageReducer, environment: .failing)
    testStore.send(.product(id: 2, action: .didTapToggle)) {
      $0.products[id: 2]?.isActive = true
    }
    #expect(testStore.state.totalPrice == 54_140_000)
    testStore.send(.product(id: 1, action: .didTapToggle)) {
      $0.products[id: 1]?.isActive = false
    }
    #expect(testStore.state.totalPrice == 44_140_000)
  }

  @Test func plus() {
    let testStore = TestStore(initialState: Self.loaded, reducer: cartPageReducer, environment: .failing)
    testStore.send(.product(id: 10, action: .didTapPlus)) {
      $0.products[id: 10]?.quantity = 3
    }
    #expect(testStore.state.totalPrice == 14_210_000)
  }

  @Test func minus() {
    let testStore = TestStore(initialState: Self.loaded, reducer: cartPageReducer, environment: .failing)
    testStore.send(.product(id: 10, action: .didTapMinus)) {
      $0.products[id: 10]?.quantity = 1
    }
    #expect(testStore.state.totalPrice == 14_070_000)
    // The exercise's reducer does not stop at zero.
    testStore.send(.product(id: 10, action: .didTapMinus)) {
      $0.products[id: 10]?.quantity = 0
    }
    testStore.send(.product(id: 10, action: .didTapMinus)) {
      $0.products[id: 10]?.quantity = -1
    }
  }

  @Test func textChange() {
    let testStore = TestStore(initialState: Self.loaded, reducer: cartPageReducer, environment: .failing)
    testStore.send(.product(id: 3, action: .textDidChange("5"))) {
      $0.products[id: 3]?.quantity = 5
    }
    #expect(testStore.state.totalPrice == 30_140_000)
    testStore.send(.product(id: 3, action: .textDidChange("five"))) {
      $0.products[id: 3]?.quantity = 0
    }
    #expect(testStore.state.totalPrice == 10_140_000)
  }

  @Test func delete() {
    let testStore = TestStore(initialState: Self.loaded, reducer: cartPageReducer, environment: .failing)
    testStore.send(.product(id: 1, action: .didTapDelete)) {
      $0.products.remove(id: 1)
    }
    #expect(testStore.state.totalPrice == 4_140_000)
    testStore.send(.product(id: 11, action: .didTapDelete)) {
      $0.products.remove(id: 11)
    }
    #expect(testStore.state.products.ids == [2, 3, 10])
  }

  @Test func aWrongTotalExpectationIsCaught() async {
    await expectIssue(
      """
      A state change does not match expectation.

            CartPageState(
              isLoading: false,
              networkError: nil,
              products: [
                … (3 unchanged),
                [3]: ShopProductState(
                  id: 10,
                  name: "Book number 1",
                  price: 70000,
          −       quantity: 4,
          +       quantity: 3,
                  isActive: true
                ),
                [4]: ShopProductState(…)
              ]
            )

      (Expected: −, Actual: +)
      """
    ) {
      let testStore = TestStore(initialState: Self.loaded, reducer: cartPageReducer, environment: .failing)
      testStore.send(.product(id: 10, action: .didTapPlus)) {
        $0.products[id: 10]?.quantity = 4
      }
    }
  }
}
