@_spi(Hosting) import ComposableArchitecture
import Testing
import TestSupport

/// The parts of the hosting SPI a host uses without a store of its own making: the hook told of
/// every store created, and the registry of values outside the state.
@MainActor
@Suite struct HostingSPITests {
  enum CancelID { case tick }

  static func ticking() -> Reduce<Int, Bool> {
    Reduce { state, start in
      guard start else { return .cancel(id: CancelID.tick) }
      state += 1
      return .run { _ in try await Task.never() }.cancellable(id: CancelID.tick)
    }
  }

  @MainActor final class Seen {
    var stores: [CreatedStore] = []
  }

  @Test func theObserverIsToldOfEveryStoreAndTestStoreCreatedInItsTask() async {
    let seen = Seen()
    let store = StoreCreation.$observer.withValue({ seen.stores.append($0) }) {
      let store = Store(initialState: 0) { Self.ticking() }
      _ = TestStore(initialState: 0) { Self.ticking() }
      return store
    }
    _ = Store(initialState: 0) { Self.ticking() }
    #expect(seen.stores.count == 2)
    #expect(seen.stores.allSatisfy { $0.stateType == Int.self && $0.actionType == Bool.self })
    #expect(seen.stores.map(\.isTestStore) == [false, true])

    store.send(true)
    await Task.settle(turns: 4)
    #expect(seen.stores[0].runningEffects.count == 1)
    #expect(seen.stores[1].runningEffects.isEmpty)
    seen.stores[0].cancelEffects(id: CancelID.tick)
    await Task.settle(turns: 4)
    #expect(seen.stores[0].runningEffects.isEmpty)
  }

  @Test func aSnapshotOfTheRegistryRestoresItsValues() {
    var count = 1
    var name = "a"
    let registry = OutsideStateRegistry()
    registry.register("count", read: { count }, write: { count = $0 as! Int })
    registry.register("name", read: { name }, write: { name = $0 as! String })
    #expect(registry.keys == ["count", "name"])

    let snapshot = registry.snapshot()
    count = 2
    name = "b"
    registry.restore(snapshot)
    #expect(count == 1 && name == "a")

    registry.unregister("name")
    name = "c"
    registry.restore(snapshot)
    #expect(name == "c" && registry.keys == ["count"])
    #expect(OutsideStateRegistry.current == nil)
    OutsideStateRegistry.$current.withValue(registry) { #expect(OutsideStateRegistry.current === registry) }
  }
}
