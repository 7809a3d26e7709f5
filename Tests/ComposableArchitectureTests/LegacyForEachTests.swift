import ComposableArchitecture
import Foundation
import Testing
import TestSupport

/// The lesson's ForEachStoreNode demo, with the item logic run by `AnyReducer.forEach`.
@MainActor
@Suite struct LegacyForEachTests {
  @Test func loadToggleAddAndRemove() {
    let store = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: DemoForEachEnvironment(
        loadData: { Effect(value: DemoItemState.mocks(numberOfMocks: 3)) }
      )
    )
    store.send(.didLoad)
    store.receive(.receiveData(DemoItemState.mocks(numberOfMocks: 3))) {
      $0.stackData = IdentifiedArray(uniqueElements: DemoItemState.mocks(numberOfMocks: 3))
      $0.lastId = 3
    }
    store.send(.child(id: 2, action: .toggle)) {
      $0.stackData[id: 2]?.isActive = false
    }
    store.send(.addItem) {
      $0.lastId = 4
      $0.stackData.append(DemoItemState(id: 4, text: "Data 4", isActive: true))
    }
    store.send(.child(id: 1, action: .remove)) {
      $0.stackData.remove(id: 1)
    }
    #expect(store.state.stackData.ids == [2, 3, 4])
  }

  @Test func delayedLoadArrivesWhenTheSchedulerAdvances() {
    let scheduler = DispatchQueue.test
    let store = TestStore(
      initialState: DemoForEachState(),
      reducer: demoForEachReducer,
      environment: DemoForEachEnvironment(
        loadData: {
          Effect(value: DemoItemState.mocks(numberOfMocks: 2))
            .delay(for: .milliseconds(250), scheduler: scheduler.eraseToAnyScheduler())
            .eraseToEffect()
        }
      )
    )
    store.send(.didLoad)
    scheduler.advance(by: .milliseconds(250))
    store.receive(.receiveData(DemoItemState.mocks(numberOfMocks: 2))) {
      $0.stackData = IdentifiedArray(uniqueElements: DemoItemState.mocks(numberOfMocks: 2))
      $0.lastId = 2
    }
  }

  @Test func actionForAMissingElementWarns() async {
    let line = #line + 1
    let reducer = demoItemReducer.forEach(
      state: \DemoForEachState.stackData,
      action: /DemoForEachAction.child,
      environment: { (_: Void) in () }
    )
    await expectIssue(
      """
      A "forEach" reducer at "ComposableArchitectureTests/LegacyForEachTests.swift:\(line)" \
      received an action when state contained no element with that id. …

        Action:
          DemoItemAction.toggle
        ID:
          7

      This is generally considered an application logic error, and can happen for a few reasons:

      • This "forEach" reducer was combined with or run from another reducer that removed the \
      element at this id when it handled this action. To fix this make sure that this "forEach" \
      reducer is run before any other reducers that can move or remove elements from state. This \
      ensures that "forEach" reducers can handle their actions for the element at the intended id.

      • An in-flight effect emitted this action while state contained no element at this id. It \
      may be perfectly reasonable to ignore this action, but you also may want to cancel the \
      effect it originated from when removing an element from the identified array, especially \
      if it is a long-living effect.

      • This action was sent to the store while its state contained no element at this id. To fix \
      this make sure that actions for this reducer can only be sent to a view store when its \
      state contains an element at this id. In SwiftUI applications, use "ForEachStore".
      """
    ) {
      let store = TestStore(initialState: DemoForEachState(), reducer: reducer, environment: ())
      store.send(.child(id: 7, action: .toggle))
    }
  }

  @Test func forEachWithAnIdentifiedActionCaseKeyPath() {
    let reducer = demoItemReducer.forEach(
      state: \LegacyListState.items,
      action: \LegacyListAction.Cases.items,
      environment: { (_: Void) in () }
    )
    let store = TestStore(
      initialState: LegacyListState(
        items: IdentifiedArray(uniqueElements: DemoItemState.mocks(numberOfMocks: 2))
      ),
      reducer: reducer,
      environment: ()
    )
    store.send(.items(.element(id: 1, action: .toggle))) {
      $0.items[id: 1]?.isActive = false
    }
  }
}

struct LegacyListState: Equatable {
  var items: IdentifiedArrayOf<DemoItemState>
}

@CasePathable
enum LegacyListAction: Equatable {
  case items(IdentifiedAction<Int, DemoItemAction>)
}
