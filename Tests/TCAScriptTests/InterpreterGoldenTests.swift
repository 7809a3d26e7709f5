import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

@MainActor
@Suite struct InterpreterGoldenTests {
  @Test func sendPrintsChangesAndAssertsLikeTestStore() async {
    await expectTranscript(
      [
        "let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)",
        #"store.send(.addItem) { $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }"#,
        "store.send(.child(id: 1, action: .toggle)) { $0.stackData[id: 1]?.isActive = false }",
        "store.state.stackData[id: 1]?.isActive",
      ],
      """
      > let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
      > store.send(.addItem) { $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }
      received action:
        DemoForEachAction.addItem
        DemoForEachState(
          stackData: [
      +     [0]: DemoItemState(
      +       id: 1,
      +       text: "Data 1",
      +       isActive: true
      +     )
          ],
      -   lastId: 0
      +   lastId: 1
        )
      > store.send(.child(id: 1, action: .toggle)) { $0.stackData[id: 1]?.isActive = false }
      received action:
        DemoForEachAction.child(
          id: 1,
          action: .toggle
        )
        DemoForEachState(
          stackData: [
            [0]: DemoItemState(
              id: 1,
              text: "Data 1",
      -       isActive: true
      +       isActive: false
            )
          ],
          lastId: 1
        )
      > store.state.stackData[id: 1]?.isActive
      false
      """
    )
  }

  @Test func wrongExpectationPrintsTestStoreFailure() async {
    await expectTranscript(
      [
        #"let store = TestStore(initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))), reducer: promoListReducer)"#,
        #"store.send(.promo(id: "3", action: .didTap)) { $0.promos[id: "2"]?.isSelected = true }"#,
      ],
      """
      > let store = TestStore(initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))), reducer: promoListReducer)
      > store.send(.promo(id: "3", action: .didTap)) { $0.promos[id: "2"]?.isSelected = true }
      received action:
        PromoListAction.promo(
          id: "3",
          action: .didTap
        )
        PromoListState(
          selectedPromoId: nil,
          promos: [
            … (2 unchanged),
            [2]: PromoState(
              id: "3",
              title: "Discount Rp 30000",
              amount: 30000,
      -       isSelected: false
      +       isSelected: true
            )
          ]
        )
      ✘ A state change does not match expectation.

            PromoListState(
              selectedPromoId: nil,
              promos: [
                [0]: PromoState(…),
                [1]: PromoState(
                  id: "2",
                  title: "Discount Rp 20000",
                  amount: 20000,
          −       isSelected: true
          +       isSelected: false
                ),
                [2]: PromoState(
                  id: "3",
                  title: "Discount Rp 30000",
                  amount: 30000,
          −       isSelected: false
          +       isSelected: true
                )
              ]
            )

      (Expected: −, Actual: +)
      """
    )
  }

  @Test func effectsAreReceivedAndComputedPropertiesRead() async {
    await expectTranscript(
      [
        "let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)",
        "store.send(.didLoad)",
        "store.receive(\\.receiveData) { $0.lastId = 3; $0.stackData = [DemoItemState(id: 1, text: \"Data 1\", isActive: true), DemoItemState(id: 2, text: \"Data 2\", isActive: true), DemoItemState(id: 3, text: \"Data 3\", isActive: true)] }",
        "store.state.stackData.count",
        "let p = TestStore(initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))), reducer: promoListReducer)",
        "p.state.selectedPromoState",
        #"p.send(.promo(id: "3", action: .didTap)) { $0.promos[id: "3"]?.isSelected = true }"#,
        #"p.send(.didTapUsePromo) { $0.selectedPromoId = "3" }"#,
        "p.withState(\\.selectedPromoState?.title)",
      ],
      """
      > let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
      > store.send(.didLoad)
      received action:
        DemoForEachAction.didLoad
        (No state changes)
      > store.receive(\\.receiveData) { $0.lastId = 3; $0.stackData = [DemoItemState(id: 1, text: "Data 1", isActive: true), DemoItemState(id: 2, text: "Data 2", isActive: true), DemoItemState(id: 3, text: "Data 3", isActive: true)] }
      received action:
        DemoForEachAction.receiveData(
          [
            [0]: DemoItemState(
              id: 1,
              text: "Data 1",
              isActive: true
            ),
            [1]: DemoItemState(
              id: 2,
              text: "Data 2",
              isActive: true
            ),
            [2]: DemoItemState(
              id: 3,
              text: "Data 3",
              isActive: true
            )
          ]
        )
        DemoForEachState(
          stackData: [
      +     [0]: DemoItemState(
      +       id: 1,
      +       text: "Data 1",
      +       isActive: true
      +     ),
      +     [1]: DemoItemState(
      +       id: 2,
      +       text: "Data 2",
      +       isActive: true
      +     ),
      +     [2]: DemoItemState(
      +       id: 3,
      +       text: "Data 3",
      +       isActive: true
      +     )
          ],
      -   lastId: 0
      +   lastId: 3
        )
      > store.state.stackData.count
      3
      > let p = TestStore(initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))), reducer: promoListReducer)
      > p.state.selectedPromoState
      nil
      > p.send(.promo(id: "3", action: .didTap)) { $0.promos[id: "3"]?.isSelected = true }
      received action:
        PromoListAction.promo(
          id: "3",
          action: .didTap
        )
        PromoListState(
          selectedPromoId: nil,
          promos: [
            … (2 unchanged),
            [2]: PromoState(
              id: "3",
              title: "Discount Rp 30000",
              amount: 30000,
      -       isSelected: false
      +       isSelected: true
            )
          ]
        )
      > p.send(.didTapUsePromo) { $0.selectedPromoId = "3" }
      received action:
        PromoListAction.didTapUsePromo
        PromoListState(
      -   selectedPromoId: nil,
      +   selectedPromoId: "3",
          promos: […]
        )
      > p.withState(\\.selectedPromoState?.title)
      "Discount Rp 30000"
      """
    )
  }

  @Test func badInputGetsOneLineErrorsWithCarets() async {
    await expectTranscript(
      [
        "let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)",
        "store.send(.addItm)",
        "store.send(.child(id: \"one\", action: .toggle))",
        "store.send(.child(idx: 1, action: .toggle))",
        "store.send(.child(id: 1))",
        "store.sned(.addItem)",
        "stor.send(.addItem)",
        "store.state.stackDta",
        "store.send(.addItem",
        "PromoState(id: \"9\", title: \"x\")",
        "let x = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducr)",
        "store.send(.addItem) { $0.lastId = \"one\" }",
        "store.state.lastId",
      ],
      """
      > let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)
      > store.send(.addItm)
      1:13: error: 'addItm' is not a case of DemoForEachAction; did you mean 'addItem'?
        store.send(.addItm)
                    ^~~~~~
      > store.send(.child(id: "one", action: .toggle))
      1:23: error: cannot convert string literal to expected type Int
        store.send(.child(id: "one", action: .toggle))
                              ^~~~~
      > store.send(.child(idx: 1, action: .toggle))
      1:19: error: incorrect argument label 'idx', expected 'id' in DemoForEachAction.child(id: Int, action: DemoItemAction)
        store.send(.child(idx: 1, action: .toggle))
                          ^~~~~~
      > store.send(.child(id: 1))
      1:12: error: missing argument 'action' for DemoForEachAction.child(id: Int, action: DemoItemAction)
        store.send(.child(id: 1))
                   ^~~~~~~~~~~~~
      > store.sned(.addItem)
      1:6: error: value of type TestStore has no member 'sned'; did you mean 'send'?
        store.sned(.addItem)
             ^~~~~
      > stor.send(.addItem)
      1:1: error: cannot find 'stor' in scope; did you mean 'store'?
        stor.send(.addItem)
        ^~~~
      > store.state.stackDta
      1:12: error: value of type DemoForEachState has no member 'stackDta'; did you mean 'stackData'?
        store.state.stackDta
                   ^~~~~~~~~
      > store.send(.addItem
      1:20: error: expected ',' or ')' in argument list, found end of input
        store.send(.addItem
                           ^
      > PromoState(id: "9", title: "x")
      1:1: error: missing argument for parameter 'amount' (Int) in call to PromoState(id: String, title: String, amount: Int, isSelected: Bool)
        PromoState(id: "9", title: "x")
        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
      > let x = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducr)
      1:62: error: cannot find reducer 'demoForEachReducr' in the catalog; did you mean 'demoForEachReducer'?
        let x = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducr)
                                                                     ^~~~~~~~~~~~~~~~~
      > store.send(.addItem) { $0.lastId = "one" }
      1:36: error: cannot convert string literal to expected type Int
        store.send(.addItem) { $0.lastId = "one" }
                                           ^~~~~
      > store.state.lastId
      0
      """
    )
  }

  @Test func keyPathsCasePathsAndBindings() async {
    await expectTranscript(
      [
        "let kp = \\PromoState.title",
        "kp",
        #"var promo = PromoState(id: "1", title: "A", amount: 5)"#,
        #"promo[keyPath: kp] = "B""#,
        "promo.title",
        "promo.amount += 10",
        "promo",
        "let action = DemoForEachAction.child(id: 2, action: .remove)",
        "(/DemoForEachAction.child).extract(from: action)",
        "action.is(\\.addItem)",
        "action[case: \\.child]",
        "(/DemoForEachAction.receiveData).embed([])",
      ],
      """
      > let kp = \\PromoState.title
      > kp
      Swift.WritableKeyPath<PromoState, Swift.String>
      > var promo = PromoState(id: "1", title: "A", amount: 5)
      > promo[keyPath: kp] = "B"
      > promo.title
      "B"
      > promo.amount += 10
      > promo
      PromoState(
        id: "1",
        title: "B",
        amount: 15,
        isSelected: false
      )
      > let action = DemoForEachAction.child(id: 2, action: .remove)
      > (/DemoForEachAction.child).extract(from: action)
      (id: 2, action: DemoItemAction.remove)
      > action.is(\\.addItem)
      false
      > action[case: \\.child]
      (id: 2, action: DemoItemAction.remove)
      > (/DemoForEachAction.receiveData).embed([])
      DemoForEachAction.receiveData([])
      """
    )
  }
}
