import ComposableArchitecture
import FeatureCatalog
import PlaygroundHost
import Day2
import Testing
import TestSupport

/// Day 2, part 1: the ForEachStoreNode demo list.
@MainActor
@Suite struct DemoForEachTests {
  @Test func mocksAreNumberedFromOne() {
    #expect(
      DemoItemState.mocks(numberOfMocks: 3) == [
        DemoItemState(id: 1, text: "Data 1", isActive: true),
        DemoItemState(id: 2, text: "Data 2", isActive: true),
        DemoItemState(id: 3, text: "Data 3", isActive: true),
      ]
    )
    #expect(DemoItemState.mocks(numberOfMocks: 0) == [])
  }

  @Test func identifiedArrayModifiesAndRemovesById() {
    // The lesson's comparison of a plain array and an identified array.
    var states = DemoItemState.mocks(numberOfMocks: 10)
    var identifiedArrayStates = IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 10))

    if let index2 = states.firstIndex(where: { $0.id == 2 }) {
      states[index2].isActive.toggle()
    }
    identifiedArrayStates[id: 2]?.isActive.toggle()

    states.removeAll { $0.id == 3 }
    identifiedArrayStates.remove(id: 3)

    #expect(identifiedArrayStates.elements == states)
    #expect(identifiedArrayStates[id: 2]?.isActive == false)
    #expect(identifiedArrayStates[id: 3] == nil)
  }

  @Test func didLoadReceivesTheData() {
    let testStore = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: .failing
    )
    testStore.environment.loadData = { Effect(value: DemoItemState.mocks(numberOfMocks: 3)) }

    testStore.send(.didLoad)
    testStore.receive(.receiveData(DemoItemState.mocks(numberOfMocks: 3))) {
      $0.stackData = IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 3))
      $0.lastId = 3
    }
  }

  @Test func mockEnvironmentLoadsTenItems() {
    let testStore = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: .mock
    )
    testStore.send(.didLoad)
    testStore.receive(.receiveData(DemoItemState.mocks(numberOfMocks: 10))) {
      $0.stackData = IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 10))
      $0.lastId = 10
    }
  }

  @Test func didLoadWithTheFailingEnvironmentFails() async {
    await expectIssue("Should not call loadData - A failing effect ran.") {
      let testStore = TestStore(
        initialState: DemoForEachState(),
        reducer: demoForEachReducer,
        environment: .failing
      )
      testStore.send(.didLoad)
    }
  }

  @Test func addItemAppendsTheNextId() {
    let testStore = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: .failing
    )
    testStore.send(.addItem) {
      $0.lastId = 1
      $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true))
    }
    testStore.send(.addItem) {
      $0.lastId = 2
      $0.stackData.append(DemoItemState(id: 2, text: "Data 2", isActive: true))
    }
  }

  @Test func addItemAfterLoadContinuesFromTheLoadedCount() {
    let testStore = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: .mock
    )
    testStore.send(.didLoad)
    testStore.receive(.receiveData(DemoItemState.mocks(numberOfMocks: 10))) {
      $0.stackData = IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 10))
      $0.lastId = 10
    }
    testStore.send(.addItem) {
      $0.lastId = 11
      $0.stackData.append(DemoItemState(id: 11, text: "Data 11", isActive: true))
    }
  }

  @Test func toggleAndRemoveAChild() {
    let testStore = TestStore(
      initialState: DemoForEachState(
        stackData: IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 3)),
        lastId: 3
      ),
      reducer: demoForEachReducer,
      environment: .failing
    )
    testStore.send(.child(id: 2, action: .toggle)) {
      $0.stackData[id: 2]?.isActive = false
    }
    testStore.send(.child(id: 2, action: .toggle)) {
      $0.stackData[id: 2]?.isActive = true
    }
    testStore.send(.child(id: 1, action: .remove)) {
      $0.stackData.remove(id: 1)
    }
    // Removing leaves `lastId` alone, so a new item never reuses an id.
    testStore.send(.addItem) {
      $0.lastId = 4
      $0.stackData.append(DemoItemState(id: 4, text: "Data 4", isActive: true))
    }
  }

  @Test func actionsForAMissingChildChangeNothing() {
    let testStore = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: .failing
    )
    testStore.send(.child(id: 7, action: .toggle))
    testStore.send(.child(id: 7, action: .remove))
  }

  @Test func shuffleKeepsTheSameItems() {
    let items = IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 10))
    let testStore = withDependencies {
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
    } operation: {
      TestStore(
        initialState: DemoForEachState(stackData: items, lastId: 10),
        reducer: demoForEachReducer,
        environment: .failing
      )
    }
    // The order is random, so the test asserts what shuffling keeps rather than the new order.
    testStore.exhaustivity = .off
    testStore.send(.shuffle)
    #expect(testStore.state.stackData.sorted { $0.id < $1.id } == items.elements)
    #expect(testStore.state.lastId == 10)
  }

  @Test func shuffleOfOneItemChangesNothing() {
    let testStore = withDependencies {
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
    } operation: {
      TestStore(
        initialState: DemoForEachState(
          stackData: IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 1)),
          lastId: 1
        ),
        reducer: demoForEachReducer,
        environment: .failing
      )
    }
    testStore.send(.shuffle)
  }

  @Test func shuffleWithASeededGeneratorIsDeterministic() {
    let items = IdentifiedArrayOf(uniqueElements: DemoItemState.mocks(numberOfMocks: 3))
    func shuffled() -> [Int] {
      let store = withDependencies {
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 7))
      } operation: {
        TestStore(initialState: DemoForEachState(stackData: items, lastId: 3), reducer: demoForEachReducer, environment: .failing)
      }
      store.exhaustivity = .off
      store.send(.shuffle)
      return store.state.stackData.map(\.id)
    }
    #expect(shuffled() == shuffled())
  }

  /// The lesson's `IdentifiedArray(data)` (the fork's initialiser) keeps one item per id, at the
  /// first one's position, with the last one's value.
  @Test func receivedDataWithDuplicateIdsKeepsTheLast() {
    let testStore = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: .failing
    )
    let first = DemoItemState(id: 1, text: "first", isActive: true)
    let second = DemoItemState(id: 1, text: "second", isActive: false)
    testStore.send(.receiveData([first, second])) {
      $0.stackData = [second]
      $0.lastId = 2
    }
  }
}
