import Testing
import TCAPlayREPL

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
}
