import RxComposableArchitecture
import RxSwift

// Exercise 2: Cart Page.
//
// The cart's products are loaded when the page appears. Each product can be toggled (only active
// products count towards the total), removed, and have its quantity changed with "-", "+" or by
// typing it. The total price is computed from the products.

/// One product in the cart.
public struct ShopProductState: Equatable, HashDiffable, Sendable {
  public var id: Int
  public var name: String
  public var price: Int
  public var quantity: Int
  /// Whether the product is checked, so that it counts towards the total price.
  public var isActive: Bool

  public init(id: Int, name: String, price: Int, quantity: Int, isActive: Bool) {
    self.id = id
    self.name = name
    self.price = price
    self.quantity = quantity
    self.isActive = isActive
  }

  /// The cart the mock server returns: three phones and two books, two of them unchecked.
  public static let mocks: [ShopProductState] = [
    ShopProductState(id: 1, name: "iPhone 13", price: 10_000_000, quantity: 1, isActive: true),
    ShopProductState(id: 2, name: "iPhone 13 Pro Max", price: 20_000_000, quantity: 2, isActive: false),
    ShopProductState(id: 3, name: "iPhone X", price: 4_000_000, quantity: 1, isActive: true),
    ShopProductState(id: 10, name: "Book number 1", price: 70_000, quantity: 2, isActive: true),
    ShopProductState(id: 11, name: "Book number 2", price: 170_000, quantity: 1, isActive: false),
  ]
}

/// What the user can do on a product row.
public enum ShopProductAction: Equatable, Sendable {
  case didTapToggle
  case didTapPlus
  case didTapMinus
  case didTapDelete
  case textDidChange(String)
}

/// An error of the cart's network request.
public enum NetworkError: Error, Equatable, Sendable {
  case serverError
}

/// The cart page.
public struct CartPageState: Equatable, Sendable {
  public var isLoading = true
  public var networkError: NetworkError?
  public var products: IdentifiedArrayOf<ShopProductState> = []

  /// The sum of `quantity * price` of the active products.
  public var totalPrice: Int {
    products.reduce(into: 0) { partialResult, state in
      if state.isActive {
        partialResult += (state.quantity * state.price)
      }
    }
  }

  public init(
    isLoading: Bool = true,
    networkError: NetworkError? = nil,
    products: IdentifiedArrayOf<ShopProductState> = []
  ) {
    self.isLoading = isLoading
    self.networkError = networkError
    self.products = products
  }
}

public enum CartPageAction: Equatable, Sendable {
  case didLoad
  case receiveCartData(Result<[ShopProductState], NetworkError>)
  /// An action of the product with the given id.
  case product(id: Int, action: ShopProductAction)
}

/// The dependencies of the cart page.
public struct CartPageEnvironment {
  public var getCartData: () -> Effect<Result<[ShopProductState], NetworkError>>

  public init(getCartData: @escaping () -> Effect<Result<[ShopProductState], NetworkError>>) {
    self.getCartData = getCartData
  }

  /// A server that returns ``ShopProductState/mocks`` one second after the request, on the main
  /// scheduler (the `mainQueue` of the store running the reducer).
  public static var mockSuccess: Self {
    Self(
      getCartData: {
        Effect(value: .success(ShopProductState.mocks))
          .delay(.seconds(1), scheduler: MainScheduler.instance)
          .eraseToEffect()
      }
    )
  }

  /// A server that fails with ``NetworkError/serverError`` one second after the request, on the
  /// main scheduler.
  public static var mockFailed: Self {
    Self(
      getCartData: {
        Effect(value: .failure(.serverError))
          .delay(.seconds(1), scheduler: MainScheduler.instance)
          .eraseToEffect()
      }
    )
  }

  /// An environment for tests that expect `getCartData` not to be called.
  public static var failing: Self {
    Self(getCartData: { .failing("Should not call getCartData") })
  }
}

/// The cart page's reducer, as the exercise writes it: the page handles its product rows'
/// actions itself. ``cartPageCounterReducer`` is the same feature with the quantity logic moved
/// to a reusable ``counterReducer``.
public let cartPageReducer = Reducer<CartPageState, CartPageAction, CartPageEnvironment> { state, action, env in
  switch action {
  case .didLoad:
    state.isLoading = true
    state.networkError = nil
    return env.getCartData()
      .map(CartPageAction.receiveCartData)
  case let .receiveCartData(result):
    state.isLoading = false
    switch result {
    case let .success(products):
      state.products = IdentifiedArrayOf(products)
      return .none
    case let .failure(error):
      state.networkError = error
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
