import RxComposableArchitecture

// "Reducer.pullback", the child: a product card, with its own state, actions, environment and
// reducer, which the pullback demo page embeds.

/// A product card.
public struct ProductCardState: Equatable, Sendable {
  public var id: Int
  public var name: String
  public var price: Int
  public var isWishlist: Bool
  /// Where tapping the card goes.
  public var url: String

  public init(id: Int, name: String, price: Int, isWishlist: Bool, url: String) {
    self.id = id
    self.name = name
    self.price = price
    self.isWishlist = isWishlist
    self.url = url
  }

  public static let mock = ProductCardState(
    id: 1,
    name: "iPad Pro 13.3 inch",
    price: 12_000_000,
    isWishlist: false,
    url: "https://tokopedia.com/shop/iPad-Pro-13.3-inch"
  )
}

public enum ProductCardAction: Equatable, Sendable {
  /// The card was tapped: go to the product's page.
  case didTap
  /// The heart was tapped: add to or remove from the wishlist.
  case didTapWishlist
}

/// The dependencies of a product card: only routing.
public struct ProductCardEnvironment {
  public var route: (String) -> Effect<Never>

  public init(route: @escaping (String) -> Effect<Never>) {
    self.route = route
  }

  /// Routing that goes nowhere.
  public static var mock: Self {
    Self(route: { _ in .none })
  }

  /// An environment for tests that expect the card not to route.
  public static var failing: Self {
    Self(route: { _ in .failing("Should not call route") })
  }
}

/// The product card's logic: routing on a tap, toggling the wishlist.
public let productCardReducer = Reducer<ProductCardState, ProductCardAction, ProductCardEnvironment> { state, action, env in
  switch action {
  case .didTap:
    return env.route(state.url)
      .fireAndForget()
  case .didTapWishlist:
    state.isWishlist.toggle()
    return .none
  }
}
