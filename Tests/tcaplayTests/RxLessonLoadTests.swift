import Foundation
import Testing
import TestSupport

/// The Day 2 lesson's own code, as its students write it against `RxComposableArchitecture`,
/// loaded with `:load` at the real binary's prompt and driven with the fork's
/// `TestStore(initialState:reducer:environment:)`: the loader finds the 0.x-style reducer
/// constant and its environment's `.mock`, and `MainScheduler.instance` in the mock is the
/// store's scheduler, which `store.advance(by:)` moves.
@Suite(.serialized) struct RxLessonLoadTests {
  /// The lesson's promo list (seed 003, "Exercise 1"), verbatim, with its reconstructed
  /// environment and mocks (twenty promos delayed by 250 ms on `MainScheduler.instance`): the
  /// file RxLessonTests compiles.
  static let promoList = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("RxLessonTests/Fixtures/PromoList.swift").path

  @Test(.enabled(if: compilerIsAvailable))
  func theLessonsPromoListLoadsAndItsMockDeliversWhenTheStoreAdvances() async throws {
    let file = Self.promoList
    let terminal = try await Binary.terminal([])
    terminal.type(":load \(file)\r")
    _ = try await terminal.expect("Loaded promoListReducer from", timeout: 120)
    try await terminal.expect("tca> ")
    terminal.type(":print off\r")
    try await terminal.expect("tca> ")
    terminal.type(
      "let store = TestStore(initialState: PromoListState(), reducer: promoListReducer, environment: .mock)\r"
    )
    try await terminal.expect("tca> ")
    terminal.type("store.send(.didLoad)\r")
    try await terminal.expect("tca> ")
    // Not yet: the mock's delay is 250 ms of the store's time.
    terminal.type("store.advance(by: .milliseconds(249))\r")
    try await terminal.expect("tca> ")
    terminal.type("store.state.promos.count\r")
    try await terminal.expect("0")
    try await terminal.expect("tca> ")
    terminal.type("store.advance(by: .milliseconds(1))\r")
    try await terminal.expect("tca> ")
    terminal.type(
      "store.receive(.receivePromoListResponse(PromoState.mocks(numberOfMocks: 20))) "
        + "{ $0.promos = IdentifiedArrayOf(PromoState.mocks(numberOfMocks: 20)) }\r"
    )
    try await terminal.expect("tca> ")
    terminal.type("store.send(.promo(id: \"2\", action: .didTap)) { $0.promos[id: \"2\"]?.isSelected = true }\r")
    try await terminal.expect("tca> ")
    terminal.type("store.send(.didTapUsePromo) { $0.selectedPromoId = \"2\" }\r")
    try await terminal.expect("tca> ")
    terminal.type("store.state.selectedPromoState?.title\r")
    try await terminal.expect("\"Discount Rp 20000\"")
    try await terminal.expect("tca> ")
    terminal.type(PseudoTerminal.ctrlD)
    #expect(try await terminal.waitForExit() == 0)
  }
}
