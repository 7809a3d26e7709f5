import ComposableArchitecture
import TCAScriptSyntax

/// The clocks a script makes as values, as a TCA test does: `let clock = TestClock()` (then
/// `$0.continuousClock = clock` and `await clock.advance(by: .seconds(1))`) and
/// `ImmediateClock()`.
@MainActor
struct ScriptClocks {
  package let evaluator: Evaluator

  /// A clock by its type's name: `TestClock` or `ImmediateClock` (of `Duration`).
  static package func make(_ name: String) -> (any Clock<Duration>)? {
    switch name {
    case "TestClock": return TestClock<Duration>()
    case "ImmediateClock": return ImmediateClock<Duration>()
    default: return nil
    }
  }

  /// `TestClock()` / `ImmediateClock()` in a binding or an expression.
  static func isClockInitializer(_ expr: Expr) -> Bool {
    if case let .call(.identifier(name, _), [], nil, _) = expr { return name == "TestClock" || name == "ImmediateClock" }
    return false
  }

  /// `clock.advance(by:)`, `clock.advance()` and `clock.run()` on a local test clock; afterwards
  /// every store lets the effects the clock woke run, as `store.advance(by:)` does.
  package func perform(
    _ method: String, on clock: TestClock<Duration>, _ arguments: [Argument], range: SourceRange, methodRange: SourceRange
  ) async throws -> RuntimeValue {
    switch (method, arguments.map(\.label)) {
    case ("advance", []):
      await clock.advance()
    case ("advance", ["by"]):
      let built = try self.evaluator.builder.build(arguments[0].value, as: Duration.self, scope: .topLevel)
      guard let duration = built as? Duration, duration >= .zero else {
        throw ScriptError("can't advance the clock by a negative duration", at: arguments[0].value.range)
      }
      await clock.advance(by: duration)
    case ("run", []):
      await clock.run()
    case ("advance", _), ("run", _):
      throw ScriptError("expected 'advance(by: .seconds(1))', 'advance()' or 'run()'", at: range)
    default:
      throw ScriptError(
        "value of type TestClock<Duration> has no method '\(method)'\(Diagnostics.didYouMean(method, among: ["advance", "run"]))",
        at: methodRange
      )
    }
    for store in self.evaluator.environment.storesByName.values {
      await store.driver.settle()
    }
    return .void
  }
}
