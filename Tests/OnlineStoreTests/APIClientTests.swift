import ComposableArchitecture
import OnlineStore
import Testing
import TestSupport

/// The API client's fixture, failing and slow values. (Not on the main actor: the slow client's
/// request runs in a task of its own, which a busy main actor would hold up.)
@Suite struct APIClientTests {
  @Test func theFixtureServesTheStoresProducts() async throws {
    let products = try await APIClient.fixture.fetchProducts()
    #expect(products.count == 20)
    #expect(products.map(\.id) == Array(1...20))
    #expect(
      products[0]
        == Product(
          id: 1,
          title: "Fjallraven - Foldsack No. 1 Backpack, Fits 15 Laptops",
          price: 109.95,
          description: """
            Your perfect pack for everyday use and walks in the forest. Stash your laptop (up to 15 \
            inches) in the padded sleeve, your everyday
            """,
          category: "men's clothing",
          imageString: "https://fakestoreapi.com/img/81fPKd-2AYL._AC_SL1500_.jpg"
        )
    )
    #expect(products[13].title == "Samsung 49-Inch CHG90 144Hz Curved Gaming Monitor (LC49HG90DMNXZA)")
    #expect(products[13].price == 999.99)
    #expect(Set(products.map(\.category)) == ["men's clothing", "jewelery", "electronics", "women's clothing"])
    #expect(Product.fixtures == products)
    #expect(Product.sample == Array(products.prefix(3)))
  }

  @Test func theFixtureServesTheStoresUserAndAcceptsOrders() async throws {
    #expect(
      try await APIClient.fixture.fetchUserProfile()
        == UserProfile(id: 1, email: "john@gmail.com", firstName: "john", lastName: "doe")
    )
    #expect(try await APIClient.fixture.sendOrder([CartItem(product: Product.sample[0], quantity: 1)]) == "Status: 200")
  }

  @Test func theFailingClientFailsEveryRequest() async {
    await #expect(throws: APIClient.Failure()) { try await APIClient.failing.fetchProducts() }
    await #expect(throws: APIClient.Failure()) { try await APIClient.failing.sendOrder([]) }
    await #expect(throws: APIClient.Failure()) { try await APIClient.failing.fetchUserProfile() }
  }

  @Test func theSlowClientAnswersTwoSecondsLaterOnTheClock() async throws {
    let clock = TestClock()
    let answered = LockIsolated(false)
    let task = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        let profile = try await APIClient.slow.fetchUserProfile()
        answered.setValue(true)
        return profile
      }
    }
    await clock.waitForSleep()
    await clock.advance(by: .seconds(1))
    #expect(answered.value == false)
    await clock.advance(by: .seconds(1))
    #expect(try await task.value == .fixture)
    #expect(answered.value)
  }

  @Test func testsAndPreviewsUseTheFixture() async throws {
    let previewProfile = try await withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.apiClient) var apiClient
      return try await apiClient.fetchUserProfile()
    }
    #expect(previewProfile == .fixture)
    @Dependency(\.apiClient) var apiClient
    #expect(try await apiClient.fetchProducts() == Product.fixtures)
  }
}
