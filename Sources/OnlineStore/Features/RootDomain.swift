import ComposableArchitecture

/// The app: a tab view with the product list and the profile.
@Reducer
public struct RootDomain {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var selectedTab = Tab.products
    public var productListState = ProductListDomain.State()
    public var profileState = ProfileDomain.State()

    public init(
      selectedTab: Tab = .products,
      productListState: ProductListDomain.State = ProductListDomain.State(),
      profileState: ProfileDomain.State = ProfileDomain.State()
    ) {
      self.selectedTab = selectedTab
      self.productListState = productListState
      self.profileState = profileState
    }
  }

  /// The tabs of the app.
  public enum Tab: Equatable, Hashable, Sendable {
    case products
    case profile
  }

  public enum Action: Equatable, Sendable {
    case productList(ProductListDomain.Action)
    case profile(ProfileDomain.Action)
    case tabSelected(Tab)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.productListState, action: \.productList) {
      ProductListDomain()
    }
    Scope(state: \.profileState, action: \.profile) {
      ProfileDomain()
    }
    Reduce { state, action in
      switch action {
      case .productList, .profile:
        return .none
      case let .tabSelected(tab):
        state.selectedTab = tab
        return .none
      }
    }
  }
}
