import ScriptEvaluation
import SessionHistory

/// Starting over in the same session.
extension Session {
  /// Forgets every store, name and recorded statement, as a new session starts, and keeps what
  /// is costly to build again: the catalog (with the features installed into it) and the type
  /// registry built from it. Dropped stores cancel their effects, as TCA's do.
  ///
  /// For running many short scripts one after another in one process (the evaluator's fuzz
  /// target resets between inputs instead of building a session for each): a reset session
  /// runs a script exactly as a new one would.
  public func reset() {
    self.environment.forgetEverythingNamed()
    self.transcriptLog.forgetStatements()
    _ = self.outputBuffer.take()
  }
}
