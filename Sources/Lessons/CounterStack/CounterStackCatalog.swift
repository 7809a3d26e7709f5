import ComposableArchitecture
import CounterStack
import FeatureCatalog

/// Point-Free episode 232, "Composable Stacks: Multiple Layers", as the playground sees it: the
/// counters' navigation stack, the counter and the number fact on their own, each running on
/// the fixture ``FactClient`` unless a dependency variant says otherwise, with text views.
///
/// ```swift
/// let session = Session(catalog: counterStackCatalog)
/// await session.run("let store = TestStore(initialState: .deepLinked, reducer: CounterStackFeature())")
/// await session.run("store.send(.path(.element(id: 2, action: .counter(.incrementButtonTapped))))")
/// ```
///
/// Variants: `factClient.failing` (every request fails), `factClient.live` (numbersapi.com,
/// where there is a network).
public let counterStackCatalog = Catalog(module: "CounterStack") {
  Feature(
    "CounterStack",
    summary: "A navigation stack (StackState) of counters and number facts; counters push counters through delegate actions",
    reducerNames: ["CounterStackFeature"],
    initialState: CounterStackFeature.State(),
    presets: [
      ("deepLinked", { @Sendable in CounterStackFeature.State(counters: [42, 1729, -999]) }),
    ],
    dependencies: factClientVariants,
    reducer: { CounterStackFeature() }
  )
  CatalogValue.function(
    StackElementID.self, "init", labels: ["generation"],
    summary: "A stack element's identifier: `.element(id: .init(generation: 0), action: …)`"
  ) { (generation: Int) in StackElementID(generation: generation) }
  counterStackView

  Feature(
    "Counter",
    summary: "A counter: increment, decrement, a cancellable timer, and \"load and go\" (2 s, then a delegate action)",
    reducerNames: ["CounterFeature"],
    initialState: CounterFeature.State(),
    reducer: { CounterFeature() }
  )
  counterView

  Feature(
    "NumberFact",
    summary: "A number and a button that fetches a fact about it (TaskResult) into an alert",
    reducerNames: ["NumberFactFeature"],
    initialState: NumberFactFeature.State(number: 42),
    dependencies: factClientVariants,
    reducer: { NumberFactFeature() }
  )
  numberFactView
}

/// The fact client's variants. Playground stores run in the preview context, where the client
/// is ``FactClient/fixture``; these replace it.
private let factClientVariants: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)] = [
  ("factClient.failing", { $0.factClient = .failing }),
  ("factClient.live", { $0.factClient = .live }),
]
