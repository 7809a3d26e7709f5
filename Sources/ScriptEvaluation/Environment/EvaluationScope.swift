/// What `$0` refers to while a closure runs: the state an assertion closure is mutating.
package final class MutableValue {
  package var value: Any
  package init(_ value: Any) { self.value = value }
}

/// The context an expression is evaluated in.
package struct EvaluationScope {
  /// `$0` in an assertion closure.
  package var closureParameter: MutableValue?
  /// The store whose state a bare key path (`\.count`) or `$0` refers to.
  package var store: StoreHandle?

  package init(closureParameter: MutableValue? = nil, store: StoreHandle? = nil) {
    self.closureParameter = closureParameter
    self.store = store
  }

  static var topLevel: EvaluationScope { EvaluationScope() }
}
