import ComposableArchitecture
import FeatureCatalog
@testable import PlaygroundHost
import OnlineStore
import Lessons
import Testing

/// Playground stores run features in the preview context, so that a feature's dependencies are
/// their preview values (the store's fixture API client) even where the playground runs live.
@MainActor
@Suite struct PlaygroundContextTests {
  private enum Probe: DependencyKey {
    static let liveValue = "live"
    static let testValue = "test"
    static let previewValue = "preview"
  }

  private enum ProbeAction: Equatable { case read }

  @Test func playgroundStoresUsePreviewValuesEvenInALiveContext() async throws {
    let feature = Feature(
      "Probe", summary: "Reads a dependency", initialState: "",
      reducer: {
        Reduce<String, ProbeAction> { state, _ in
          state = DependencyValues._current[Probe.self]
          return .none
        }
      }
    )
    for isTestStore in [false, true] {
      let driver = try withDependencies {
        $0.context = .live
      } operation: {
        try feature.makeStore(
          StoreConfiguration(initialState: "", isTestStore: isTestStore, printer: ChangePrinter())
        )
      }
      driver.exhaustivity = .off
      try await driver.send(ProbeAction.read, assert: nil)
      #expect(driver.state as? String == "preview")
    }
  }

  /// The store notes its stack-id generator's next generation before each action (for the
  /// action's replay); it reads the generator once, and again when the test store's
  /// dependencies change.
  @Test func replayInputsFollowAStackIDGeneratorTheDependenciesReplace() async throws {
    let feature = Feature(
      "Stacking", summary: "Draws stack ids", initialState: 0,
      dependencies: [("from100", { $0.stackElementID = .incrementing(from: 100) })],
      reducer: {
        Reduce<Int, ProbeAction> { state, _ in
          @Dependency(\.stackElementID) var stackElementID
          state = stackElementID.next().generation
          return .none
        }
      }
    )
    let driver = try feature.makeStore(StoreConfiguration(initialState: 0, isTestStore: true, printer: ChangePrinter()))
    driver.exhaustivity = .off
    var generations: [Int] = []
    driver.onReduce = { _, _, _, inputs in generations.append(inputs.stackElementGeneration) }
    try await driver.send(ProbeAction.read, assert: nil)
    try await driver.send(ProbeAction.read, assert: nil)
    try driver.applyDependencyVariant(named: "from100")
    try await driver.send(ProbeAction.read, assert: nil)
    try await driver.send(ProbeAction.read, assert: nil)
    #expect(generations == [0, 1, 100, 101])
    #expect(driver.state as? Int == 101)
  }

  @Test func theStoresFeaturesRunOnTheFixtureInALiveContext() async throws {
    let productList = try #require(onlineStoreCatalog.features.first { $0.name == "ProductList" })
    let driver = try withDependencies {
      $0.context = .live
    } operation: {
      try productList.makeStore(
        StoreConfiguration(initialState: ProductListDomain.State(), isTestStore: false, printer: ChangePrinter())
      )
    }
    try await driver.send(ProductListDomain.Action.fetchProducts, assert: nil)
    for _ in 0..<100 where (driver.state as? ProductListDomain.State)?.isLoading == true {
      await driver.settle()
    }
    let state = try #require(driver.state as? ProductListDomain.State)
    #expect(state.dataLoadingStatus == .success)
    #expect(state.productList.map(\.product.id) == Array(1...20))
  }
}

/// `advance(by:)` gives effects time to start only while none waits on the playground's time;
/// the context tells, for the clock and for the main queue the stores' features see.
@MainActor
@Suite struct PlaygroundContextScheduledWorkTests {
  @Test func workScheduledOnTheMainQueueCountsUntilItRuns() async {
    let context = PlaygroundContext()
    var dependencies = DependencyValues()
    context.applyDefaults(to: &dependencies)
    #expect(await context.hasScheduledWork() == false)
    var ran = false
    dependencies.mainQueue.schedule(after: dependencies.mainQueue.now.advanced(by: .seconds(1))) { ran = true }
    #expect(await context.hasScheduledWork())
    await context.advance(by: .milliseconds(500))
    #expect(!ran)
    #expect(await context.hasScheduledWork())
    await context.advance(by: .milliseconds(500))
    #expect(ran)
    #expect(await context.hasScheduledWork() == false)
  }

  /// On a slow machine the advance's steps shrink, down to fractions of a nanosecond; the
  /// scheduler, which counts whole nanoseconds, still ends where the clock does.
  @Test func stepsOfAFractionOfANanosecondAddUpOnTheScheduler() async {
    let context = PlaygroundContext()
    var dependencies = DependencyValues()
    context.applyDefaults(to: &dependencies)
    var ran = false
    dependencies.mainQueue.schedule(after: dependencies.mainQueue.now.advanced(by: .microseconds(1))) { ran = true }
    let advanced = await context.advance(by: .microseconds(1), firstStep: .nanoseconds(1) / 3)
    #expect(advanced == .microseconds(1))
    #expect(ran)
  }

  @Test func aRepeatingTimerCountsUntilCancelled() async {
    let context = PlaygroundContext()
    var dependencies = DependencyValues()
    context.applyDefaults(to: &dependencies)
    var ticks = 0
    let timer = dependencies.mainQueue.schedule(
      after: dependencies.mainQueue.now, interval: .seconds(1)
    ) { ticks += 1 }
    await context.advance(by: .seconds(2))
    #expect(ticks == 3)
    #expect(await context.hasScheduledWork())
    timer.cancel()
    #expect(await context.hasScheduledWork() == false)
  }

  @Test func aSleepOnTheClockCounts() async {
    let context = PlaygroundContext()
    let sleeper = Task { try await context.clock.sleep(for: .seconds(1)) }
    // Waits (up to ten seconds) for the sleeper's task to start.
    for _ in 0..<1_000 where await context.hasScheduledWork() == false {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(await context.hasScheduledWork())
    await context.advance(by: .seconds(1))
    _ = await sleeper.result
    #expect(await context.hasScheduledWork() == false)
  }
}
