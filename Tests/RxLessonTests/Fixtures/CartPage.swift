import RxComposableArchitecture
import RxSwift

// Seed 003, "Exercise 2: Cart Page": the lesson's action, reducer and state blocks, verbatim
// but for one line (marked). `ShopProductState`, `NetworkError`, the environment and the mocks
// are not in the seed's text; they are reconstructed from the lesson's facts (lessons.md,
// "Exercise 2") and marked so.

// Reconstructed (lessons.md): the product, the error, the environment and its mocks.
struct ShopProductState: Equatable, HashDiffable {
    var id: Int
    var name: String
    var price: Int
    var quantity: Int
    var isActive: Bool
}

enum NetworkError: Error, Equatable {
    case serverError
}

struct CartPageEnvironment {
    var getCartData: () -> Effect<Result<[ShopProductState], NetworkError>>
}

extension ShopProductState {
    static let mocks: [ShopProductState] = [
        ShopProductState(id: 1, name: "iPhone 13", price: 10_000_000, quantity: 1, isActive: true),
        ShopProductState(id: 2, name: "iPhone 13 Pro Max", price: 20_000_000, quantity: 2, isActive: false),
        ShopProductState(id: 3, name: "iPhone X", price: 4_000_000, quantity: 1, isActive: true),
        ShopProductState(id: 10, name: "Book number 1", price: 70_000, quantity: 2, isActive: true),
        ShopProductState(id: 11, name: "Book number 2", price: 170_000, quantity: 1, isActive: false),
    ]
}

extension CartPageEnvironment {
    static let mockSuccess = CartPageEnvironment(
        getCartData: {
            Effect(value: .success(ShopProductState.mocks))
                .delay(.seconds(1), scheduler: MainScheduler.instance)
                .eraseToEffect()
        }
    )

    static let mockFailed = CartPageEnvironment(
        getCartData: { Effect(value: .failure(.serverError)) }
    )
}

// Seed: "let's jump in to the action and the reducer."
enum ShopProductAction: Equatable {
    case didTapToggle
    case didTapPlus
    case didTapMinus
    case didTapDelete
    case textDidChange(String)
}

// Seed: "Next as usual pattern, we create a `product` enum Action inside the `CartPageAction`."
enum CartPageAction: Equatable {
    case didLoad
    case receiveCartData(Result<[ShopProductState], NetworkError>)
    case product(id: Int, action: ShopProductAction)
}

// Seed: "Then we can implement the reducer:"
let cartPageReducer = Reducer<CartPageState, CartPageAction, CartPageEnvironment> { state, action, env in
    switch action {
    case .didLoad:
        return env.getCartData()
            .map(CartPageAction.receiveCartData)
    case let .receiveCartData(result):
        switch result {
        case let .success(products):
            state.products = IdentifiedArrayOf(products)
            return .none
        // The seed binds the error it ignores: `case let .failure(error):`, which warns that
        // `error` is never used. The pattern without the binding is the same case.
        case .failure:
            return .none
        }
    case let .product(id, .didTapToggle):
        state.products[id: id]?.isActive.toggle()
        return .none
    case let .product(id, .didTapPlus):
        state.products[id: id]?.quantity += 1
        return .none
    case let .product(id, .didTapMinus):
        state.products[id: id]?.quantity -= 1
        return .none
    case let .product(id, .didTapDelete):
        state.products.remove(id: id)
        return .none
    case let .product(id, .textDidChange(string)):
        state.products[id: id]?.quantity = Int(string) ?? 0
        return .none
    }
}

// Seed: "For the total price we can leverage the computed property."
struct CartPageState: Equatable {
    var products: IdentifiedArrayOf<ShopProductState> = []
    var totalPrice: Int {
        products.reduce(into: 0) { partialResult, state in
            if state.isActive {
                partialResult += (state.quantity * state.price)
            }
        }
    }
}
