import RxComposableArchitecture

// "Reducer.pullback", the parent: a page holding a product card. The card's reducer works on the
// card's domain; `pullback` turns it into a reducer on the page's domain (state through a key
// path, actions through a case path, environment through a function), so that it can be combined
// with the page's own reducer.

/// The pullback demo page.
public struct DemoPullbackState: Equatable, Sendable {
  public var information: String
  public var productCard: ProductCardState

  public init(information: String, productCard: ProductCardState) {
    self.information = information
    self.productCard = productCard
  }
}

public enum DemoPullbackAction: Equatable, Sendable {
  case didLoad
  case productCard(ProductCardAction)
}

/// The page's dependencies: everything the page and its card need. The best practice is that
/// the parent environment has all the child environment's properties.
public struct DemoPullbackEnvironment {
  public var route: (String) -> Effect<Never>
  public var trackEvent: (String) -> Effect<Never>

  public init(
    route: @escaping (String) -> Effect<Never>,
    trackEvent: @escaping (String) -> Effect<Never>
  ) {
    self.route = route
    self.trackEvent = trackEvent
  }

  /// Routing and tracking that do nothing.
  public static var mock: Self {
    Self(route: { _ in .none }, trackEvent: { _ in .none })
  }

  /// An environment for tests: each endpoint fails the test if it runs, until the test replaces
  /// it.
  public static var failing: Self {
    Self(
      route: { _ in .failing("Should not call route") },
      trackEvent: { _ in .failing("Should not call trackEvent") }
    )
  }
}

/// The page's own logic: tracking wishlist changes made in the card.
private let defaultReducer = Reducer<DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment> { state, action, env in
  switch action {
  case .didLoad:
    return .none
  case .productCard(.didTapWishlist):
    return env.trackEvent("Tracking wishlist to: \(state.productCard.isWishlist)")
      .fireAndForget()
  case .productCard:
    return .none
  }
}

/// The lesson's first version, discouraged: the card's environment is hard-coded to `.mock`.
///
/// Whatever environment the page is given, the card always gets its own, so a test can't control
/// it: with the page's `.failing` environment, tapping the card still passes.
public let demoPullbackReducerWithMockChild = Reducer<DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment>.combine(
  productCardReducer.pullback(
    state: \.productCard,
    action: /DemoPullbackAction.productCard,
    environment: { _ in
      .mock
    }
  ),
  defaultReducer
)

/// The page's reducer: the card's reducer pulled back, with its environment derived from the
/// page's, combined with the page's own.
///
/// With the page's `.failing` environment, tapping the card fails the test ("Should not call
/// route - A failing effect ran."), until the test provides a `route`.
public let demoPullbackReducer = Reducer<DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment>.combine(
  productCardReducer.pullback(
    state: \.productCard,
    action: /DemoPullbackAction.productCard,
    environment: { parentEnv in
      ProductCardEnvironment(route: parentEnv.route)
    }
  ),
  defaultReducer
)
