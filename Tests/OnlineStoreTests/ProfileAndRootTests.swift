import ComposableArchitecture
import OnlineStore
import Testing

/// The profile tab, and the root's tabs.
@MainActor
@Suite struct ProfileAndRootTests {
  @Test func fetchUserProfile() async {
    let store = TestStore(initialState: ProfileDomain.State()) { ProfileDomain() }
    await store.send(.fetchUserProfile) {
      $0.dataState = .loading
    }
    #expect(store.state.isLoading)
    await store.receive(.fetchUserProfileResponse(.success(.fixture))) {
      $0.dataState = .complete
      $0.profile = UserProfile(id: 1, email: "john@gmail.com", firstName: "john", lastName: "doe")
    }
    // A profile is fetched once.
    await store.send(.fetchUserProfile)
  }

  @Test func fetchUserProfileFailure() async {
    let store = TestStore(initialState: ProfileDomain.State()) {
      ProfileDomain()
    } withDependencies: {
      $0.apiClient = .failing
    }
    await store.send(.fetchUserProfile) {
      $0.dataState = .loading
    }
    await store.receive(\.fetchUserProfileResponse.failure) {
      $0.dataState = .complete
    }
    #expect(store.state.profile == .default)
  }

  @Test func rootSelectsTabsAndRunsBothFeatures() async {
    let store = TestStore(initialState: RootDomain.State()) {
      RootDomain()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.tabSelected(.profile)) {
      $0.selectedTab = .profile
    }
    await store.send(.profile(.fetchUserProfile)) {
      $0.profileState.dataState = .loading
    }
    await store.receive(\.profile.fetchUserProfileResponse.success) {
      $0.profileState.dataState = .complete
      $0.profileState.profile = .fixture
    }
    await store.send(.tabSelected(.products)) {
      $0.selectedTab = .products
    }
    await store.send(.productList(.fetchProducts)) {
      $0.productListState.dataLoadingStatus = .loading
    }
    await store.receive(\.productList.fetchProductsResponse.success) {
      $0.productListState.dataLoadingStatus = .success
      $0.productListState.productList = .rows(Product.fixtures)
    }
    await store.send(\.productList.product[id: UUID(19)].addToCart.didTapPlusButton) {
      $0.productListState.productList[id: UUID(19)]?.count = 1
    }
  }
}
