import RxComposableArchitecture
import RxSwift

// Seed 003, "Exercise 1: Promo List Page": the lesson's state, action and reducer blocks,
// verbatim. `PromoState`, `PromoAction`, the environment and the mocks are not in the seed's
// text; they are reconstructed from the lesson's facts (lessons.md, "Exercise 1") and marked so.

// Reconstructed (lessons.md): the promo, its action, mocks and the page's environment.
struct PromoState: Equatable, HashDiffable {
    var id: String
    var title: String
    var amount: Int
    var isSelected: Bool = false

    static func mocks(numberOfMocks: Int) -> [PromoState] {
        guard numberOfMocks > 0 else { return [] }
        return (1...numberOfMocks).map {
            PromoState(id: "\($0)", title: "Discount Rp \($0 * 10_000)", amount: $0 * 10_000)
        }
    }
}

enum PromoAction: Equatable {
    case didTap
}

struct PromoListEnvironment {
    var getPromoList: () -> Effect<[PromoState]>
}

extension PromoListEnvironment {
    static let mock = PromoListEnvironment(
        getPromoList: {
            Effect(value: PromoState.mocks(numberOfMocks: 20))
                .delay(.milliseconds(250), scheduler: MainScheduler.instance)
                .eraseToEffect()
        }
    )

    static let failing = PromoListEnvironment(
        getPromoList: { Effect.failing("Should not called getPromoList") }
    )
}

// Seed: "First, we implement the State and Action"
struct PromoListState: Equatable {
    var selectedPromoId: String?
    
    var selectedPromoState: PromoState? {
        selectedPromoId.flatMap { promos[id: $0] }
    }
    
    var promos: IdentifiedArrayOf<PromoState> = []
}

enum PromoListAction: Equatable {
    case didLoad
    case receivePromoListResponse([PromoState])
    case promo(id: String, action: PromoAction)
    case didTapUsePromo
}

// Seed: "Next we implement the reducer"
let promoListReducer = Reducer<PromoListState, PromoListAction, PromoListEnvironment> { state, action, env in
    switch action {
    case .didLoad:
        return env.getPromoList()
            .map(PromoListAction.receivePromoListResponse)
    case let .receivePromoListResponse(promos):
        state.promos = IdentifiedArrayOf(promos)
        state.promos.mutateEach { promoState in
            promoState.isSelected = promoState.id == state.selectedPromoId
        }
        return .none
    case let .promo(id, .didTap):
        state.promos.mutateEach {
            if $0.id == id {
                $0.isSelected.toggle()
            } else {
                $0.isSelected = false
            }
        }
        return .none
    case .didTapUsePromo:
        state.selectedPromoId = state.promos.first(where: \.isSelected)?.id
        return .none
    }
}
