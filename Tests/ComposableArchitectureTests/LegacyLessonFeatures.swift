import ComposableArchitecture

// The "Day 2: The Rest of TCA" lesson's features, written against the 0.x API as the lesson
// writes them (with `AnyReducer` for the lesson's `Reducer<State, Action, Environment>`), for the
// legacy API's tests.

// MARK: - Pullback demo: a product card inside a page

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

  static var mock: Self {
    Self(route: { _ in .none })
  }
}

let productCardReducer = AnyReducer<ProductCardState, ProductCardAction, ProductCardEnvironment> {
  state, action, env in
  switch action {
  case .didTap:
    return env.route(state.url)
      .fireAndForget()
  case .didTapWishlist:
    state.isWishlist.toggle()
    return .none
  }
}

struct DemoPullbackState: Equatable {
  var information: String
  var productCard: ProductCardState
}

enum DemoPullbackAction: Equatable {
  case didLoad
  case productCard(ProductCardAction)
}

struct DemoPullbackEnvironment {
  var route: (String) -> Effect<Never>
  var trackEvent: (String) -> Effect<Never>

  static var failing: Self {
    Self(
      route: { _ in .failing("Should not call route") },
      trackEvent: { _ in .failing("Should not call trackEvent") }
    )
  }
}

private let defaultReducer = AnyReducer<
  DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment
> { state, action, env in
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

/// The lesson's first version: the child environment is hard-coded to `.mock`, so the parent's
/// environment (a failing one, in tests) never reaches the product card.
let demoPullbackReducerWithMockChild = AnyReducer<
  DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment
>.combine(
  productCardReducer.pullback(
    state: \.productCard,
    action: /DemoPullbackAction.productCard,
    environment: { _ in
      .mock
    }
  ),
  defaultReducer
)

/// The lesson's fix: the child environment is derived from the parent's.
let demoPullbackReducer = AnyReducer<
  DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment
>.combine(
  productCardReducer.pullback(
    state: \.productCard,
    action: /DemoPullbackAction.productCard,
    environment: { parentEnv in
      ProductCardEnvironment(route: parentEnv.route)
    }
  ),
  defaultReducer
)

// MARK: - ForEach demo: a list of items

struct DemoItemState: Equatable, Identifiable {
  var id: Int
  var text: String
  var isActive: Bool

  static func mocks(numberOfMocks: Int) -> [DemoItemState] {
    (1...numberOfMocks).map { DemoItemState(id: $0, text: "Data \($0)", isActive: true) }
  }
}

enum DemoItemAction: Equatable {
  case toggle
  case remove
}

enum DemoForEachAction: Equatable {
  case didLoad
  case shuffle
  case addItem
  case child(id: Int, action: DemoItemAction)

  /// Side Effect
  case receiveData([DemoItemState])
}

struct DemoForEachState: Equatable {
  var stackData: IdentifiedArrayOf<DemoItemState> = []
  var lastId: Int = 0
}

struct DemoForEachEnvironment {
  var loadData: () -> Effect<[DemoItemState]>
}

/// The item's own logic, run for each element by `forEach`; removing is the list's business.
let demoItemReducer = AnyReducer<DemoItemState, DemoItemAction, Void> { state, action, _ in
  switch action {
  case .toggle:
    state.isActive.toggle()
    return .none
  case .remove:
    return .none
  }
}

let demoForEachReducer = AnyReducer<DemoForEachState, DemoForEachAction, DemoForEachEnvironment>
  .combine(
    demoItemReducer.forEach(
      state: \.stackData,
      action: /DemoForEachAction.child,
      environment: { _ in () }
    ),
    AnyReducer { state, action, env in
      switch action {
      case .didLoad:
        return env.loadData()
          .map { DemoForEachAction.receiveData($0) }
          .eraseToEffect()
      case let .receiveData(data):
        state.stackData = IdentifiedArray(uniqueElements: data)
        state.lastId = data.count
        return .none
      case .shuffle:
        state.stackData.shuffle()
        return .none
      case .addItem:
        state.lastId += 1
        state.stackData.append(
          DemoItemState(id: state.lastId, text: "Data \(state.lastId)", isActive: true)
        )
        return .none
      case let .child(id, .remove):
        state.stackData.remove(id: id)
        return .none
      case .child:
        return .none
      }
    }
  )
