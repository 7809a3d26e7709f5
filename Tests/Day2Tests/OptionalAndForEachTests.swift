import ComposableArchitecture
import Day2
import Testing
import TestSupport

/// "Reducer.optional" (the wishlist bottom sheet) and "Reducer.forEach" (a list of counters).
@MainActor
@Suite struct OptionalAndForEachTests {
  // MARK: - Reducer.optional

  @Test func theSheetRunsTheCardWhileOpen() {
    var routeSink = [String]()
    let testStore = TestStore(
      initialState: WishlistSheetState(),
      reducer: wishlistSheetReducer,
      environment: .failing
    )
    testStore.environment.route = { url in .fireAndForget { routeSink.append(url) } }

    testStore.send(.showSheet(.mock)) {
      $0.sheet = .mock
    }
    testStore.send(.sheet(.didTap))
    #expect(routeSink == [ProductCardState.mock.url])
    // The card toggles its wishlist first; then the page records it and closes the sheet.
    testStore.send(.sheet(.didTapWishlist)) {
      $0.wishlistIds = [1]
      $0.sheet = nil
    }
  }

  @Test func removingFromTheWishlist() {
    var product = ProductCardState.mock
    product.isWishlist = true
    let testStore = TestStore(
      initialState: WishlistSheetState(sheet: product, wishlistIds: [1]),
      reducer: wishlistSheetReducer,
      environment: .failing
    )
    testStore.send(.sheet(.didTapWishlist)) {
      $0.wishlistIds = []
      $0.sheet = nil
    }
  }

  @Test func dismissingTheSheet() {
    let testStore = TestStore(
      initialState: WishlistSheetState(sheet: .mock),
      reducer: wishlistSheetReducer,
      environment: .failing
    )
    testStore.send(.dismissSheet) {
      $0.sheet = nil
    }
  }

  @Test func routingFromTheSheetWithTheFailingEnvironmentFails() async {
    await expectIssue("Should not call route - A failing effect ran.") {
      let testStore = TestStore(
        initialState: WishlistSheetState(sheet: .mock),
        reducer: wishlistSheetReducer,
        environment: .failing
      )
      testStore.send(.sheet(.didTap))
    }
  }

  @Test func aCardActionWhileTheSheetIsClosedIsReported() async {
    await expectIssue(
      """
      An "optional" reducer at "Day2/OptionalChild.swift:56" received an action when state was \
      "nil". …

        Action:
          ProductCardAction.didTapWishlist

      This is generally considered an application logic error, and can happen for a few reasons:

      • The optional reducer was combined with or run from another reducer that set \
      "ProductCardState" to "nil" before the optional reducer ran. Combine or run optional \
      reducers before reducers that can set their state to "nil". This ensures that optional \
      reducers can handle their actions while their state is still non-"nil".

      • An in-flight effect emitted this action while state was "nil". While it may be perfectly \
      reasonable to ignore this action, you may want to cancel the associated effect before state \
      is set to "nil", especially if it is a long-living effect.

      • This action was sent to the store while state was "nil". Make sure that actions for this \
      reducer can only be sent to a view store when state is non-"nil". In SwiftUI applications, \
      use "IfLetStore".
      """
    ) {
      let testStore = TestStore(
        initialState: WishlistSheetState(),
        reducer: wishlistSheetReducer,
        environment: .failing
      )
      testStore.send(.sheet(.didTapWishlist))
    }
  }

  // MARK: - Reducer.forEach

  @Test func aListOfCounters() {
    let testStore = TestStore(initialState: CounterListState(), reducer: counterListReducer, environment: ())
    testStore.send(.addRow) {
      $0.rows = [CounterRowState(id: 1)]
      $0.nextId = 2
    }
    testStore.send(.addRow) {
      $0.rows.append(CounterRowState(id: 2))
      $0.nextId = 3
    }
    testStore.send(.row(id: 2, action: .counter(.didTapPlus))) {
      $0.rows[id: 2]?.counter.count = 1
    }
    testStore.send(.row(id: 1, action: .counter(.textDidChange("10")))) {
      $0.rows[id: 1]?.counter.count = 10
    }
    testStore.send(.row(id: 1, action: .counter(.didTapMinus))) {
      $0.rows[id: 1]?.counter.count = 9
    }
    #expect(testStore.state.totalCount == 10)
    testStore.send(.row(id: 1, action: .remove)) {
      $0.rows.remove(id: 1)
    }
    #expect(testStore.state.totalCount == 1)
    testStore.send(.addRow) {
      $0.rows.append(CounterRowState(id: 3))
      $0.nextId = 4
    }
  }

  @Test func aCounterActionForAMissingRowIsReported() async {
    await expectIssue(
      """
      A "forEach" reducer at "Day2/ForEachList.swift:57" received an action when state \
      contained no element with that id. …

        Action:
          CounterRowAction.counter(.didTapPlus)
        ID:
          5

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
      let testStore = TestStore(initialState: CounterListState(), reducer: counterListReducer, environment: ())
      testStore.send(.row(id: 5, action: .counter(.didTapPlus)))
    }
  }
}
