import RxComposableArchitecture
import XCTest

// Seed 003, "Reducer.pullback": the lesson's test of the card's tap, in its last form ("Let's
// implement the `route` in the environment and assert it with the help of `routeSink`."),
// verbatim, in the lesson's XCTest style.
final class DemoPullbackVCReducerTests: XCTestCase {
func testTapTheProduct() {
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
    XCTAssertEqual(routeSink, [ProductCardState.mock.url])
}
}

/// Seed 003, "Reducer.pullback": the lesson's test after "Let's change back the implementation",
/// before it provides a `route`: it fails on purpose ("❌ Should not call route - A failing effect
/// ran."). Not an `XCTestCase`: `PullbackStagesTests` runs it, expecting that failure.
final class DemoPullbackVCReducerTestsExpectingFailure {
func testTapTheProduct() {
    let testStore = TestStore(
        initialState: DemoPullbackState(information: "", productCard: .mock),
        reducer: demoPullbackReducer,
        environment: .failing
    )
    
    testStore.send(.productCard(.didTap))
}
}
