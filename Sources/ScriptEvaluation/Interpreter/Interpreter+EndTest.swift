import ComposableArchitecture
import TCAScriptSyntax

/// `:end`: a test store's test ended, as the end of a Swift test ends it.
extension Interpreter {
  /// `:end`: ends the current test store's test, as the end of a Swift test does; what it
  /// reports (TCA's texts, each unfinished effect followed by where it was made), or a line
  /// saying nothing was left.
  package func endTest() async throws(ScriptError) -> [SessionOutput] {
    guard let store = self.environment.currentStore else {
      throw ScriptError("there is no store yet; load one with ':load FEATURE' or 'let store = TestStore(…)'", at: nil)
    }
    guard store.driver.isTestStore else {
      throw ScriptError("\(store.name) is a live Store; ':end' ends a TestStore's test", at: nil)
    }
    _ = self.output.take()
    await withIssueReporters(self.output.reporters) {
      await store.driver.endTest()
    }
    self.output.flushChanges()
    self.output.flushIssues()
    let outputs = self.output.take()
    guard outputs.isEmpty else { return outputs }
    return [SessionOutput(.info, "\(store.name)'s test ended with nothing left unasserted.")]
  }
}
