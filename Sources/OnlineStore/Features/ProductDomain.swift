import ComposableArchitecture

/// A product cell: the product, and its add-to-cart button, scoped with `Scope`.
@Reducer
public struct ProductDomain {
  @ObservableState
  public struct State: Equatable, Hashable, Identifiable, Sendable {
    public let id: UUID
    public let product: Product
    public var addToCartState = AddToCartDomain.State()

    public init(id: UUID, product: Product, addToCartState: AddToCartDomain.State = AddToCartDomain.State()) {
      self.id = id
      self.product = product
      self.addToCartState = addToCartState
    }

    /// How many of the product are in the cart.
    public var count: Int {
      get { self.addToCartState.count }
      set { self.addToCartState.count = newValue }
    }
  }

  public enum Action: Equatable, Sendable {
    case addToCart(AddToCartDomain.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.addToCartState, action: \.addToCart) {
      AddToCartDomain()
    }
    Reduce { state, action in
      switch action {
      case .addToCart(.didTapPlusButton):
        return .none
      case .addToCart(.didTapMinusButton):
        // The button may count below zero; a product can't.
        state.count = max(0, state.count)
        return .none
      }
    }
  }
}
