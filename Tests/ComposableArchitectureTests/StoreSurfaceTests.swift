import ComposableArchitecture
import TestSupport
import Testing

/// Store API beyond `send` and `scope` to one child: view actions, collections of element
/// stores, `store.case`, `store.publisher` and `ViewStoreOf`.
@MainActor
@Suite struct StoreSurfaceTests {
  @Test func viewActionSendingSendsViewActions() {
    let screen = TallyListScreen(store: Store(initialState: TallyList.State()) { TallyList() })
    screen.send(.addRowButtonTapped)
    screen.send(.addRowButtonTapped)
    #expect(screen.store.rows.ids == [1, 2])
  }

  @Test func viewActionMacroConformsToViewActionSending() {
    let panel = TallyListPanel(store: Store(initialState: TallyList.State()) { TallyList() })
    panel.addTwoRows()
    panel.send(.removeFirstRowButtonTapped)
    #expect(panel.store.rows.ids == [2])
  }

  @Test func viewActionsThroughATestStore() async {
    let store = TestStoreOf<TallyList>(initialState: TallyList.State()) { TallyList() }
    await store.send(.view(.addRowButtonTapped)) {
      $0.rows = [TallyRow.State(id: 1)]
    }
    await store.send(\.view.removeFirstRowButtonTapped) {
      $0.rows = []
    }
  }

  @Test func scopingToACollectionOfElementStores() {
    let store = Store(
      initialState: TallyList.State(rows: [TallyRow.State(id: 1), TallyRow.State(id: 2)])
    ) {
      TallyList()
    }
    let rowStores = Array(store.scope(state: \.rows, action: \.rows))
    #expect(rowStores.count == 2)
    #expect(rowStores.map(\.id) == [1, 2])
    rowStores[1].send(.incrementButtonTapped)
    rowStores[1].send(.incrementButtonTapped)
    rowStores[0].send(.incrementButtonTapped)
    #expect(rowStores.map(\.count) == [1, 2])
    #expect(store.rows.map(\.count) == [1, 2])
    #expect(store.total == 3)
  }

  @Test func anElementStoreKeepsItsLastStateAfterRemoval() async {
    let store = Store(initialState: TallyList.State(rows: [TallyRow.State(id: 1, count: 4)])) {
      TallyList()
    }
    let rowStore = Array(store.scope(state: \.rows, action: \.rows))[0]
    store.send(.view(.removeFirstRowButtonTapped))
    #expect(rowStore.count == 4)
    #expect(Array(store.scope(state: \.rows, action: \.rows)).isEmpty)
    var visited: [Int] = []
    for rowStore in store.scope(state: \.rows, action: \.rows) { visited.append(rowStore.id) }
    #expect(visited.isEmpty)
  }

  @Test func caseOfAnEnumReducersStore() {
    let store = Store(initialState: MacroRoot.State()) { MacroRoot() }
    store.send(.addCounterButtonTapped)
    guard let destination = store.scope(state: \.destination, action: \.destination.presented)
    else {
      Issue.record("The destination should be presented")
      return
    }
    switch destination.case {
    case let .counter(counterStore):
      counterStore.send(.incrementButtonTapped)
      #expect(counterStore.count == 1)
    case .alert:
      Issue.record("The destination should be the counter")
    }
    #expect(store.destination == .counter(MacroCounter.State(count: 1)))
  }

  @Test func scopingToOneCaseOfADestination() {
    let store = Store(initialState: MacroRoot.State()) { MacroRoot() }
    #expect(store.scope(state: \.destination?.counter, action: \.destination.counter) == nil)
    store.send(.addCounterButtonTapped)
    let counterStore = store.scope(
      state: \.destination?.counter, action: \.destination.presented.counter
    )
    counterStore?.send(.incrementButtonTapped)
    #expect(counterStore?.count == 1)
    #expect(store.scope(state: \.destination?.alert, action: \.destination.presented.alert) == nil)
  }

  @Test func storePublisherEmitsTheStateAfterEachAction() {
    let store = Store(initialState: Counter.State()) { Counter() }
    var counts: [Int] = []
    var facts: [String?] = []
    let countCancellable = store.publisher.sink { counts.append($0.count) }
    let factCancellable = store.publisher.fact.sink { facts.append($0) }
    store.send(.incrementButtonTapped)
    store.send(.factResponse("1 is a good number."))
    store.send(.factResponse("1 is a good number."))
    #expect(counts == [0, 1, 1, 1])
    #expect(facts == [nil, "1 is a good number."])
    countCancellable.cancel()
    factCancellable.cancel()
    store.send(.incrementButtonTapped)
    #expect(counts == [0, 1, 1, 1])
  }

  @Test func viewStoreOf() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let viewStore: ViewStoreOf<Counter> = ViewStore(store, observe: { $0 })
    viewStore.send(.incrementButtonTapped)
    #expect(viewStore.count == 1)
  }
}
