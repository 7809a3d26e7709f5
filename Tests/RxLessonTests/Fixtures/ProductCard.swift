import RxComposableArchitecture

// Seed 003, "Reducer.pullback": the card's reducer block, verbatim. The card's state, action and
// environment are not in the seed's text; they are reconstructed from the lesson's facts
// (lessons.md, "Pullback") and marked so.

// Reconstructed (lessons.md): the product card's domain.
struct ProductCardState: Equatable {
    var id: Int
    var name: String
    var price: Int
    var isWishlist: Bool
    var url: String

    static let mock = ProductCardState(
        id: 1,
        name: "iPad Pro 13.3 inch",
        price: 12_000_000,
        isWishlist: false,
        url: "https://tokopedia.com/shop/iPad-Pro-13.3-inch"
    )
}

enum ProductCardAction: Equatable {
    case didTap
    case didTapWishlist
}

struct ProductCardEnvironment {
    var route: (String) -> Effect<Never>

    static let mock = ProductCardEnvironment(route: { _ in .none })
}

// Seed: "First, we create new `productCardReducer` that encapsulate all logic related to product
// card."
let productCardReducer = Reducer<ProductCardState, ProductCardAction, ProductCardEnvironment> { state, action, env in
    switch action {
    case .didTap:
        return env.route(state.url)
            .fireAndForget()
    case .didTapWishlist:
        state.isWishlist.toggle()
        return .none
    }
}
