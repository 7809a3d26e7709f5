/// What `$0` refers to while a closure runs: the state an assertion closure is mutating.
final class MutableValue {
  var value: Any
  init(_ value: Any) { self.value = value }
}

/// The context an expression is evaluated in.
struct EvaluationScope {
  /// `$0` in an assertion closure.
  var closureParameter: MutableValue?
  /// The store whose state a bare key path (`\.count`) or `$0` refers to.
  var store: StoreHandle?

  static var topLevel: EvaluationScope { EvaluationScope() }
}
