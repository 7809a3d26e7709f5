import RxComposableArchitecture

// Seed 003, "ListStoreNode with SwitchCaseStoreNode": the cell types' state and action blocks,
// verbatim (the `AdsNode` view is UIKit/Texture, out of scope).

// Seed: "First, we create an enum to stored that different types of cell State."
struct AdsState: Equatable {
    var name: String
}

enum ItemCellType: Equatable, Identifiable {
    case promo(PromoState)
    case ads(AdsState)
    
    var id: String {
        switch self {
        case .promo(let promoState):
            return promoState.id
        case .ads(let adsState):
            return adsState.name
        }
    }
}

// Seed: "Then we create the simple the AdsAction and the AdsNode"
enum AdsAction: Equatable {
    case didTap
}
