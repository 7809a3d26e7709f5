import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax

// The smaller pieces of building values: durations, describing what an expression evaluated
// to, and the type-level helpers the builder asks (optionals, dictionaries, scalars).
extension ValueBuilder {
  /// A type's name as Swift writes it in source (`any Error` for the existential).
  static func scriptTypeName(_ type: Any.Type) -> String {
    type == (any Error).self ? "any Error" : _typeName(type)
  }

  /// Whether the playground has no way to build a value of the type from text.
  static func isUnbuildable(_ type: Any.Type) -> Bool {
    let base = unwrapOptional(type)
    guard base != Any.self, base != Duration.self else { return false }
    if case .opaque = TypeSchema.of(base) { return true }
    return false
  }

  static func signature(_ fields: [TypeSchema.Field]) -> String {
    "(" + fields.map { ($0.isPositional ? "_" : $0.scriptName) + ": " + Self.scriptTypeName($0.type) }.joined(separator: ", ") + ")"
  }

  /// `.seconds(2)`, `.milliseconds(250)`: durations for `advance(by:)` and friends.
  func duration(_ expr: Expr, scope: EvaluationScope) throws(ScriptError) -> Duration? {
    guard case let .call(.implicitMember(unit, _), arguments, nil, range) = expr else { return nil }
    guard arguments.count == 1, arguments[0].label == nil else {
      throw ScriptError("expected a duration such as '.seconds(1)'", at: range)
    }
    let amount: Double
    switch arguments[0].value {
    case let .integer(v, _): amount = Double(v)
    case let .float(v, _): amount = v
    default: throw ScriptError("expected a number", at: arguments[0].value.range)
    }
    guard amount >= 0 else { throw ScriptError("a duration can't be negative", at: arguments[0].value.range) }
    guard amount < 1e9 else {
      throw ScriptError("a duration must be less than 1000000000 \(unit)", at: arguments[0].value.range)
    }
    switch unit {
    case "seconds": return .milliseconds(Int64(amount * 1000))
    case "milliseconds": return .microseconds(Int64(amount * 1000))
    case "microseconds": return .nanoseconds(Int64(amount * 1000))
    case "nanoseconds": return .nanoseconds(Int64(amount))
    default:
      throw ScriptError(
        "'\(unit)' is not a duration unit\(Diagnostics.didYouMean(unit, among: ["seconds", "milliseconds", "microseconds", "nanoseconds"]))",
        at: range
      )
    }
  }
}

extension RuntimeValue {
  /// What the value is, for messages: "a value of type Int", "a store", "the type Counter.State".
  var kindDescription: String {
    switch self {
    case let .swift(v): return "a value of type \(_typeName(Swift.type(of: v)))"
    case .store: return "a store"
    case .keyPath: return "a key path"
    case .casePath: return "a case path"
    case let .type(t): return "the type \(_typeName(t))"
    case let .namespace(name): return "'\(name)'"
    case let .feature(f): return "the reducer of \(f.name)"
    case let .variant(name): return "'.\(name)'"
    case .closure: return "a closure"
    case .void: return "no value"
    }
  }
}

extension TypeSchema {
  /// Types that decode from a single value (strings for UUID, numbers for Date…).
  var isScalarLike: Bool {
    if case .scalar = self { return true }
    return false
  }
}

extension SourceRange {
  /// The range without its first character (the `.` of an implicit member).
  func droppingFirst() -> SourceRange {
    SourceRange(line: self.line, column: self.column + 1, length: max(1, self.length - 1))
  }
}

protocol _DictionaryType {
  static var keyType: Any.Type { get }
  static var valueType: Any.Type { get }
}

extension Dictionary: _DictionaryType {
  static var keyType: Any.Type { Key.self }
  static var valueType: Any.Type { Value.self }
}

/// Wraps a value in `Optional<Wrapped>` when only the optional's metatype is known.
func wrapInOptional(_ value: Any, as optional: any _OptionalType.Type) -> Any {
  optional._wrap(value) ?? value
}

/// The type an optional type wraps, or the type itself.
func unwrapOptional(_ type: Any.Type) -> Any.Type {
  (type as? any _OptionalType.Type)?.wrappedType ?? type
}

/// `Optional<T>` for a type known only at run time.
func optionalType(of type: Any.Type) -> Any.Type {
  optionalType(wrapping: type)
}
