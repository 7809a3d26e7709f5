import ComposableArchitecture
import Testing
import TestSupport

/// The "Reducer.pullback" section of the Day 2 lesson, replayed with the legacy API: a test store
/// created with a failing environment, whose environment the test then changes.
@MainActor
@Suite struct LegacyPullbackLessonTests {
  @Test func hardCodedChildEnvironmentHidesTheFailingEnvironment() {
    // The lesson's point, part one: with `environment: { _ in .mock }`, tapping the card never
    // reaches the failing `route`, and the test passes although it should not.
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducerWithMockChild,
      environment: .failing
    )
    testStore.send(.productCard(.didTap))
  }

  @Test func derivedChildEnvironmentRunsTheFailingEffect() async {
    // Part two: deriving the child environment from the parent's makes the test fail.
    await expectIssue("Should not call route - A failing effect ran.") {
      let testStore = TestStore(
        initialState: DemoPullbackState(information: "", productCard: .mock),
        reducer: demoPullbackReducer,
        environment: .failing
      )
      testStore.send(.productCard(.didTap))
    }
  }

  @Test func tapTheProduct() {
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

  @Test func tapWishlistTracksTheNewValue() {
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

  @Test func wishlistWithTheFailingEnvironmentFails() async {
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

  @Test func environmentChangesReachTheReducerOnTheNextAction() {
    var routeSink = [String]()
    let testStore = TestStore(
      initialState: DemoPullbackState(information: "", productCard: .mock),
      reducer: demoPullbackReducer,
      environment: DemoPullbackEnvironment(
        route: { url in .fireAndForget { routeSink.append("first: \(url)") } },
        trackEvent: { _ in .none }
      )
    )
    testStore.send(.productCard(.didTap))
    testStore.environment.route = { url in .fireAndForget { routeSink.append("second: \(url)") } }
    testStore.send(.productCard(.didTap))
    #expect(
      routeSink == [
        "first: \(ProductCardState.mock.url)",
        "second: \(ProductCardState.mock.url)",
      ]
    )
  }
}
