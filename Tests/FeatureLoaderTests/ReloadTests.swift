import FeatureCatalog
import FeatureLoader
import Foundation
import Testing
import TCAScript
import TestSupport

@MainActor
@Suite(.enabled(if: compilerIsAvailable, Comment(rawValue: compilerMissing)))
struct ReloadTests {
  @Test func reloadReplaysTheHistoryAndNamesTheFirstDivergingStep() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterSource())
    let loader = FeatureLoader()
    let session = emptySession()
    session.install(try await loader.load(LoadRequest(path: path)).catalog)
    await session.run("let store = TestStore(initialState: Counter.State(count: 0), reducer: Counter())")
    session.printer.mode = .off
    await session.run(
      """
      store.send(.decrementButtonTapped) { $0.count = -1 }
      store.send(.incrementLaterButtonTapped)
      store.receive(\\.incrementButtonTapped) { $0.count = 0 }
      store.send(.incrementButtonTapped) { $0.count = 1 }
      """
    )
    let before = HistoryText.text(try session.perform(.history()))

    // Increment now adds 2: the first difference is the effect's increment, step 3.
    try folder.write("Counter.swift", counterSource(increment: "state.count += 2"))
    let reloaded = try await loader.reload()
    let report = await session.reload(reloaded[0].catalog)
    #expect(
      report.description == """
        Reloaded `store` with Counter (\(reloaded[0].moduleName)): replayed 4 actions without effects.
        First difference at step 3 (recv Counter.Action.incrementButtonTapped):
        - Counter.State(count: 0)
        + Counter.State(count: 1)
        2 of 5 states differ (the start and 4 steps).
        """
    )
    #expect(report.stores.first?.firstDivergence?.step == 3)
    // The history is the same steps with the new states, and the store runs the new code.
    #expect(HistoryText.text(try session.perform(.history())) == before)
    #expect(HistoryText.text(try session.perform(.diff(from: 3, to: 4))) == "- Counter.State(count: 1)\n+ Counter.State(count: 3)")
    #expect(await session.run("store.state.count").map(\.text) == ["3"])
    #expect(await session.run("store.send(.incrementButtonTapped) { $0.count = 5 }").isEmpty)

    // A version that behaves the same (one more action, unused) replays with no differences.
    try folder.write("Counter.swift", counterSource(increment: "state.count += 2", extraCase: "resetButtonTapped"))
    let again = try await loader.reload()
    #expect(
      await session.reload(again[0].catalog).description
        == "Reloaded `store` with Counter (\(again[0].moduleName)): replayed 5 actions without effects; no differences."
    )
    #expect(await session.run("store.send(.resetButtonTapped)").isEmpty)
  }

  @Test func aChangedStateShapeAndARemovedActionAreReported() async throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let path = try folder.write("Counter.swift", counterSource(extraCase: "resetButtonTapped"))
    let loader = FeatureLoader()
    let session = emptySession()
    session.install(try await loader.load(LoadRequest(path: path)).catalog)
    _ = try session.load(featureNamed: "Counter")
    session.printer.mode = .off
    await session.run("store.send(.incrementButtonTapped)")
    await session.run("store.send(.resetButtonTapped)")

    // The new version has a `step` field, counts by it, and has no reset action.
    try folder.write(
      "Counter.swift",
      counterSource(increment: "state.count += state.step")
        .replacingOccurrences(of: "var count = 0", with: "var count = 0\n    var step = 5")
    )
    let reloaded = try await loader.reload()
    let report = await session.reload(reloaded[0].catalog)
    #expect(
      report.description == """
        Reloaded `store` with Counter (\(reloaded[0].moduleName)): replayed 1 action without effects.
        Counter.State changed shape (new field: step); the start state kept the fields that still fit, and states are compared on the fields both versions have.
        Step 2 (send Counter.Action.resetButtonTapped) was not replayed: Counter.Action has no such action now.
        First difference at step 1 (send Counter.Action.incrementButtonTapped):
          Counter.State(
        -   count: 1,
        +   count: 5,
            step: 5
          )
        2 of 3 states differ (the start and 2 steps).
        """
    )
    #expect(await session.run("store.state").map(\.text) == ["Counter.State(\n  count: 5,\n  step: 5\n)"])
  }
}
