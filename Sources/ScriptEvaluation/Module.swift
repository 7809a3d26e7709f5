// ScriptEvaluation: what a typed statement means and does — the interpreter's value model
// (names, stores, runtime values), the semantics of expressions and statements, the values it
// builds and reads, the stores it makes and drives, and completion.
