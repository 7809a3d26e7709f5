@_spi(Hosting) import ComposableArchitecture
import PlaygroundHost
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// A change reaches the session's output as a ``ChangeRecord``: the action, the store, whether
/// it was sent or received, and the printed lines with their kinds, made where the change is
/// computed; its text is what `_printChanges` prints.
@MainActor
@Suite struct ChangeRecordTests {
  @Test func aSendThatChangesStateIsRecordedLineByLine() async throws {
    let session = Session(catalog: testCatalog)
    await session.run("let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    let output = await session.run(
      #"store.send(.addItem) { $0.lastId = 1; $0.stackData.append(DemoItemState(id: 1, text: "Data 1", isActive: true)) }"#
    )
    #expect(output.count == 1)
    let record = try #require(output.first?.record)
    #expect(output.first?.kind == .changes)
    #expect(record.feature == "DemoForEach")
    #expect(record.storeName == "store")
    #expect(record.origin == .sent)
    #expect(record.actionLabel == "DemoForEachAction.addItem")
    let lines = record.lines.map { Line($0.kind, $0.text) }
    #expect(
      lines == [
        Line(.header, "received action:"),
        Line(.action, "  DemoForEachAction.addItem"),
        Line(.context, "  DemoForEachState("),
        Line(.context, "    stackData: ["),
        Line(.added, "+     [0]: DemoItemState("),
        Line(.added, "+       id: 1,"),
        Line(.added, "+       text: \"Data 1\","),
        Line(.added, "+       isActive: true"),
        Line(.added, "+     )"),
        Line(.context, "    ],"),
        Line(.removed, "-   lastId: 0"),
        Line(.added, "+   lastId: 1"),
        Line(.context, "  )"),
      ]
    )
    #expect(output.first?.text == record.text)
  }

  @Test func anEffectsActionIsRecordedAsReceivedWhenTheTestReceivesIt() async throws {
    let session = Session(catalog: testCatalog)
    await session.run("let store = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    let sent = try #require(await session.run("store.send(.didLoad)").first?.record)
    #expect(sent.origin == .sent)
    #expect(sent.lines.map(\.kind) == [.header, .action, .unchanged])
    let received = await session.run("store.receive(\\.receiveData)").compactMap(\.record)
    #expect(received.map(\.origin) == [.received])
    #expect(received.first?.actionLabel.hasPrefix("DemoForEachAction.receiveData") == true)
  }

  @Test func theLabelsFormatIsOneLabelLine() async throws {
    let session = Session(catalog: testCatalog)
    session.printer.mode = .labels
    await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    let record = try #require(await session.run("store.send(.addItem)").first?.record)
    #expect(record.lines == [ChangeRecord.Line(.label, "received action: DemoForEachAction.addItem")])
    #expect(record.origin == .sent)
  }

  /// The record's text is the runtime's `_printChanges` text, byte for byte: lines that a
  /// Unicode-aware split would merge (`"\r\n"`) and lines without a diff column (a line feed
  /// before a combining mark) included.
  @Test(arguments: [
    ("plain", "plain changed"),
    ("one\ntwo", "one\nthree"),
    ("crlf\r\nline", "crlf\r\nline!"),
    ("mark\n\u{301}after", "mark\n\u{301}later"),
  ])
  func theTextIsTheRuntimes(old: String, new: String) throws {
    let printer = ChangePrinter()
    let oldState = TextState(text: old), newState = TextState(text: new)
    let record = try #require(
      printer.record(
        action: DemoForEachAction.addItem, oldState: oldState, newState: newState, feature: "Text",
        storeID: ObjectIdentifier(printer), origin: .sent
      )
    )
    var expected = _changeDescription(receivedAction: DemoForEachAction.addItem, oldState: oldState, newState: newState)
    expected.removeLast()
    #expect(record.text == expected)
    #expect(record.lines.contains { $0.kind == .removed } && record.lines.contains { $0.kind == .added })
  }

  private struct TextState: Equatable {
    var text: String
  }

  /// A line as a comparable pair, for readable failures.
  private struct Line: Equatable, CustomStringConvertible {
    var kind: ChangeRecord.Line.Kind
    var text: String
    init(_ kind: ChangeRecord.Line.Kind, _ text: String) {
      self.kind = kind
      self.text = text
    }
    var description: String { "\(self.kind): \(self.text)" }
  }
}
