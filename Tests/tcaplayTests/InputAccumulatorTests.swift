import Testing
@testable import TCAPlayFrontEnd

@Suite struct InputAccumulatorTests {
  @Test func aLineWithClosedBracketsIsComplete() {
    var input = InputAccumulator()
    #expect(input.add("store.send(.addItem)") == .complete("store.send(.addItem)"))
    #expect(input.isEmpty)
  }

  @Test func openBracketsContinueOnTheNextLine() {
    var input = InputAccumulator()
    #expect(input.add("store.send(.addItem) {") == .needsMore)
    #expect(!input.isEmpty)
    #expect(input.add("  $0.lastId = 1") == .needsMore)
    #expect(input.add("}") == .complete("store.send(.addItem) {\n  $0.lastId = 1\n}"))
    #expect(input.isEmpty)
  }

  /// ASCII text is walked by bytes: it counts as walking it by characters does, `\r\n` (one
  /// character) included.
  @Test func bytesCountAsCharactersDo() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["(", ")", "[", "]", "{", "}", "\"", "\\", "/", "//", "\n", "\r\n", "\r", "a", " ", "x("]
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      #expect(
        InputAccumulator.openBrackets(inASCII: text.utf8) == InputAccumulator.openBrackets(byCharacters: text),
        "\(text.debugDescription)"
      )
    }
    #expect(InputAccumulator.openBrackets(inASCII: "é(".utf8) == nil)
    #expect(InputAccumulator.openBrackets(in: "é(") == 1)
  }

  @Test func bracketsInStringsAndCommentsDoNotCount() {
    #expect(InputAccumulator.openBrackets(in: #"PromoState(id: "(", title: "[{", amount: 1)"#) == 0)
    #expect(InputAccumulator.openBrackets(in: #"x("a\"(")"#) == 0)
    #expect(InputAccumulator.openBrackets(in: "store.send(.addItem) // (") == 0)
    #expect(InputAccumulator.openBrackets(in: "[1, [2") == 2)
    #expect(InputAccumulator.openBrackets(in: "a)") == -1)
  }

  @Test func anExtraClosingBracketCompletesTheInput() {
    var input = InputAccumulator()
    #expect(input.add("store.send(.addItem))") == .complete("store.send(.addItem))"))
  }

  @Test func blocksRunWhenClosed() {
    var input = InputAccumulator()
    #expect(input.add(":{") == .needsMore)
    #expect(!input.isEmpty)
    #expect(input.add("store.send(.addItem)") == .needsMore)
    #expect(input.add("store.send(.shuffle)") == .needsMore)
    #expect(input.add("  :}  ") == .complete("store.send(.addItem)\nstore.send(.shuffle)"))
    #expect(input.isEmpty)
  }

  @Test func commandsAreOneLine() {
    var input = InputAccumulator()
    #expect(input.add("  :state stackData[") == .complete(":state stackData["))
  }

  @Test func startLineCountsThePhysicalLinesAdded() {
    var input = InputAccumulator()
    _ = input.add("let a = 1")
    _ = input.add("")
    #expect(input.add("store.send(") == .needsMore)
    #expect(input.add(".addItem)") == .complete("store.send(\n.addItem)"))
    #expect(input.startLine == 3)
    _ = input.add(":{")
    _ = input.add("x")
    #expect(input.add(":}") == .complete("x"))
    #expect(input.startLine == 6)
  }

  @Test func resetDropsThePendingInput() {
    var input = InputAccumulator()
    _ = input.add("store.send(")
    input.reset()
    #expect(input.isEmpty)
    #expect(input.add("1") == .complete("1"))
  }

  @Test func flushReturnsAnUnfinishedInput() {
    var input = InputAccumulator()
    _ = input.add("store.send(.addItem")
    #expect(input.flush() == "store.send(.addItem")
    #expect(input.flush() == nil)
  }
}
