import RxComposableArchitecture

// Seed 003, "Reducer.pullback": the page's reducer as the lesson leaves it ("Let's change back
// the implementation to": the card's environment derived from the page's), verbatim. The page's
// domain and its own `defaultReducer` are not in the seed's text; they are reconstructed from the
// lesson's facts (lessons.md, "Pullback") and marked so. The lesson's earlier stage, with the
// card's environment hard-coded to `.mock`, redefines `demoPullbackReducer` and its test: it is
// in the namespace `MockChildEnvironmentStage`, at the end of this file (the stage needs the
// private `defaultReducer`).

// Reconstructed (lessons.md): the page's domain.
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

    static let mock = DemoPullbackEnvironment(route: { _ in .none }, trackEvent: { _ in .none })

    static let failing = DemoPullbackEnvironment(
        route: { _ in .failing("Should not call route") },
        trackEvent: { _ in .failing("Should not call trackEvent") }
    )
}

// Seed: "Then, rename the `demoPullbackReducer` into `private let defaultReducer`." (its body is
// reconstructed: the page tracks wishlist taps made in the card.)
private let defaultReducer = Reducer<DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment> { state, action, env in
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

// Seed: "Combine it together, …" with the environment of "Let's change back the implementation
// to".
let demoPullbackReducer = Reducer<DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment>.combine(
    productCardReducer.pullback(
        state: \.productCard,
        action: /DemoPullbackAction.productCard,
        environment: { parentEnv in
            ProductCardEnvironment(route: parentEnv.route)
        }
    ),
    defaultReducer
)

/// Seed 003, "Reducer.pullback", the discouraged stage: the card's environment hard-coded to
/// `.mock` ("Combine it together, you get the desired Reducer type"), and the test the lesson
/// runs against it ("let's try to use that code, and then move to the unit test of
/// `DemoPullbackVCReducerTests`"), which passes although the environment is `.failing`.
enum MockChildEnvironmentStage {
    static let demoPullbackReducer = Reducer<DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment>.combine(
        productCardReducer.pullback(
            state: \.productCard,
            action: /DemoPullbackAction.productCard,
            environment: { _ in
                .mock
            }
        ),
        defaultReducer
    )

    /// The lesson's test class at this stage (run by `PullbackStagesTests`).
    final class DemoPullbackVCReducerTests {
        func testTapTheProduct() {
            let testStore = TestStore(
                initialState: DemoPullbackState(information: "", productCard: .mock),
                reducer: demoPullbackReducer,
                environment: .failing
            )
            
            testStore.send(.productCard(.didTap))
        }
    }
}
