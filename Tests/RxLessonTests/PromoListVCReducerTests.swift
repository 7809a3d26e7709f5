import RxComposableArchitecture
import XCTest

// Seed 003, "Exercise 1: Promo List Page": the exercise's tests are not in the seed's text; they
// are reconstructed from the behaviour lessons.md lists ("The exercise's tests"), in the lesson's
// XCTest style: synchronous sends, the failing environment replaced per test.
final class PromoListVCReducerTests: XCTestCase {
    func testDidLoad() {
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
            $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 2))
        }
    }

    func testFirstLoadWithPreselectedPromo() {
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
            $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 2))
            $0.promos[id: "2"]?.isSelected = true
        }
    }

    func testTapPromo() {
        let testStore = TestStore(
            initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))),
            reducer: promoListReducer,
            environment: .failing
        )

        testStore.send(.promo(id: "2", action: .didTap)) {
            $0.promos[id: "2"]?.isSelected = true
        }
    }

    func testTapFlow() {
        let testStore = TestStore(
            initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))),
            reducer: promoListReducer,
            environment: .failing
        )

        testStore.send(.promo(id: "3", action: .didTap)) {
            $0.promos[id: "3"]?.isSelected = true
        }
        testStore.send(.didTapUsePromo) {
            $0.selectedPromoId = "3"
        }
        testStore.send(.promo(id: "3", action: .didTap)) {
            $0.promos[id: "3"]?.isSelected = false
        }
        testStore.send(.didTapUsePromo) {
            $0.selectedPromoId = nil
        }
    }
}
