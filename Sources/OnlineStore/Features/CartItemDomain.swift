import ComposableArchitecture

/// A row of the cart: an item, and a button to delete it.
///
/// Deleting is the cart's business (``CartListDomain`` removes the row and updates the total)
/// and the product list's (``ProductListDomain`` resets the product's count), so the row itself
/// does nothing.
@Reducer
public struct CartItemDomain {
  @ObservableState
  public struct State: Equatable, Hashable, Identifiable, Sendable {
    public let id: UUID
    public let cartItem: CartItem

    public init(id: UUID, cartItem: CartItem) {
      self.id = id
      self.cartItem = cartItem
    }
  }

  public enum Action: Equatable, Sendable {
    case deleteCartItem(product: Product)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .deleteCartItem:
        return .none
      }
    }
  }
}
