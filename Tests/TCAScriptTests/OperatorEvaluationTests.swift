import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// Operators, interpolation, `?:`, `try` and `!` evaluate; syntax the evaluator doesn't run yet
/// gets a one-line error naming the construct, at its position.
@MainActor
@Suite struct OperatorEvaluationTests {
  func values(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
    let session = Session(catalog: testCatalog)
    var texts: [String] = []
    for line in lines {
      texts += await session.run(line).map(\.text)
    }
    return texts
  }

  @Test func arithmetic() async {
    #expect(await self.values(["1 + 2 * 3", "10 / 4", "7 % 3", "1.5 + 1", "2 * 0.25", "-(2 + 3)", "\"a\" + \"b\""]) == [
      "7", "2", "1", "2.5", "0.5", "-5", "\"ab\"",
    ])
    #expect(await self.values(["1 / 0"]) == ["1:1: error: division by zero\n  1 / 0\n  ^~~~~"])
  }

  @Test func comparisonsAndLogic() async {
    #expect(await self.values(["3 > 2 && 2 >= 2", "1.5 < 1", "\"a\" < \"b\"", "1 == 1.0", "false || !false", "1 != 2"]) == [
      "true", "false", "true", "true", "true", "true",
    ])
    // The right side of `&&`/`||` is evaluated only when needed.
    #expect(await self.values(["false && undefinedName", "true || undefinedName"]) == ["false", "true"])
    #expect(await self.values(["1 && true"]) == ["1:1: error: binary operator '&&' cannot be applied to operands of type Swift.Int and Swift.Bool\n  1 && true\n  ^~~~~~~~~"])
  }

  @Test func optionalsRangesAndConditionals() async {
    #expect(await self.values(["nil ?? 3", "4 ?? 3", "0..<3", "1...2", "true ? 1 : 2", "false ? 1 : 2"]) == [
      "3", "4", "0..<3", "1...2", "1", "2",
    ])
    #expect(await self.values(["3..<1"]).first?.hasPrefix("1:1: error: a range's lower bound (3) must not be above its upper bound (1)") == true)
    #expect(await self.values(["(nil)!"]).first?.hasPrefix("1:1: error: '(nil)' is nil (found nil while unwrapping with '!')") == true)
    #expect(await self.values(["try 1 + 1", "try! 2"]) == ["2", "2"])
  }

  @Test func stringInterpolation() async {
    #expect(await self.values([#"let n = 2"#, #""\(n) items, \(n * 1.5) kg, \(n > 1)""#]) == [#""2 items, 3.0 kg, true""#])
  }

  @Test func constructsNotRunYetAreOneLineErrors() async {
    #expect(await self.values(["#expect(throws: Never.self) { 1 }"]).first?.hasPrefix("1:1: error: '#expect' with 'throws:' isn't supported here yet") == true)
    #expect(await self.values(["do { 1 } catch { 2 }"]) == ["1:1: error: 'do'/'catch' blocks aren't supported here yet\n  do { 1 } catch { 2 }\n  ^~~~~~~~~~~~~~~~~~~~"])
    #expect(await self.values(["if true { throw 1 }"]).first?.hasPrefix("1:11: error: 'throw' statements aren't supported here yet") == true)
    #expect(await self.values(["let x: [Int: String] = [:]"]).first?.hasPrefix("1:8: error: the type '[Int: String]' isn't supported here yet") == true)
    #expect(await self.values(["try? 1"]).first?.hasPrefix("1:1: error: 'try?' isn't supported here yet") == true)
    #expect(await self.values(["[1].reduce(0, +)"]) == ["1"])
    #expect(await self.values(["[Int].self"]).first?.hasPrefix("1:6: error: type [Int] has no member 'self'") == true)
    #expect(await self.values(["[Int: String]()"]).first?.hasPrefix("1:1: error: the type '[Int: String]' isn't supported here yet") == true)
    #expect(await self.values(["_ = 1 + 1", "1"]) == ["1"])
    #expect(await self.values(["1 as? Int"]).first?.hasPrefix("1:1: error: 'as?' casts aren't supported here yet") == true)
  }
}
