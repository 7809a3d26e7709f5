import CustomDump
import TCAScriptSyntax

/// Operators on the values a script computes (numbers, strings, Booleans, optionals, arrays),
/// string interpolation, `?:`, `try`, `!`, and the error for syntax the evaluator doesn't run yet.
extension Evaluator {
  /// `a op b`. `&&`, `||` and `??` evaluate their right side only when needed.
  func evaluateOperator(_ op: String, _ lhs: Expr, _ rhs: Expr, range: SourceRange, scope: EvaluationScope) throws(ScriptError) -> Any {
    switch op {
    case "&&", "||":
      let left = try self.swiftValue(lhs, scope: scope)
      guard let l = left as? Bool else { throw Operators.mismatch(op, type(of: left), Bool.self, at: range) }
      if op == "&&" ? !l : l { return l }
      let right = try self.swiftValue(rhs, scope: scope)
      guard let r = right as? Bool else { throw Operators.mismatch(op, type(of: left), type(of: right), at: range) }
      return r
    case "??":
      let left = try self.swiftValue(lhs, scope: scope)
      guard let optional = left as? any _OptionalType else { return left }
      if let wrapped = optional._wrappedValue { return wrapped }
      return try self.swiftValue(rhs, scope: scope)
    case "==" where Self.isImplicitMember(rhs) || Self.isImplicitMember(lhs),
      "!=" where Self.isImplicitMember(rhs) || Self.isImplicitMember(lhs):
      // `state.filter == .all`: the implicit member takes the other side's type.
      let (known, implicit) = Self.isImplicitMember(rhs) ? (lhs, rhs) : (rhs, lhs)
      let value = try self.swiftValue(known, scope: scope)
      let flattened = Operators.flatten(value)
      let other = try self.builder.build(implicit, as: flattened.map { type(of: $0) } ?? type(of: value), scope: scope)
      return try Operators.apply(op, value, other, at: range)
    default:
      return try Operators.apply(op, self.swiftValue(lhs, scope: scope), self.swiftValue(rhs, scope: scope), at: range)
    }
  }

  static func isImplicitMember(_ expr: Expr) -> Bool {
    switch expr {
    case .implicitMember, .call(.implicitMember, _, nil, _): return true
    default: return false
    }
  }

  /// `"\(count) items"`: each value as Swift's interpolation writes it.
  func interpolate(_ segments: [StringSegment], scope: EvaluationScope) throws(ScriptError) -> String {
    var text = ""
    for segment in segments {
      switch segment {
      case let .literal(literal): text += literal
      case let .expression(expr): text += String(describing: try self.swiftValue(expr, scope: scope))
      }
    }
    return text
  }

  /// `condition ? a : b`.
  func evaluateTernary(
    _ condition: Expr, _ whenTrue: Expr, _ whenFalse: Expr, expected: Any.Type?, scope: EvaluationScope
  ) throws(ScriptError) -> RuntimeValue {
    let value = try self.swiftValue(condition, scope: scope)
    guard let flag = value as? Bool else {
      throw ScriptError("the condition of '?:' must be a Bool, not \(_typeName(type(of: value)))", at: condition.range)
    }
    return try self.evaluateSync(flag ? whenTrue : whenFalse, expected: expected, scope: scope)
  }

  /// `try x` and `try! x` evaluate `x` (its errors are reported either way); `try?` isn't run yet.
  func evaluateTry(_ keyword: String, _ operand: Expr, range: SourceRange, expected: Any.Type?, scope: EvaluationScope) throws(ScriptError) -> RuntimeValue {
    guard keyword != "try?" else { throw ScriptError("'try?' isn't supported here yet", at: range) }
    return try self.evaluateSync(operand, expected: expected, scope: scope)
  }

  /// `x!`: the wrapped value, or an error when `x` is nil.
  func forceUnwrap(_ base: Expr, range: SourceRange, scope: EvaluationScope) throws(ScriptError) -> RuntimeValue {
    let value = try self.evaluateSync(base, scope: scope)
    guard case let .swift(swift) = value, let optional = swift as? any _OptionalType else { return value }
    guard let wrapped = optional._wrappedValue else {
      throw ScriptError("'\(base)' is nil (found nil while unwrapping with '!')", at: range)
    }
    return .swift(wrapped)
  }

  /// The error for syntax that parses but that the evaluator doesn't run yet.
  func unsupported(_ expr: Expr) -> ScriptError {
    let construct: String
    switch expr {
    case let .macro(name, _, _, _): construct = "'#\(name)' isn't"
    case let .operatorReference(op, _): construct = "operators passed as functions ('\(op)') aren't"
    case let .type(type): construct = "types used as values ('\(type)') aren't"
    case .closure: construct = "closures aren't"
    case let .cast(_, keyword, _, _): construct = "'\(keyword)' casts aren't"
    default: construct = "'\(expr)' isn't"
    }
    return ScriptError("\(construct) supported here yet", at: expr.range)
  }
}

/// Binary operators on values, as Swift applies them to the standard library's types.
enum Operators {
  static package func apply(_ op: String, _ l: Any, _ r: Any, at range: SourceRange) throws(ScriptError) -> Any {
    switch op {
    case "==", "!=":
      let equal = self.equal(l, r)
      return op == "==" ? equal : !equal
    case "..<", "...":
      return try self.range(op, l, r, at: range)
    default:
      break
    }
    // An integer meets a Double as a literal would: converted.
    var result: Any?
    switch (l, r) {
    case let (a as Int, b as Int): result = try self.integer(op, a, b, at: range)
    case let (a as Double, b as Double): result = self.double(op, a, b)
    case let (a as Int, b as Double): result = self.double(op, Double(a), b)
    case let (a as Double, b as Int): result = self.double(op, a, Double(b))
    case let (a as String, b as String):
      switch op {
      case "+": result = a + b
      case "<": result = a < b
      case "<=": result = a <= b
      case ">": result = a > b
      case ">=": result = a >= b
      default: break
      }
    case let (a as [Any], b as [Any]) where op == "+":
      result = a + b
    default:
      break
    }
    guard let result else { throw self.mismatch(op, type(of: l), type(of: r), at: range) }
    return result
  }

  static func integer(_ op: String, _ a: Int, _ b: Int, at range: SourceRange) throws(ScriptError) -> Any? {
    switch op {
    case "+": return a &+ b
    case "-": return a &- b
    case "*": return a &* b
    case "/", "%":
      guard b != 0 else { throw ScriptError("division by zero", at: range) }
      return op == "/" ? a / b : a % b
    case "<": return a < b
    case "<=": return a <= b
    case ">": return a > b
    case ">=": return a >= b
    default: return nil
    }
  }

  static func double(_ op: String, _ a: Double, _ b: Double) -> Any? {
    switch op {
    case "+": return a + b
    case "-": return a - b
    case "*": return a * b
    case "/": return a / b
    case "<": return a < b
    case "<=": return a <= b
    case ">": return a > b
    case ">=": return a >= b
    default: return nil
    }
  }

  /// `==` compares what CustomDump prints, after unwrapping optionals (`name? == "Blob"`) and
  /// with integers and Doubles compared as numbers.
  static func equal(_ l: Any, _ r: Any) -> Bool {
    let l = self.flatten(l)
    let r = self.flatten(r)
    switch (l, r) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    case let (a as Int, b as Double), let (b as Double, a as Int): return Double(a) == b
    case let (l?, r?): return type(of: l) == type(of: r) && String(customDumping: l) == String(customDumping: r)
    }
  }

  /// A value with its optionals unwrapped: nil for `nil`.
  static func flatten(_ value: Any) -> Any? {
    guard let optional = value as? any _OptionalType else { return value }
    return optional._wrappedValue.flatMap(self.flatten)
  }

  static package func range(_ op: String, _ l: Any, _ r: Any, at range: SourceRange) throws(ScriptError) -> Any {
    switch (l, r) {
    case let (a as Int, b as Int):
      guard a <= b else { throw ScriptError("a range's lower bound (\(a)) must not be above its upper bound (\(b))", at: range) }
      return op == "..<" ? a..<b as Any : a...b as Any
    case let (a as Double, b as Double):
      guard a <= b else { throw ScriptError("a range's lower bound (\(a)) must not be above its upper bound (\(b))", at: range) }
      return op == "..<" ? a..<b as Any : a...b as Any
    case let (a as String, b as String):
      guard a <= b else { throw ScriptError("a range's lower bound (\"\(a)\") must not be above its upper bound (\"\(b)\")", at: range) }
      return op == "..<" ? a..<b as Any : a...b as Any
    default:
      throw self.mismatch(op, type(of: l), type(of: r), at: range)
    }
  }

  static func mismatch(_ op: String, _ l: Any.Type, _ r: Any.Type, at range: SourceRange) -> ScriptError {
    ScriptError("binary operator '\(op)' cannot be applied to operands of type \(_typeName(l)) and \(_typeName(r))", at: range)
  }
}
