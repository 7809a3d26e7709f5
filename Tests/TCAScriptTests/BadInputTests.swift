import Foundation
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// The bad-input matrix at the interpreter level: every input gets a clear error (or a
/// reported failure) and the session goes on.
@MainActor
@Suite struct BadInputTests {
  func expectSessionContinues(_ session: Session, sourceLocation: SourceLocation = #_sourceLocation) async {
    let outputs = await session.run("1 + 1")
    #expect(outputs.map(\.text) == ["2"], sourceLocation: sourceLocation)
  }

  @Test func deepNestingIsAnError() async {
    let session = Session(catalog: testCatalog)
    let outputs = await session.run(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))
    #expect(outputs.count == 1)
    #expect(outputs.first?.kind == .error)
    #expect(outputs.first?.text.hasPrefix("1:101: error: expression is nested too deeply (more than 200 levels)") == true)
    await self.expectSessionContinues(session)
  }

  /// A statement that drives a store that was never bound (its `let` failed) says the store is
  /// missing, not what a trailing closure needs.
  @Test func aTrailingClosureOnAnUnboundStoreSaysTheStoreIsMissing() async {
    let session = Session(catalog: testCatalog)
    let outputs = await session.run("store.send(.addItem) { $0.lastId = 1 }")
    #expect(outputs.map(\.text) == ["1:1: error: cannot find 'store' in scope\n  store.send(.addItem) { $0.lastId = 1 }\n  ^~~~~"])
    await self.expectSessionContinues(session)
  }

  @Test func megabyteLineIsHandled() async {
    let session = Session(catalog: testCatalog)
    let outputs = await session.run("\"" + String(repeating: "a", count: 1_000_000) + "\".nope")
    #expect(outputs.first?.kind == .error)  // `.nope` on a String is not a member
    #expect(outputs.first!.text.count < 1_000)
    #expect(await session.run("\"" + String(repeating: "a", count: 1_000_000) + "\".count").map(\.text) == ["1000000"])
    let big = await session.run(String(repeating: "x", count: 1_000_000))
    #expect(big.first?.kind == .error)
    #expect(big.first!.text.count < 1_000)  // the echoed line is shortened
    await self.expectSessionContinues(session)
  }

  @Test func invalidUTF8AndNULs() async {
    let session = Session(catalog: testCatalog)
    let bytes: [UInt8] = [0x73, 0x74, 0xFF, 0xFE, 0x00, 0x6F]
    let outputs = await session.run(String(decoding: bytes, as: UTF8.self))
    #expect(outputs.first?.text.hasPrefix("1:3: error: invalid UTF-8 (bytes that are not text, shown as '\u{FFFD}')") == true)
    let nul = await session.run("1\u{0}2")
    #expect(nul.first?.text.hasPrefix("1:2: error: unexpected character U+0000") == true)
    await self.expectSessionContinues(session)
  }

  @Test func unterminatedThingsAreErrors() async {
    let session = Session(catalog: testCatalog)
    for source in ["\"abc", "store.send(.x", "[1, 2", "{ $0 = 1", "let", "let x", "let x =", ")", "\\", "/"] {
      let outputs = await session.run(source)
      #expect(outputs.count == 1 && outputs[0].kind == .error, "\(source)")
    }
    await self.expectSessionContinues(session)
  }

  @Test func runawayActionLoopIsBoundedAndReported() async {
    let session = Session(catalog: misbehavingCatalog)
    session.printer.mode = .off
    await session.run("let store = Store(initialState: 0, reducer: misbehavingReducer)")
    let outputs = await session.run("store.send(.loopForever)")
    #expect(outputs.map(\.kind) == [.failure])
    #expect(outputs.first?.text.hasPrefix("The store processed 100000 actions synchronously for one send") == true)
    #expect(await session.run("store.state").map(\.text) == ["100000"])
    await self.expectSessionContinues(session)
  }

  @Test func effectThatNeverFinishesIsReportedByFinish() async {
    let session = Session(catalog: misbehavingCatalog)
    await session.run("let store = TestStore(initialState: 0, reducer: misbehavingReducer)")
    await session.run("store.send(.neverFinish)")
    let outputs = await session.run("store.finish()")
    #expect(outputs.map(\.kind) == [.failure, .info])
    #expect(outputs.first?.text.hasPrefix("Expected effects to finish, but there are still effects in-flight after 0.2 seconds.") == true)
    // After TCA's text, where the effect still running was made.
    #expect(outputs.last?.text == "Still running: effect at TCAScriptTests/Fixtures.swift:149 (returned by step 1)")
    await session.run("store.skipInFlightEffects()")
    await self.expectSessionContinues(session)
  }

  @Test func effectThatThrowsIsReported() async {
    let session = Session(catalog: misbehavingCatalog)
    session.printer.mode = .off
    await session.run("let store = TestStore(initialState: 0, reducer: misbehavingReducer)")
    var outputs = await session.run("store.send(.throwError)")
    outputs += await session.run("store.finish()")
    #expect(outputs.contains { $0.kind == .failure && $0.text.contains("threw an unhandled error") })
    await self.expectSessionContinues(session)
  }

  @Test func wrongKeyPathAndWrongTypes() async {
    let session = Session(catalog: testCatalog)
    await session.run("let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    let cases: [(String, String)] = [
      ("store.withState(\\.nope)", "1:19: error: value of type DemoForEachState has no member 'nope'"),
      ("store.send(.child(id: 1, action: 5))", "1:34: error: cannot convert integer literal to expected type DemoItemAction"),
      ("store.receive(\\.nothing)", "1:15: error: 'nothing' is not a case of DemoForEachAction"),
      ("store.environment = .live", "1:22: error: DemoForEach has no environment '.live'"),
      ("store.exhaustivity = .sometimes", "1:22: error: expected '.on', '.off' or '.off(showSkippedAssertions: true)'"),
      ("store.advance(by: .hours(1))", "1:19: error: 'hours' is not a duration unit"),
    ]
    for (source, prefix) in cases {
      let outputs = await session.run(source)
      #expect(outputs.count == 1, "\(source)")
      #expect(outputs.first?.text.hasPrefix(prefix) == true, "\(source): \(outputs.first?.text ?? "")")
    }
    await self.expectSessionContinues(session)
  }
}
