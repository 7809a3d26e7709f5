import RxComposableArchitecture
import RxSwift
import Testing

/// The module's behaviour beyond the lesson's own tests: the main scheduler resolved per test
/// store, the fork's failure texts, `store.subscribe`, and the lesson's other reducers.
@MainActor
@Suite struct RxRuntimeTests {
  @Test func mainSchedulerIsTheTestStoresScheduler() {
    let testStore = TestStore(
      initialState: PromoListState(),
      reducer: promoListReducer,
      environment: .mock
    )
    testStore.send(.didLoad)
    testStore.scheduler.advance(by: .milliseconds(249))
    testStore.advance(by: .milliseconds(1))
    testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 20))) {
      $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 20))
    }
  }

  @Test func eachTestStoreHasItsOwnMainScheduler() {
    let first = TestStore(
      initialState: CartPageState(), reducer: cartPageReducer, environment: .mockSuccess
    )
    let second = TestStore(
      initialState: CartPageState(), reducer: cartPageReducer, environment: .mockSuccess
    )
    first.send(.didLoad)
    second.send(.didLoad)
    first.advance(by: .seconds(1))
    first.receive(.receiveCartData(.success(ShopProductState.mocks))) {
      $0.products = IdentifiedArrayOf(ShopProductState.mocks)
    }
    #expect(first.state.totalPrice == 10_000_000 + 4_000_000 + 2 * 70_000)
    // The second store's scheduler has not moved: its response is still to come.
    second.advance(by: .seconds(1))
    second.receive(.receiveCartData(.success(ShopProductState.mocks))) {
      $0.products = IdentifiedArrayOf(ShopProductState.mocks)
    }
  }

  @Test func anAssertionThatChangesNothingFailsWithTheForksText() {
    let testStore = TestStore(
      initialState: PromoListState(),
      reducer: promoListReducer,
      environment: .failing
    )
    withKnownIssue {
      testStore.send(.didTapUsePromo) {
        $0.selectedPromoId = nil
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ]
    }
  }

  @Test func failingEnvironmentReportsTheForksText() {
    let testStore = TestStore(
      initialState: PromoListState(),
      reducer: promoListReducer,
      environment: .failing
    )
    withKnownIssue {
      testStore.send(.didLoad)
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Should not called getPromoList - A failing effect ran."]
    }
  }

  @Test func cartPageFailureAndProductActions() {
    let testStore = TestStore(
      initialState: CartPageState(products: IdentifiedArrayOf(ShopProductState.mocks)),
      reducer: cartPageReducer,
      environment: .mockFailed
    )
    testStore.send(.didLoad)
    testStore.receive(.receiveCartData(.failure(.serverError)))
    testStore.send(.product(id: 2, action: .didTapToggle)) {
      $0.products[id: 2]?.isActive = true
    }
    testStore.send(.product(id: 1, action: .didTapPlus)) {
      $0.products[id: 1]?.quantity = 2
    }
    testStore.send(.product(id: 10, action: .textDidChange("5"))) {
      $0.products[id: 10]?.quantity = 5
    }
    testStore.send(.product(id: 11, action: .didTapDelete)) {
      $0.products.remove(id: 11)
    }
    #expect(testStore.state.totalPrice == 2 * 10_000_000 + 2 * 20_000_000 + 4_000_000 + 5 * 70_000)
  }

  @Test func demoForEachLoadsAddsTogglesAndRemoves() {
    let testStore = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: .mock
    )
    testStore.send(.didLoad)
    testStore.receive(.receiveData(DemoItemState.mocks(numberOfMocks: 10))) {
      $0.stackData = IdentifiedArrayOf(DemoItemState.mocks(numberOfMocks: 10))
      $0.lastId = 10
    }
    testStore.send(.addItem) {
      $0.lastId = 11
      $0.stackData.append(DemoItemState(id: 11, text: "Data 11", isActive: true))
    }
    testStore.send(.child(id: 2, action: .toggle)) {
      $0.stackData[id: 2]?.isActive = false
    }
    testStore.send(.child(id: 3, action: .remove)) {
      $0.stackData.remove(id: 3)
    }
  }

  @Test func identifiedArrayDemoMatchesTheArray() {
    let (states, identifiedArrayStates) = identifiedArrayDemo()
    #expect(Array(identifiedArrayStates) == states)
    #expect(identifiedArrayStates[id: 2]?.isActive == false)
    #expect(identifiedArrayStates[id: 3] == nil)
  }

  @Test func itemCellTypeIdentifiesPromosAndAds() {
    let cells: IdentifiedArrayOf<ItemCellType> = [
      .promo(PromoState.mocks(numberOfMocks: 1)[0]), .ads(AdsState(name: "Ads 1")),
    ]
    #expect(cells.ids == ["1", "Ads 1"])
  }

  @Test func storeSubscribeSendsTheValueAndItsChanges() {
    let store = Store(
      initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 2))),
      reducer: promoListReducer,
      environment: .failing
    )
    var selected: [String?] = []
    let disposeBag = DisposeBag()
    store.subscribe(\.selectedPromoId)
      .subscribe(onNext: { selected.append($0) })
      .disposed(by: disposeBag)
    store.send(.promo(id: "1", action: .didTap))
    store.send(.didTapUsePromo)
    store.send(.didTapUsePromo)
    #expect(selected == [nil, "1"])
  }
}
