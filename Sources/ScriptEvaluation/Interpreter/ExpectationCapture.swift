import ComposableArchitecture
import Foundation
import TCAScriptSyntax

/// Evaluates the condition of `#expect`/`#require` and describes it as Swift Testing 6.3 does
/// when an expectation fails: the source with the values of its parts.
///
/// ```
/// #expect(a == b)                     Expectation failed: (a → 1) == (b → 2)
/// #expect(store.state.count > 2)      Expectation failed: (store.state.count → 1) > 2
/// #expect(store.state.isOn)           Expectation failed: (store.state → State(…)).isOn → false
/// #expect(items.contains(x))          Expectation failed: (items → [1, 2]).contains(x → 5)
/// #expect(a == 2 && b)                Expectation failed: (a == 2 → false) && (b → <not evaluated>)
/// #expect(!flag)                      Expectation failed: !(flag → true)
/// #expect(flag)                       Expectation failed: flag
/// ```
///
/// An operand whose value is written as its source (a literal: `2`, `"y"`, `nil`, `.b(2)`) shows
/// just the source. `==` between two arrays adds Swift Testing's line of what differs
/// (`± inserted [2]`). Values are described as `String(describingForTest:)` describes them
/// (``TestDescription``).
@MainActor
struct ExpectationCapture {
  package let evaluator: Evaluator
  package let scope: EvaluationScope

  /// A captured condition: its value, the expanded text, and Swift Testing's difference line.
  package struct Result {
    package var value: Any
    var expanded: String
    package var difference: String?
  }

  /// The binary operators whose operands are shown with their values.
  static let capturedOperators: Set<String> = ["==", "!=", "<", "<=", ">", ">=", "&&", "||", "+", "-", "*", "/", "%"]

  func capture(_ expr: Expr) throws(ScriptError) -> Result {
    switch expr {
    case let .binary(op, lhs, rhs, range) where Self.capturedOperators.contains(op):
      return try self.binary(op, lhs, rhs, range: range)
    case let .prefix("!", operand, range):
      let value = try self.evaluator.swiftValue(operand, scope: self.scope)
      guard let flag = value as? Bool else {
        throw ScriptError("operator '!' can't be applied to \(_typeName(type(of: value)))", at: range)
      }
      return Result(value: !flag, expanded: "!" + self.operand(operand, value: value))
    case let .member(base, name, _):
      let value = try self.evaluator.swiftValue(expr, scope: self.scope)
      guard let baseText = try self.described(base) else { return Result(value: value, expanded: expr.description) }
      return Result(value: value, expanded: "\(baseText).\(name) → \(TestDescription.of(value))")
    case let .call(callee, arguments, nil, _):
      let value = try self.evaluator.swiftValue(expr, scope: self.scope)
      let shown = arguments.count > 1
      let list = arguments.map { argument in
        let text = self.argument(argument.value, parenthesized: shown)
        return argument.label.map { "\($0): \(text)" } ?? text
      }.joined(separator: ", ")
      switch callee {
      case let .member(base, name, _):
        guard let baseText = try self.described(base) else { return Result(value: value, expanded: expr.description) }
        return Result(value: value, expanded: "\(baseText).\(name)(\(list))")
      case let .identifier(name, _):
        return Result(value: value, expanded: "\(name)(\(list))")
      default:
        return Result(value: value, expanded: expr.description)
      }
    default:
      return Result(value: try self.evaluator.swiftValue(expr, scope: self.scope), expanded: expr.description)
    }
  }

  /// `lhs op rhs`, each side with its value; `&&` and `||` evaluate the right side only when
  /// needed (`<not evaluated>` otherwise).
  private func binary(_ op: String, _ lhs: Expr, _ rhs: Expr, range: SourceRange) throws(ScriptError) -> Result {
    if op == "&&" || op == "||" {
      let left = try self.evaluator.swiftValue(lhs, scope: self.scope)
      guard let l = left as? Bool else { throw Operators.mismatch(op, type(of: left), Bool.self, at: range) }
      if op == "&&" ? !l : l {
        return Result(value: l, expanded: "\(self.operand(lhs, value: l)) \(op) (\(rhs) → <not evaluated>)")
      }
      let right = try self.evaluator.swiftValue(rhs, scope: self.scope)
      guard let r = right as? Bool else { throw Operators.mismatch(op, type(of: left), type(of: right), at: range) }
      return Result(value: r, expanded: "\(self.operand(lhs, value: l)) \(op) \(self.operand(rhs, value: r))")
    }
    let (left, right) = try self.operands(lhs, rhs)
    let value = try Operators.apply(op, left, right, at: range)
    var difference: String?
    if op == "==", value as? Bool == false {
      difference = Self.difference(left, right)
    }
    return Result(value: value, expanded: "\(self.operand(lhs, value: left)) \(op) \(self.operand(rhs, value: right))", difference: difference)
  }

  /// Both operands; a literal side (`.b(2)`, `[1]`, `nil`) is built as the other side's type.
  func operands(_ lhs: Expr, _ rhs: Expr) throws(ScriptError) -> (Any, Any) {
    let builder = self.evaluator.builder
    let lhsIsLiteral = Self.isLiteral(lhs)
    if lhsIsLiteral && !Self.isLiteral(rhs) {
      let right = try self.evaluator.swiftValue(rhs, scope: self.scope)
      return (try self.value(lhs, typedLike: right, builder: builder), right)
    }
    let left = try self.evaluator.swiftValue(lhs, scope: self.scope)
    return (left, try self.value(rhs, typedLike: left, builder: builder))
  }

  /// A literal evaluated as `other`'s type when it can be (else as it is written).
  private func value(_ expr: Expr, typedLike other: Any, builder: ValueBuilder) throws(ScriptError) -> Any {
    let type = Swift.type(of: other)
    if Self.isLiteral(expr), builder.isConstructionSyntax(expr, for: type),
      case let .swift(value)? = try? self.evaluator.evaluateSync(expr, expected: type, scope: self.scope)
    {
      return value
    }
    return try self.evaluator.swiftValue(expr, scope: self.scope)
  }

  /// `(source → value)`, or the source alone when it is a literal or reads as its value.
  private func operand(_ expr: Expr, value: Any) -> String {
    let source = expr.description
    if Self.isLiteral(expr) { return source }
    let description = TestDescription.of(value)
    return description == source ? source : "(\(source) → \(description))"
  }

  /// A call's argument: `x → 5`, parenthesized when the call has several.
  private func argument(_ expr: Expr, parenthesized: Bool) -> String {
    let source = expr.description
    guard !Self.isLiteral(expr), let value = try? self.evaluator.swiftValue(expr, scope: self.scope) else { return source }
    let description = TestDescription.of(value)
    if description == source { return source }
    return parenthesized ? "(\(source) → \(description))" : "\(source) → \(description)"
  }

  /// The base of a member access or method call with its value: `(store.state → State(…))`,
  /// `(child → …)?`; nil when the base isn't a value (a type written as a namespace).
  private func described(_ base: Expr) throws(ScriptError) -> String? {
    if case let .optionalChain(inner, _) = base {
      return try self.described(inner).map { $0 + "?" }
    }
    let description: String
    switch try self.evaluator.evaluateSync(base, scope: self.scope) {
    case let .swift(value): description = TestDescription.of(value)
    case let .store(store): description = "\(store.driver.isTestStore ? "TestStore" : "Store")<\(_typeName(store.driver.stateType)), \(_typeName(store.driver.actionType))>"
    case let .type(type): description = TestDescription.of(type)
    default: return nil
    }
    let source = base.description
    return description == source ? source : "(\(source) → \(description))"
  }

  /// Literals show their source only: numbers, strings, `nil`, `true`, `.case`, `.case(…)`, and
  /// arrays and dictionaries of literals.
  static func isLiteral(_ expr: Expr) -> Bool {
    switch expr {
    case .integer, .float, .string, .bool, .nil, .implicitMember: return true
    case let .call(.implicitMember, arguments, nil, _): return arguments.allSatisfy { Self.isLiteral($0.value) }
    case let .prefix("-", operand, _): return Self.isLiteral(operand)
    case let .array(elements, _): return elements.allSatisfy(Self.isLiteral)
    case let .dictionary(pairs, _): return pairs.allSatisfy { Self.isLiteral($0.0) && Self.isLiteral($0.1) }
    default: return false
    }
  }

  /// Swift Testing's line under a failed `==` between arrays: `± inserted [2], removed [3]`
  /// (the left side's elements against the right side's).
  static package func difference(_ left: Any, _ right: Any) -> String? {
    guard let l = Operators.flatten(left) as? [Any], let r = Operators.flatten(right) as? [Any] else { return nil }
    let changes = l.map { String(customDumping: $0) }.difference(from: r.map { String(customDumping: $0) })
    var inserted: [String] = []
    var removed: [String] = []
    for change in changes {
      switch change {
      case let .insert(offset, _, _): inserted.append(TestDescription.of(l[offset]))
      case let .remove(offset, _, _): removed.append(TestDescription.of(r[offset]))
      }
    }
    var parts: [String] = []
    if !inserted.isEmpty { parts.append("inserted [\(inserted.joined(separator: ", "))]") }
    if !removed.isEmpty { parts.append("removed [\(removed.joined(separator: ", "))]") }
    return parts.isEmpty ? nil : "± " + parts.joined(separator: ", ")
  }
}

/// How Swift Testing describes a value in a failed expectation (`String(describingForTest:)`):
/// optionals unwrapped (`nil` when empty), strings quoted, `CustomStringConvertible` values by
/// their description, types by their unqualified names, enum cases with a leading dot (`.a`),
/// and anything else as `String(describing:)` writes it.
package enum TestDescription {
  static package func of(_ value: Any) -> String {
    if let optional = value as? any _OptionalType {
      return optional._wrappedValue.map(Self.of) ?? "nil"
    }
    switch value {
    case let string as String: return "\"\(string)\""
    case let substring as Substring: return "\"\(substring)\""
    case let range as Range<Int>: return "\(range.lowerBound) ..< \(range.upperBound)"
    case let range as ClosedRange<Int>: return "\(range.lowerBound) ... \(range.upperBound)"
    case let value as any CustomStringConvertible: return String(describing: value)
    case let value as any TextOutputStreamable: return String(describing: value)
    case let value as any CustomDebugStringConvertible: return String(reflecting: value)
    case let type as any Any.Type: return _typeName(type, qualified: false)
    default:
      if Mirror(reflecting: value).displayStyle == .enum { return ".\(value)" }
      return String(describing: value)
    }
  }
}
