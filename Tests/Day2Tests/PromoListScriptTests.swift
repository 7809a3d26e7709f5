import Day2
import TCAScript
import Lessons
import Testing
import TestSupport

/// The promo exercise's four tests, replayed as scripts through the interpreter over
/// ``day2Catalog``: the catalog gives a script everything the Swift tests use.
@MainActor
@Suite struct PromoListScriptTests {
  /// `testDidLoad`: the test stubs `getPromoList` with two mocks; a script picks the catalogued
  /// `.twoPromos` environment, which is that stub.
  nonisolated static let didLoad = [
    "let store = TestStore(initialState: PromoListState(), reducer: promoListReducer, environment: .twoPromos)",
    "store.send(.didLoad)",
    "store.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 2))) { $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 2)) }",
  ]

  nonisolated static let firstLoadWithPreselectedPromo = [
    #"let store = TestStore(initialState: PromoListState(selectedPromoId: "2"), reducer: promoListReducer, environment: .twoPromos)"#,
    "store.send(.didLoad)",
    #"store.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 2))) { $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 2)); $0.promos[id: "2"]?.isSelected = true }"#,
    "store.state.selectedPromoState?.title",
  ]

  nonisolated static let tapPromo = [
    "let store = TestStore(initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))), reducer: promoListReducer, environment: .failing)",
    #"store.send(.promo(id: "2", action: .didTap)) { $0.promos[id: "2"]?.isSelected = true }"#,
  ]

  /// `testTapFlow`. Its last step would be `$0.selectedPromoId = nil`, which the interpreter
  /// rejects (it does not accept `nil` for optional fields); the script asserts the whole state
  /// instead, leaving `selectedPromoId` to its default.
  nonisolated static let tapFlow = [
    "let store = TestStore(initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))), reducer: promoListReducer, environment: .failing)",
    #"store.send(.promo(id: "3", action: .didTap)) { $0.promos[id: "3"]?.isSelected = true }"#,
    #"store.send(.didTapUsePromo) { $0.selectedPromoId = "3" }"#,
    #"store.send(.promo(id: "3", action: .didTap)) { $0.promos[id: "3"]?.isSelected = false }"#,
    "store.send(.didTapUsePromo) { $0 = PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))) }",
    "store.state.selectedPromoState",
  ]

  @Test(arguments: [didLoad, firstLoadWithPreselectedPromo, tapPromo, tapFlow])
  func theExerciseTestsPass(script: [String]) async {
    #expect(await day2Catalog.scriptOutputs(script) == [])
  }

  @Test func theTestsReadTheComputedProperty() async {
    #expect(
      await day2Catalog.scriptOutputs(Self.firstLoadWithPreselectedPromo, kinds: [.value])
        == ["store.state.selectedPromoState?.title\n\"Discount Rp 20000\""]
    )
    #expect(await day2Catalog.scriptOutputs(Self.tapFlow, kinds: [.value]) == ["store.state.selectedPromoState\nnil"])
  }

  @Test func aWrongExpectationPrintsTheTestStoreFailure() async {
    let outputs = await day2Catalog.scriptOutputs([
      "let store = TestStore(initialState: PromoListState(promos: IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3))), reducer: promoListReducer, environment: .failing)",
      #"store.send(.promo(id: "2", action: .didTap)) { $0.promos[id: "3"]?.isSelected = true }"#,
    ])
    #expect(
      outputs.map { $0.replacingOccurrences(of: "\u{2007}", with: " ") } == [
        #"""
        store.send(.promo(id: "2", action: .didTap)) { $0.promos[id: "3"]?.isSelected = true }
        ✘ A state change does not match expectation.

              PromoListState(
                selectedPromoId: nil,
                promos: [
                  [0]: PromoState(…),
                  [1]: PromoState(
                    id: "2",
                    title: "Discount Rp 20000",
                    amount: 20000,
            −       isSelected: false
            +       isSelected: true
                  ),
                  [2]: PromoState(
                    id: "3",
                    title: "Discount Rp 30000",
                    amount: 30000,
            −       isSelected: true
            +       isSelected: false
                  )
                ]
              )

        (Expected: −, Actual: +)
        """#
      ]
    )
  }

  @Test func aWrongReceivedActionIsCaught() async {
    let outputs = await day2Catalog.scriptOutputs([
      "let store = TestStore(initialState: PromoListState(), reducer: promoListReducer, environment: .twoPromos)",
      "store.send(.didLoad)",
      "store.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 3))) { $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3)) }",
    ])
    let line = "store.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 3))) { $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 3)) }"
    // As TCA 1.25.5's: the wrong action is the receive's one failure (its state goes unasserted).
    #expect(
      outputs.map { $0.replacingOccurrences(of: "\u{2007}", with: " ") } == [
        """
        \(line)
        ✘ Received unexpected action:

              PromoListAction.receivePromoListResponse(
                [
                  … (2 unchanged)
            −     [2]: PromoState(
            −       id: "3",
            −       title: "Discount Rp 30000",
            −       amount: 30000,
            −       isSelected: false
            −     )
                ]
              )

        (Expected: −, Received: +)
        """
      ]
    )
  }

  @Test func theMockEnvironmentDeliversAfter250MillisecondsOfPlaygroundTime() async {
    let outputs = await day2Catalog.scriptOutputs(
      [
        "let store = TestStore(initialState: PromoListState(), reducer: promoListReducer, environment: .mock)",
        "store.send(.didLoad)",
        "store.advance(by: .milliseconds(249))",
        "store.receivedActions.count",
        "store.advance(by: .milliseconds(1))",
        "store.receivedActions.count",
        "store.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 20))) { $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 20)) }",
        "store.state.promos.count",
      ],
      kinds: [.value, .failure, .error]
    )
    #expect(
      outputs == [
        "store.receivedActions.count\n0",
        "store.receivedActions.count\n1",
        "store.state.promos.count\n20",
      ]
    )
  }

  @Test func switchingToTheFailingEnvironmentTakesEffect() async {
    let outputs = await day2Catalog.scriptOutputs(
      [
        "let store = TestStore(initialState: PromoListState(), reducer: promoListReducer, environment: .twoPromos)",
        "store.environment = .failing",
        "store.send(.didLoad)",
      ],
      kinds: [.info, .failure, .error]
    )
    #expect(
      outputs == [
        "store.environment = .failing\nstore.environment = .failing",
        "store.send(.didLoad)\n✘ Should not called getPromoList - A failing effect ran.",
      ]
    )
  }
}
