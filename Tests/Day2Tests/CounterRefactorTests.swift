import ComposableArchitecture
import Day2
import Foundation
import Testing
import TestSupport

/// The "Refactor CounterNode" exercise: the counter's own reducer, reused by the cart's rows.
@MainActor
@Suite struct CounterRefactorTests {
  @Test func counterOnItsOwn() {
    let testStore = TestStore(initialState: CounterState(), reducer: counterReducer, environment: ())
    testStore.send(.didTapPlus) { $0.count = 1 }
    testStore.send(.didTapPlus) { $0.count = 2 }
    testStore.send(.didTapMinus) { $0.count = 1 }
    testStore.send(.textDidChange("42")) { $0.count = 42 }
    testStore.send(.textDidChange("4x2")) { $0.count = 0 }
  }

  @Test func theCounterCasePathMapsTheCounterActions() {
    let counter = ShopProductAction.counter
    #expect(counter.extract(from: .didTapPlus) == .didTapPlus)
    #expect(counter.extract(from: .didTapMinus) == .didTapMinus)
    #expect(counter.extract(from: .textDidChange("3")) == .textDidChange("3"))
    #expect(counter.extract(from: .didTapToggle) == nil)
    #expect(counter.extract(from: .didTapDelete) == nil)
    #expect(counter.embed(.textDidChange("3")) == .textDidChange("3"))
  }

  @Test func theProductRowReusesTheCounter() {
    let testStore = TestStore(
      initialState: ShopProductState.mocks[0],
      reducer: shopProductReducer,
      environment: ()
    )
    testStore.send(.didTapPlus) { $0.quantity = 2 }
    testStore.send(.didTapMinus) { $0.quantity = 1 }
    testStore.send(.textDidChange("7")) { $0.quantity = 7 }
    testStore.send(.didTapToggle) { $0.isActive = false }
    // Deleting is the cart's business: the row alone changes nothing.
    testStore.send(.didTapDelete)
    #expect(testStore.state.counter == CounterState(count: 7))
  }

  @Test func theRefactoredCartBehavesAsTheOriginal() async {
    let scheduler = DispatchQueue.test
    let actions: [CartPageAction] = [
      .product(id: 10, action: .didTapPlus),
      .product(id: 10, action: .didTapMinus),
      .product(id: 10, action: .didTapMinus),
      .product(id: 3, action: .textDidChange("5")),
      .product(id: 3, action: .textDidChange("x")),
      .product(id: 2, action: .didTapToggle),
      .product(id: 1, action: .didTapDelete),
    ]
    var original = CartPageState()
    var refactored = CartPageState()
    let environment = CartPageEnvironment.failing
    _ = cartPageReducer.run(&original, .receiveCartData(.success(ShopProductState.mocks)), environment)
    _ = cartPageCounterReducer.run(&refactored, .receiveCartData(.success(ShopProductState.mocks)), environment)
    #expect(refactored == original)
    for action in actions {
      _ = cartPageReducer.run(&original, action, environment)
      _ = cartPageCounterReducer.run(&refactored, action, environment)
      #expect(refactored == original, "after \(action)")
    }
    #expect(refactored.products.ids == [2, 3, 10, 11])
    #expect(refactored.totalPrice == 40_070_000)

    // The mock delays on `MainScheduler.instance`, the store's `mainQueue`.
    let testStore = withDependencies {
      $0.mainQueue = scheduler.eraseToAnyScheduler()
    } operation: {
      TestStore(
        initialState: CartPageState(),
        reducer: cartPageCounterReducer,
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

  @Test func theRefactoredCartInTestStoreSteps() async {
    let scheduler = DispatchQueue.test
    // The mock delays on `MainScheduler.instance`, the store's `mainQueue`.
    let testStore = withDependencies {
      $0.mainQueue = scheduler.eraseToAnyScheduler()
    } operation: {
      TestStore(
        initialState: CartPageState(),
        reducer: cartPageCounterReducer,
        environment: .mockSuccess
      )
    }
    testStore.send(.didLoad)
    await scheduler.advance(by: .seconds(1))
    testStore.receive(.receiveCartData(.success(ShopProductState.mocks))) {
      $0.isLoading = false
      $0.products = IdentifiedArrayOf(uniqueElements: ShopProductState.mocks)
    }
    testStore.send(.product(id: 1, action: .didTapPlus)) {
      $0.products[id: 1]?.quantity = 2
    }
    testStore.send(.product(id: 1, action: .didTapToggle)) {
      $0.products[id: 1]?.isActive = false
    }
    testStore.send(.product(id: 11, action: .didTapDelete)) {
      $0.products.remove(id: 11)
    }
    #expect(testStore.state.totalPrice == 4_140_000)
  }

  @Test func aRowActionForAMissingProductIsReported() async {
    await expectIssue(
      """
      A "forEach" reducer at "Day2/CounterRefactor.swift:94" received an action when state \
      contained no element with that id. …

        Action:
          ShopProductAction.didTapPlus
        ID:
          99

      This is generally considered an application logic error, and can happen for a few reasons:

      • This "forEach" reducer was combined with or run from another reducer that removed the \
      element at this id when it handled this action. To fix this make sure that this "forEach" \
      reducer is run before any other reducers that can move or remove elements from state. This \
      ensures that "forEach" reducers can handle their actions for the element at the intended id.

      • An in-flight effect emitted this action while state contained no element at this id. It \
      may be perfectly reasonable to ignore this action, but you also may want to cancel the \
      effect it originated from when removing an element from the identified array, especially if \
      it is a long-living effect.

      • This action was sent to the store while its state contained no element at this id. To fix \
      this make sure that actions for this reducer can only be sent to a view store when its \
      state contains an element at this id. In SwiftUI applications, use "ForEachStore".
      """
    ) {
      let testStore = TestStore(
        initialState: CartPageState(isLoading: false),
        reducer: cartPageCounterReducer,
        environment: .failing
      )
      testStore.send(.product(id: 99, action: .didTapPlus))
    }
  }
}
