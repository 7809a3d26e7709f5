import ComposableArchitecture
import Day2
import Testing
import TestSupport

/// "Reducer.pullback": the product card and the page that embeds it (`DemoPullbackVCReducerTests`
/// in the lesson).
@MainActor
@Suite struct DemoPullbackTests {
  @Test func productCardOnItsOwn() {
    var routeSink = [String]()
    let testStore = TestStore(
      initialState: ProductCardState.mock,
      reducer: productCardReducer,
      environment: .failing
    )
    testStore.environment.route = { url in
      .fireAndForget { routeSink.append(url) }
    }
    testStore.send(.didTapWishlist) { $0.isWishlist = true }
    testStore.send(.didTap)
    #expect(routeSink == ["https://tokopedia.com/shop/iPad-Pro-13.3-inch"])
  }

  @Test func hardCodedChildEnvironmentHidesTheFailingEnvironment() {
    // The discouraged version passes although the card routes with a `.failing` environment.
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducerWithMockChild,
      environment: .failing
    )
    testStore.send(.productCard(.didTap))
  }

  @Test func derivedChildEnvironmentRunsTheFailingEffect() async {
    await expectIssue("Should not call route - A failing effect ran.") {
      let testStore = TestStore(
        initialState: DemoPullbackState(information: "", productCard: .mock),
        reducer: demoPullbackReducer,
        environment: .failing
      )
      testStore.send(.productCard(.didTap))
    }
  }

  @Test func testTapTheProduct() {
    var routeSink = [String]()
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducer,
      environment: .failing
    )

    testStore.environment.route = { url in
      .fireAndForget {
        routeSink.append(url)
      }
    }

    testStore.send(.productCard(.didTap))
    #expect(routeSink == [ProductCardState.mock.url])
  }

  @Test func hardCodedChildEnvironmentIgnoresTheTestsRoute() {
    // With the card's environment hard-coded, the route the test provides is never called.
    var routeSink = [String]()
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducerWithMockChild,
      environment: .failing
    )
    testStore.environment.route = { url in
      .fireAndForget { routeSink.append(url) }
    }
    testStore.send(.productCard(.didTap))
    #expect(routeSink == [])
  }

  @Test func wishlistTapIsTrackedByThePage() {
    var trackSink = [String]()
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducer,
      environment: .failing
    )
    testStore.environment.trackEvent = { event in
      .fireAndForget { trackSink.append(event) }
    }
    testStore.send(.productCard(.didTapWishlist)) {
      $0.productCard.isWishlist = true
    }
    testStore.send(.productCard(.didTapWishlist)) {
      $0.productCard.isWishlist = false
    }
    #expect(trackSink == ["Tracking wishlist to: true", "Tracking wishlist to: false"])
  }

  @Test func wishlistTapWithTheFailingEnvironmentFails() async {
    await expectIssue("Should not call trackEvent - A failing effect ran.") {
      let testStore = TestStore(
        initialState: DemoPullbackState(information: "", productCard: .mock),
        reducer: demoPullbackReducer,
        environment: .failing
      )
      testStore.send(.productCard(.didTapWishlist)) {
        $0.productCard.isWishlist = true
      }
    }
  }

  @Test func didLoadDoesNothing() {
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducer,
      environment: .failing
    )
    testStore.send(.didLoad)
  }

  @Test func theMockEnvironmentsDoNothing() {
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducer,
      environment: .mock
    )
    testStore.send(.productCard(.didTap))
    testStore.send(.productCard(.didTapWishlist)) {
      $0.productCard.isWishlist = true
    }
  }
}
