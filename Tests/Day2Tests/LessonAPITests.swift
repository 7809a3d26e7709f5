import Day2
import RxComposableArchitecture
import Testing

/// The Day 2 module is the lesson's code, written against RxComposableArchitecture: its reducers
/// and mocks run in the fork's `TestStore`, whose `MainScheduler.instance` is the test store's own
/// scheduler, as the lesson's tests would run them.
@MainActor
@Suite struct LessonAPITests {
  @Test func thePromoListMockDeliversTwentyPromosOnTheTestStoresScheduler() {
    let testStore = TestStore(
      initialState: PromoListState(),
      reducer: promoListReducer,
      environment: .mock
    )
    testStore.send(.didLoad)
    testStore.advance(by: .milliseconds(250))
    testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 20))) {
      $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 20))
    }
  }

  @Test func theCartMockDeliversAfterOneSecond() {
    let testStore = TestStore(
      initialState: CartPageState(),
      reducer: cartPageReducer,
      environment: .mockSuccess
    )
    testStore.send(.didLoad)
    testStore.scheduler.advance(by: .seconds(1))
    testStore.receive(.receiveCartData(.success(ShopProductState.mocks))) {
      $0.isLoading = false
      $0.products = IdentifiedArrayOf(ShopProductState.mocks)
    }
  }

  @Test func theLessonsModelsAreHashDiffable() {
    let promo = PromoState.mocks(numberOfMocks: 1)[0]
    #expect(promo.isEqual(to: promo))
    #expect(!promo.isEqual(to: PromoState(id: "1", title: promo.title, amount: promo.amount, isSelected: true)))
    #expect(ShopProductState.mocks[0].id == 1)
  }

  @Test func mutateEachVisitsEveryElementInOrder() {
    var numbers = [1, 2, 3]
    var visited: [Int] = []
    numbers.mutateEach {
      visited.append($0)
      $0 *= 10
    }
    #expect(numbers == [10, 20, 30])
    #expect(visited == [1, 2, 3])
  }
}
