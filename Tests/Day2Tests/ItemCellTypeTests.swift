import ComposableArchitecture
import Day2
import Foundation
import Testing
import TestSupport

/// "ListStoreNode with SwitchCaseStoreNode": the promo list with ads.
@MainActor
@Suite struct ItemCellTypeTests {
  static let six = PromoAdsListState(
    items: IdentifiedArrayOf(uniqueElements: ItemCellType.mocks(numberOfMocks: 6))
  )

  @Test func idIsThePromoIdOrTheAdName() {
    #expect(ItemCellType.promo(PromoState(id: "7", title: "t", amount: 1)).id == "7")
    #expect(ItemCellType.ads(AdsState(name: "Tokopedia Card")).id == "Tokopedia Card")
  }

  @Test func mocksPutAnAdAfterEveryThirdPromo() {
    let promos = PromoState.mocks(numberOfMocks: 6)
    #expect(
      ItemCellType.mocks(numberOfMocks: 6) == [
        .promo(promos[0]), .promo(promos[1]), .promo(promos[2]), .ads(AdsState(name: "Ads 1")),
        .promo(promos[3]), .promo(promos[4]), .promo(promos[5]), .ads(AdsState(name: "Ads 2")),
      ]
    )
    #expect(ItemCellType.mocks(numberOfMocks: 0) == [])
  }

  @Test func didLoadDeliversTheItemsAfter250Milliseconds() async {
    let scheduler = DispatchQueue.test
    // The mock delays on `MainScheduler.instance`, the store's `mainQueue`.
    let testStore = withDependencies {
      $0.mainQueue = scheduler.eraseToAnyScheduler()
    } operation: {
      TestStore(
        initialState: PromoAdsListState(selectedPromoId: "2"),
        reducer: promoAdsListReducer,
        environment: .mock
      )
    }
    testStore.send(.didLoad)
    await scheduler.advance(by: .milliseconds(250))
    testStore.receive(.receiveItems(ItemCellType.mocks(numberOfMocks: 20))) {
      $0.items = IdentifiedArrayOf(uniqueElements: ItemCellType.mocks(numberOfMocks: 20))
      var preselected = PromoState.mocks(numberOfMocks: 2)[1]
      preselected.isSelected = true
      $0.items[id: "2"] = .promo(preselected)
    }
    #expect(testStore.state.items.count == 26)
    #expect(testStore.state.selectedPromoState?.id == "2")
  }

  @Test func tappingPromosSelectsOneAtATime() {
    let testStore = TestStore(initialState: Self.six, reducer: promoAdsListReducer, environment: .failing)
    let promos = PromoState.mocks(numberOfMocks: 6)
    testStore.send(.item(id: "3", action: .promo(.didTap))) {
      $0.items[id: "3"] = .promo(PromoState(id: "3", title: promos[2].title, amount: promos[2].amount, isSelected: true))
    }
    testStore.send(.item(id: "5", action: .promo(.didTap))) {
      $0.items[id: "3"] = .promo(promos[2])
      $0.items[id: "5"] = .promo(PromoState(id: "5", title: promos[4].title, amount: promos[4].amount, isSelected: true))
    }
    testStore.send(.didTapUsePromo) {
      $0.selectedPromoId = "5"
    }
    #expect(testStore.state.selectedPromoState?.title == "Discount Rp 50000")
    testStore.send(.item(id: "5", action: .promo(.didTap))) {
      $0.items[id: "5"] = .promo(promos[4])
    }
    testStore.send(.didTapUsePromo) {
      $0.selectedPromoId = nil
    }
  }

  @Test func tappingAnAdIsTracked() {
    var trackSink = [String]()
    let testStore = TestStore(initialState: Self.six, reducer: promoAdsListReducer, environment: .failing)
    testStore.environment.trackEvent = { event in
      .fireAndForget { trackSink.append(event) }
    }
    testStore.send(.item(id: "Ads 2", action: .ads(.didTap)))
    #expect(trackSink == ["Tap ads: Ads 2"])
  }

  @Test func tappingAnAdWithTheFailingEnvironmentFails() async {
    await expectIssue("Should not call trackEvent - A failing effect ran.") {
      let testStore = TestStore(initialState: Self.six, reducer: promoAdsListReducer, environment: .failing)
      testStore.send(.item(id: "Ads 1", action: .ads(.didTap)))
    }
  }

  @Test func anAdActionSentToAPromoCellIsReported() async {
    await expectIssue(
      """
      A reducer pulled back from "Day2/ItemCellType.swift:142" received an action when child \
      state was unavailable. …

        Action:
          AdsAction.didTap

      This is generally considered an application logic error, and can happen for a few reasons:

      • The reducer for a particular case of state was combined with or run from another reducer \
      that set "AdsState" to another case before the reducer ran. Combine or run case-specific \
      reducers before reducers that may set their state to another case. This ensures that \
      case-specific reducers can handle their actions while their state is available.

      • An in-flight effect emitted this action when state was unavailable. While it may be \
      perfectly reasonable to ignore this action, you may want to cancel the associated effect \
      before state is set to another case, especially if it is a long-living effect.

      • This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent to a view store when state is non-"nil". In SwiftUI \
      applications, use "SwitchStore".
      """
    ) {
      let testStore = TestStore(initialState: Self.six, reducer: promoAdsListReducer, environment: .failing)
      testStore.send(.item(id: "1", action: .ads(.didTap)))
    }
  }

  @Test func theCasePathExtractsACellsPromo() {
    let cell = ItemCellType.promo(PromoState.mocks(numberOfMocks: 1)[0])
    #expect((/ItemCellType.promo).extract(from: cell)?.id == "1")
    #expect((/ItemCellType.ads).extract(from: cell) == nil)
  }
}
