import Lessons
import TCAScript
import Testing
@testable import KernelProtocol
@testable import TCAPlayREPL

@MainActor
@Suite struct REPLCompletionTests {
  let repl = REPL(session: Session(catalog: lessonCatalog), console: BufferConsole())

  func complete(_ line: String) -> CompletionResult {
    self.repl.completions(for: line, cursor: line.count)
  }

  @Test func commandNamesAfterAColon() {
    #expect(self.complete(":") == CompletionResult(start: 1, candidates: MetaCommand.all.map(\.name).sorted(), appendsSpace: true))
    #expect(self.complete(":st") == CompletionResult(start: 1, candidates: ["state", "stores"], appendsSpace: true))
    #expect(self.complete("  :lo") == CompletionResult(start: 3, candidates: ["load"], appendsSpace: true))
  }

  @Test func commandArguments() async {
    #expect(self.complete(":load ") == CompletionResult(start: 6, candidates: ["--test"] + Set(lessonCatalog.features.map(\.name)).sorted(), appendsSpace: true))
    #expect(self.complete(":lo Demo") == CompletionResult(start: 4, candidates: ["DemoForEach", "DemoPullback", "DemoPullbackWithMockChild"], appendsSpace: true))
    #expect(self.complete(":load DemoForEach ") == CompletionResult(start: 18, candidates: ["as", "ten", "tenThousand", "three"], appendsSpace: true))
    #expect(self.complete(":load --test Promo") == CompletionResult(start: 13, candidates: ["PromoAdsList", "PromoList"], appendsSpace: true))
    #expect(self.complete(":load DemoForEach as ") == CompletionResult(start: 21, candidates: [], appendsSpace: true))
    #expect(self.complete(":print l") == CompletionResult(start: 7, candidates: ["labels"], appendsSpace: true))
    #expect(self.complete(":help rec") == CompletionResult(start: 6, candidates: ["receive"], appendsSpace: true))
    #expect(self.complete(":clock ") == CompletionResult(start: 7, candidates: ["advance"], appendsSpace: true))
    #expect(self.complete(":quit ") == CompletionResult(start: 6, candidates: [], appendsSpace: false))
    #expect(self.complete(":nope ") == CompletionResult(start: 6, candidates: [], appendsSpace: false))
  }

  @Test func stateCompletesKeyPathsOfTheCurrentStore() async {
    _ = await self.repl.execute(":load DemoForEach")
    #expect(self.complete(":state ") == CompletionResult(start: 7, candidates: ["lastId", "stackData"], appendsSpace: false))
    #expect(self.complete(":state st") == CompletionResult(start: 7, candidates: ["stackData"], appendsSpace: false))
    #expect(self.complete(":state stackData.") == CompletionResult(start: 17, candidates: ["id", "isActive", "text"], appendsSpace: false))
  }

  /// Right after `(` or a label's `:`, TAB offers what the argument can be: the payload's cases
  /// as implicit members, the label to write first, or the ids the state holds.
  @Test func argumentPositionsOfferTheirValues() async {
    _ = await self.repl.execute(":load CartPage loaded")
    #expect(self.complete("store.send(").candidates == [".didLoad", ".product", ".receiveCartData"])
    #expect(self.complete("store.send(.product(").candidates == ["id: "])
    #expect(self.complete("store.send(.product(id: ").candidates == ["1", "10", "11", "2", "3"])
    #expect(self.complete("store.send(.product(id: 1, action: ").candidates == [
      ".counter", ".didTapDelete", ".didTapMinus", ".didTapPlus", ".didTapToggle", ".textDidChange",
    ])
  }

  /// In a case key path, `[` offers `id: `, `[id: ` the state's ids and `[id: x].` the
  /// element's actions.
  @Test func caseKeyPathSubscriptsOfferIDs() async {
    _ = await self.repl.execute(":load --test ProductList")
    _ = await self.repl.execute("store.exhaustivity = .off")
    _ = await self.repl.execute("store.send(.fetchProducts)")
    _ = await self.repl.execute("store.receive(\\.fetchProductsResponse, timeout: .seconds(10))")
    #expect(self.complete("store.send(\\.product[").candidates == ["id: "])
    let ids = self.complete("store.send(\\.product[id: ").candidates
    #expect(ids.count == 20 && ids.contains("UUID(1)"))
    #expect(self.complete("store.send(\\.product[id: UUID(1)].").candidates == ["addToCart"])
    #expect(self.complete("store.send(\\.fetchProducts[id: ").candidates == [])
    #expect(self.repl.problemCount == 0)
  }

  @Test func idsOfAnEmptyStateOfferNothingAndUUIDsAreWrittenAsTheScriptReadsThem() async {
    _ = await self.repl.execute(":load ProductList")
    #expect(self.complete("store.send(.product(").candidates == [".element"])
    #expect(self.complete("store.send(.product(.element(id: ").candidates == [])
    _ = await self.repl.execute("store.send(.fetchProducts)")
    // The fixture client answers on an effect: wait (up to ten seconds) for the rows.
    for _ in 0..<1_000 where self.complete("store.send(.product(.element(id: ").candidates.isEmpty {
      try? await Task.sleep(for: .milliseconds(10))
    }
    let ids = self.complete("store.send(.product(.element(id: ").candidates
    #expect(ids.count == 20)
    #expect(ids.contains("UUID(0)") && ids.contains("UUID(19)"))
    // What TAB offers runs.
    _ = await self.repl.execute("store.send(.product(.element(id: UUID(3), action: .addToCart(.didTapPlusButton))))")
    #expect(self.repl.problemCount == 0)
  }

  @Test func seeWhyCommandsComplete() async {
    #expect(self.complete(":wh") == CompletionResult(start: 1, candidates: ["why"], appendsSpace: true))
    #expect(self.complete(":ca") == CompletionResult(start: 1, candidates: ["cancel"], appendsSpace: true))
    #expect(self.complete(":en") == CompletionResult(start: 1, candidates: ["end"], appendsSpace: true))
    _ = await self.repl.execute(":load CounterStack.Counter")
    // :why completes key paths, written with or without their `\.`.
    #expect(self.complete(":why \\.isL") == CompletionResult(start: 7, candidates: ["isLoading"], appendsSpace: false))
    #expect(self.complete(":why isT") == CompletionResult(start: 5, candidates: ["isTimerOn"], appendsSpace: false))
    // :cancel completes the cancel ids of the effects in flight.
    #expect(self.complete(":cancel ") == CompletionResult(start: 8, candidates: [], appendsSpace: true))
    _ = await self.repl.execute("store.send(.toggleTimerButtonTapped)")
    #expect(self.complete(":cancel Co") == CompletionResult(start: 8, candidates: ["CounterFeature.CancelID.timer"], appendsSpace: true))
    _ = await self.repl.execute(":cancel timer")
  }

  @Test func scriptCompletionsAppendNothing() async {
    _ = await self.repl.execute(":load DemoForEach")
    let line = "store.send(.child(id: 1, action: .to"
    #expect(self.complete(line) == CompletionResult(start: line.count - 2, candidates: ["toggle"], appendsSpace: false))
    #expect(self.complete("sto") == CompletionResult(start: 0, candidates: ["store"], appendsSpace: false))
    // The cursor need not be at the end.
    #expect(self.repl.completions(for: "store.send(.addI) // later", cursor: 16) == CompletionResult(start: 12, candidates: ["addItem"], appendsSpace: false))
  }
}
