import ComposableArchitecture
import CounterStack
import FeatureCatalog
import TCAScript
import Lessons
import Testing

/// What the catalog offers the playground: the stack, the counter and the number fact, the
/// deep-linked preset, the fact client's variants, and views.
@MainActor
@Suite struct CounterStackCatalogTests {
  @Test func features() {
    #expect(counterStackCatalog.module == "CounterStack")
    #expect(counterStackCatalog.features.map(\.name) == ["CounterStack", "Counter", "NumberFact"])
    #expect(
      counterStackCatalog.features.map(\.reducerNames)
        == [["CounterStackFeature"], ["CounterFeature"], ["NumberFactFeature"]]
    )
    #expect(
      counterStackCatalog.features.map(\.dependencyVariantNames)
        == [["factClient.failing", "factClient.live"], [], ["factClient.failing", "factClient.live"]]
    )
    #expect(counterStackCatalog.features.map(\.presetNames) == [["deepLinked"], [], []])
  }

  @Test func theDeepLinkedPresetIsThreeCounters() throws {
    let stack = try #require(counterStackCatalog.features.first)
    let deepLinked = try #require(stack.preset(named: "deepLinked") as? CounterStackFeature.State)
    #expect(
      deepLinked.path.compactMap { $0[case: \.counter]?.count } == [42, 1729, -999]
    )
  }

  @Test func aLoadedStackPushesAfterItsPreset() async throws {
    let session = Session(catalog: counterStackCatalog)
    _ = try session.load(featureNamed: "CounterStack.CounterStack", preset: "deepLinked")
    let outputs = await session.run("store.send(.goToCounterButtonTapped)") + session.run("store.state.path")
    #expect(outputs.last?.rendered.contains("#3: .counter(") == true)
    #expect(outputs.last?.rendered.contains("count: 42") == true)
  }

  @Test func views() throws {
    var state = CounterStackFeature.State(counters: [42, 1729])
    state.path.append(.numberFact(NumberFactFeature.State(alert: AlertState { TextState("42 is a good number.") }, number: 42)))
    state.path[id: 1, case: \.counter]?.isTimerOn = true
    state.path[id: 1, case: \.counter]?.isLoading = true
    let view = try #require(counterStackCatalog.views.first { $0.stateType == CounterStackFeature.State.self })
    #expect(
      view.render(state)?.map(\.text) == [
        "Root  [Go to counter]",
        "#0  Counter 42  [-] [+]  ⏱ off  [Load and go]",
        "#1  Counter 1729  [-] [+]  ⏱ on  loading…",
        "#2  Number fact 42  [Get fact]  ⚠️ 42 is a good number.",
      ]
    )
    #expect(view.render(state)?.map(\.id) == ["root", "#0", "#1", "#2"])
    let counter = try #require(counterStackCatalog.views.first { $0.stateType == CounterFeature.State.self })
    #expect(counter.render(CounterFeature.State(count: -3))?.map(\.text) == ["Counter -3  [-] [+]  ⏱ off  [Load and go]"])
    let fact = try #require(counterStackCatalog.views.first { $0.stateType == NumberFactFeature.State.self })
    #expect(fact.render(NumberFactFeature.State(number: 7))?.map(\.text) == ["Number fact 7  [Get fact]"])
  }

  @Test func theFactClientsValues() async throws {
    #expect(try await FactClient.fixture.fetch(42) == "42 is a good number.")
    await #expect(throws: FactClient.Failure()) { try await FactClient.failing.fetch(1) }
    @Dependency(\.factClient) var factClient
    #expect(try await factClient.fetch(-999) == "-999 is a good number.")
  }
}
