import ComposableArchitecture
import Day2
import Foundation
import Testing
import TestSupport

/// Exercise 1: the promo list page, with the exercise's four tests.
@MainActor
@Suite struct PromoListTests {
  @Test func mocks() {
    #expect(
      PromoState.mocks(numberOfMocks: 2) == [
        PromoState(id: "1", title: "Discount Rp 10000", amount: 10_000, isSelected: false),
        PromoState(id: "2", title: "Discount Rp 20000", amount: 20_000, isSelected: false),
      ]
    )
    #expect(PromoState.mocks(numberOfMocks: -1) == [])
  }

  @Test func testDidLoad() {
    let testStore = TestStore(
      initialState: PromoListState(),
      reducer: promoListReducer,
      environment: .failing
    )
    testStore.environment.getPromoList = {
      Effect(value: PromoState.mocks(numberOfMocks: 2))
    }

    testStore.send(.didLoad)
    testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 2))) {
      $0.promos = IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 2))
    }
  }

  @Test func testFirstLoadWithPreselectedPromo() {
    let testStore = TestStore(
      initialState: PromoListState(selectedPromoId: "2"),
      reducer: promoListReducer,
      environment: .failing
    )
    testStore.environment.getPromoList = {
      Effect(value: PromoState.mocks(numberOfMocks: 2))
    }

    testStore.send(.didLoad)
    testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 2))) {
      $0.promos = IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 2))
      $0.promos[id: "2"]?.isSelected = true
    }
    #expect(testStore.state.selectedPromoState?.title == "Discount Rp 20000")
  }

  @Test func testTapPromo() {
    let testStore = TestStore(
      initialState: PromoListState(
        promos: IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 3))
      ),
      reducer: promoListReducer,
      environment: .failing
    )

    testStore.send(.promo(id: "2", action: .didTap)) {
      $0.promos[id: "2"]?.isSelected = true
    }
  }

  @Test func testTapFlow() {
    let testStore = TestStore(
      initialState: PromoListState(
        promos: IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 3))
      ),
      reducer: promoListReducer,
      environment: .failing
    )

    testStore.send(.promo(id: "3", action: .didTap)) {
      $0.promos[id: "3"]?.isSelected = true
    }
    testStore.send(.didTapUsePromo) {
      $0.selectedPromoId = "3"
    }
    #expect(testStore.state.selectedPromoState == PromoState(id: "3", title: "Discount Rp 30000", amount: 30_000, isSelected: true))
    testStore.send(.promo(id: "3", action: .didTap)) {
      $0.promos[id: "3"]?.isSelected = false
    }
    testStore.send(.didTapUsePromo) {
      $0.selectedPromoId = nil
    }
    #expect(testStore.state.selectedPromoState == nil)
  }

  @Test func tappingAnotherPromoDeselectsThePreviousOne() {
    let testStore = TestStore(
      initialState: PromoListState(
        promos: IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 3))
      ),
      reducer: promoListReducer,
      environment: .failing
    )
    testStore.send(.promo(id: "1", action: .didTap)) {
      $0.promos[id: "1"]?.isSelected = true
    }
    testStore.send(.promo(id: "3", action: .didTap)) {
      $0.promos[id: "1"]?.isSelected = false
      $0.promos[id: "3"]?.isSelected = true
    }
  }

  @Test func theMockEnvironmentDeliversTwentyPromosAfter250Milliseconds() async {
    let scheduler = DispatchQueue.test
    // The mock delays on `MainScheduler.instance`, the store's `mainQueue`.
    let testStore = withDependencies {
      $0.mainQueue = scheduler.eraseToAnyScheduler()
    } operation: {
      TestStore(
        initialState: PromoListState(),
        reducer: promoListReducer,
        environment: .mock
      )
    }
    testStore.send(.didLoad)
    await scheduler.advance(by: .milliseconds(249))
    await scheduler.advance(by: .milliseconds(1))
    testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 20))) {
      $0.promos = IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 20))
    }
  }

  @Test func theMockEnvironmentHasNotDeliveredBefore250Milliseconds() async {
    let scheduler = DispatchQueue.test
    await expectIssue(
      """
      Expected to receive the following action, but didn't:

        PromoListAction.receivePromoListResponse(
          [
            [0]: PromoState(
              id: "1",
              title: "Discount Rp 10000",
              amount: 10000,
              isSelected: false
            )
          ]
        )
      """
    ) {
      // The mock delays on `MainScheduler.instance`, the store's `mainQueue`.
      let testStore = withDependencies {
        $0.mainQueue = scheduler.eraseToAnyScheduler()
      } operation: {
        TestStore(
          initialState: PromoListState(),
          reducer: promoListReducer,
          environment: .mock
        )
      }
      testStore.send(.didLoad)
      await scheduler.advance(by: .milliseconds(249))
      testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 1)))
      // Deliver the promos so that the test store does not also report an unfinished effect.
      await scheduler.advance(by: .milliseconds(1))
      testStore.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 20))) {
        $0.promos = IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 20))
      }
    }
  }

  @Test func didLoadWithTheFailingEnvironmentFails() async {
    await expectIssue("Should not called getPromoList - A failing effect ran.") {
      let testStore = TestStore(
        initialState: PromoListState(),
        reducer: promoListReducer,
        environment: .failing
      )
      testStore.send(.didLoad)
    }
  }

  @Test func aWrongExpectationFails() async {
    await expectIssue(
      """
      A state change does not match expectation.

            PromoListState(
              selectedPromoId: nil,
              promos: [
                [0]: PromoState(…),
                [1]: PromoState(
                  id: "2",
                  title: "Discount Rp 20000",
                  amount: 20000,
          −       isSelected: true
          +       isSelected: false
                ),
                [2]: PromoState(
                  id: "3",
                  title: "Discount Rp 30000",
                  amount: 30000,
          −       isSelected: false
          +       isSelected: true
                )
              ]
            )

      (Expected: −, Actual: +)
      """
    ) {
      let testStore = TestStore(
        initialState: PromoListState(
          promos: IdentifiedArrayOf(uniqueElements: PromoState.mocks(numberOfMocks: 3))
        ),
        reducer: promoListReducer,
        environment: .failing
      )
      testStore.send(.promo(id: "3", action: .didTap)) {
        $0.promos[id: "2"]?.isSelected = true
      }
    }
  }
}
