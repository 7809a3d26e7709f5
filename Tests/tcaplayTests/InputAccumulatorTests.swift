import Testing
@testable import KernelClient
import TCAScriptSyntax

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

  /// The prompt reads an input as the interpreter's lexer does: brackets inside strings, escapes,
  /// interpolations and comments of either kind don't count.
  @Test func bracketsInStringsAndCommentsDoNotCount() {
    #expect(InputCompleteness.of(#"PromoState(id: "(", title: "[{", amount: 1)"#) == .complete)
    #expect(InputCompleteness.of(#"x("a\"(")"#) == .complete)
    #expect(InputCompleteness.of(#"x("\(f("(")) items""#) == .needsMore(openBrackets: 1))
    #expect(InputCompleteness.of("store.send(.addItem) // (") == .complete)
    #expect(InputCompleteness.of("store.send(.addItem) /* ( */") == .complete)
    #expect(InputCompleteness.of("[1, [2") == .needsMore(openBrackets: 2))
    #expect(InputCompleteness.of("é(") == .needsMore(openBrackets: 1))
    #expect(InputCompleteness.of("a)") == .complete)
  }

  @Test func aBlockCommentGoesOnUntilItCloses() {
    var input = InputAccumulator()
    #expect(input.add("store.send(.addItem) /* a comment") == .needsMore)
    #expect(input.add("  with a ( in it */") == .complete("store.send(.addItem) /* a comment\n  with a ( in it */"))
    #expect(input.add("store.send(.addItem) /* ( */") == .complete("store.send(.addItem) /* ( */"))
  }

  /// A line the lexer rejects (an unterminated string, a stray character) is complete: the
  /// interpreter reports the error now instead of the prompt waiting for more.
  @Test func aLexicalErrorCompletesTheInput() {
    var input = InputAccumulator()
    #expect(input.add(#"store.send(.rename("abc)"#) == .complete(#"store.send(.rename("abc)"#))
    #expect(input.add("store.send(.x, ¢") == .complete("store.send(.x, ¢"))
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
