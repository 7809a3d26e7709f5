import ComposableArchitecture

/// The list of products: fetching them, their add-to-cart buttons, and the cart, presented as a
/// sheet.
///
/// When an order has been paid and its success alert dismissed, every product's count goes back
/// to zero and the cart closes; deleting an item from the cart resets its product's count.
@Reducer
public struct ProductListDomain: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var dataLoadingStatus = DataLoadingStatus.notStarted
    @Presents public var cartState: CartListDomain.State?
    public var productList: IdentifiedArrayOf<ProductDomain.State> = []

    public init(
      dataLoadingStatus: DataLoadingStatus = .notStarted,
      cartState: CartListDomain.State? = nil,
      productList: IdentifiedArrayOf<ProductDomain.State> = []
    ) {
      self.dataLoadingStatus = dataLoadingStatus
      self.cartState = cartState
      self.productList = productList
    }

    /// Whether the products could not be fetched.
    public var shouldShowError: Bool {
      self.dataLoadingStatus == .error
    }

    /// Whether the products are being fetched.
    public var isLoading: Bool {
      self.dataLoadingStatus == .loading
    }

    /// Whether the cart sheet is open.
    public var shouldOpenCart: Bool {
      self.cartState != nil
    }
  }

  public enum Action: Equatable, Sendable {
    case cart(PresentationAction<CartListDomain.Action>)
    case closeCart
    case fetchProducts
    case fetchProductsResponse(TaskResult<[Product]>)
    case product(IdentifiedActionOf<ProductDomain>)
    case resetProduct(product: Product)
    case setCartView(isPresented: Bool)
  }

  @Dependency(\.apiClient.fetchProducts) var fetchProducts
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cart(.presented(.didPressCloseButton)):
        return self.closeCart(state: &state)
      case .cart(.presented(.alert(.presented(.dismissSuccessAlert)))):
        self.resetProductsToZero(state: &state)
        return .send(.closeCart)
      case let .cart(.presented(.cartItem(.element(_, .deleteCartItem(product))))):
        return .send(.resetProduct(product: product))
      case .cart:
        return .none
      case .closeCart:
        return self.closeCart(state: &state)
      case .fetchProducts:
        guard state.dataLoadingStatus != .success, state.dataLoadingStatus != .loading
        else { return .none }
        state.dataLoadingStatus = .loading
        return .run { send in
          await send(.fetchProductsResponse(TaskResult { try await self.fetchProducts() }))
        }
      case let .fetchProductsResponse(.success(products)):
        state.dataLoadingStatus = .success
        state.productList = IdentifiedArray(
          uniqueElements: products.map { ProductDomain.State(id: self.uuid(), product: $0) }
        )
        return .none
      case .fetchProductsResponse(.failure):
        state.dataLoadingStatus = .error
        return .none
      case .product:
        return .none
      case let .resetProduct(product):
        guard let id = state.productList.first(where: { $0.product.id == product.id })?.id
        else { return .none }
        state.productList[id: id]?.count = 0
        return .none
      case let .setCartView(isPresented):
        state.cartState = isPresented ? self.cart(of: state.productList) : nil
        return .none
      }
    }
    .forEach(\.productList, action: \.product) {
      ProductDomain()
    }
    .ifLet(\.$cartState, action: \.cart) {
      CartListDomain()
    }
  }

  /// A cart holding the products whose count is above zero.
  private func cart(of products: IdentifiedArrayOf<ProductDomain.State>) -> CartListDomain.State {
    CartListDomain.State(
      cartItems: IdentifiedArray(
        uniqueElements: products.filter { $0.count > 0 }.map {
          CartItemDomain.State(id: self.uuid(), cartItem: CartItem(product: $0.product, quantity: $0.count))
        }
      )
    )
  }

  private func closeCart(state: inout State) -> Effect<Action> {
    state.cartState = nil
    return .none
  }

  private func resetProductsToZero(state: inout State) {
    for id in state.productList.ids {
      state.productList[id: id]?.count = 0
    }
  }
}
