// TCAScript: the session façade — typed commands in, typed results out, over the evaluation
// (ScriptEvaluation) and history (SessionHistory) modules, which it re-exports for its users.
@_exported import ScriptEvaluation
@_exported import SessionHistory
