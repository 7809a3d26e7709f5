/// The syntax tree of a script: plain data, produced by ``Parser`` and consumed by the
/// evaluator. Every node carries its source range for errors.
public indirect enum Expr: Equatable, Sendable {
  case integer(Int, SourceRange)
  case float(Double, SourceRange)
  case string(String, SourceRange)
  case bool(Bool, SourceRange)
  case `nil`(SourceRange)
  /// `name`: a binding, a store, a type, or a catalog function.
  case identifier(String, SourceRange)
  /// `$0`.
  case closureParameter(Int, SourceRange)
  /// `.name`: an enum case or a static member of the expected type.
  case implicitMember(String, SourceRange)
  /// `base.name`.
  case member(Expr, String, SourceRange)
  /// `callee(args) { trailing closure }`.
  case call(Expr, [Argument], trailingClosure: Closure?, SourceRange)
  /// `base[args]`.
  case `subscript`(Expr, [Argument], SourceRange)
  /// `base?`: optional chaining.
  case optionalChain(Expr, SourceRange)
  /// `base!`.
  case forceUnwrap(Expr, SourceRange)
  case array([Expr], SourceRange)
  case dictionary([(Expr, Expr)], SourceRange)
  /// `\Root.a.b` or `\.a.b`.
  case keyPath(root: String?, [KeyPathComponent], SourceRange)
  /// `/Root.case`.
  case casePath(root: String, [String], SourceRange)
  case closure(Closure)
  /// `-x`, `!x`.
  case prefix(String, Expr, SourceRange)
  /// `a + b`, `a == b`, …
  case binary(String, Expr, Expr, SourceRange)
  /// `.seconds(2)`-style durations and other parenthesized expressions are ordinary calls;
  /// a parenthesized expression is just its inner expression.
  case parenthesized(Expr, SourceRange)
  /// `#expect(x)`, `#require(x)`: a freestanding macro (its name without `#`).
  case macro(String, [Argument], trailingClosure: Closure?, SourceRange)
  /// `"\(count) items"`.
  case interpolatedString([StringSegment], SourceRange)
  /// An operator passed as a function: `reduce(0, +)`, `sorted(by: <)`.
  case operatorReference(String, SourceRange)
  /// `try x`, `try? x`, `try! x` (the keyword as written).
  case `try`(String, Expr, SourceRange)
  /// `condition ? a : b`.
  case ternary(Expr, Expr, Expr, SourceRange)
  /// `x as T`, `x as? T`, `x as! T`, `x is T` (the keyword as written).
  case cast(Expr, String, TypeSyntax, SourceRange)
  /// A type written as an expression: `IdentifiedArrayOf<Todo.State>()`, `[Location].previews`.
  /// (A plain name such as `Todo.State` stays an identifier or member.)
  case type(TypeSyntax)
  /// `let name` (or `var name`) inside a `case` pattern: `case .loaded(let count) = status`.
  case patternBinding(keyword: String, name: String, SourceRange)

  public static func == (lhs: Expr, rhs: Expr) -> Bool {
    lhs.description == rhs.description
  }

  /// The range the expression covers.
  public var range: SourceRange {
    switch self {
    case let .integer(_, r), let .float(_, r), let .string(_, r), let .bool(_, r), let .nil(r),
      let .identifier(_, r), let .closureParameter(_, r), let .implicitMember(_, r),
      let .call(_, _, _, r), let .subscript(_, _, r), let .optionalChain(_, r),
      let .forceUnwrap(_, r), let .array(_, r), let .dictionary(_, r), let .keyPath(_, _, r),
      let .casePath(_, _, r), let .prefix(_, _, r), let .binary(_, _, _, r),
      let .parenthesized(_, r), let .macro(_, _, _, r), let .interpolatedString(_, r),
      let .operatorReference(_, r), let .try(_, _, r), let .ternary(_, _, _, r), let .cast(_, _, _, r),
      let .patternBinding(_, _, r):
      return r
    case let .type(type):
      return type.range
    case let .closure(closure):
      return closure.range
    case let .member(base, _, r):
      return base.range.through(r)
    }
  }
}

/// A call or subscript argument: `label: value` or `value`.
public struct Argument: Equatable, Sendable {
  public var label: String?
  public var value: Expr
  public var range: SourceRange
  /// A labelled trailing closure after the first: `… } withDependencies: { … }`. (The first
  /// trailing closure is the call's `trailingClosure`.)
  public var isTrailingClosure = false

  package init(label: String?, value: Expr, range: SourceRange, isTrailingClosure: Bool = false) {
    self.label = label
    self.value = value
    self.range = range
    self.isTrailingClosure = isTrailingClosure
  }
}

/// A piece of an interpolated string: text, or an interpolated expression.
public enum StringSegment: Equatable, Sendable {
  case literal(String)
  case expression(Expr)
}

/// A key path component: `.name`, `[args]` (`[id: 2]`, `[0]`), or `?`.
public enum KeyPathComponent: Equatable, Sendable {
  case property(String, SourceRange)
  case `subscript`([Argument], SourceRange)
  case optional(SourceRange)
}

extension Expr: CustomStringConvertible {
  /// The expression as source text (normalized spacing), used in messages and history.
  public var description: String {
    switch self {
    case let .integer(v, _): return "\(v)"
    case let .float(v, _): return "\(v)"
    case let .string(v, _): return "\"" + Self.escaped(v) + "\""
    case let .bool(v, _): return "\(v)"
    case .nil: return "nil"
    case let .identifier(name, _): return name
    case let .closureParameter(i, _): return "$\(i)"
    case let .implicitMember(name, _): return ".\(name)"
    case let .member(base, name, _): return "\(base).\(name)"
    case let .call(callee, args, trailing, _):
      let call = "\(callee)(\(args.filter { !$0.isTrailingClosure }.map(\.description).joined(separator: ", ")))"
      let more = args.filter(\.isTrailingClosure).map { " \($0)" }.joined()
      return (trailing.map { "\(call) \($0)" } ?? call) + more
    case let .subscript(base, args, _): return "\(base)[\(args.map(\.description).joined(separator: ", "))]"
    case let .optionalChain(base, _): return "\(base)?"
    case let .forceUnwrap(base, _): return "\(base)!"
    case let .array(elements, _): return "[\(elements.map(\.description).joined(separator: ", "))]"
    case let .dictionary(pairs, _):
      return pairs.isEmpty ? "[:]" : "[\(pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", "))]"
    case let .keyPath(root, components, _):
      return "\\\(root ?? "")" + components.map(\.description).joined()
    case let .casePath(root, names, _): return "/\(root)" + names.map { ".\($0)" }.joined()
    case let .closure(closure): return closure.description
    case let .prefix(op, e, _): return "\(op)\(e)"
    case let .binary(op, l, r, _): return "\(l) \(op) \(r)"
    case let .parenthesized(e, _): return "(\(e))"
    case let .macro(name, args, trailing, _):
      let call = "#\(name)" + (args.isEmpty && trailing != nil ? "" : "(\(args.map(\.description).joined(separator: ", ")))")
      return trailing.map { "\(call) \($0)" } ?? call
    case let .interpolatedString(segments, range):
      var text = "\""
      for segment in segments {
        switch segment {
        case let .literal(literal): text += String(Expr.string(literal, range).description.dropFirst().dropLast())
        case let .expression(e): text += "\\(\(e))"
        }
      }
      return text + "\""
    case let .operatorReference(op, _): return op
    case let .try(keyword, e, _): return "\(keyword) \(e)"
    case let .ternary(c, a, b, _): return "\(c) ? \(a) : \(b)"
    case let .type(type): return type.description
    case let .cast(e, keyword, type, _): return "\(e) \(keyword) \(type)"
    case let .patternBinding(keyword, name, _): return "\(keyword) \(name)"
    }
  }
}

extension Argument: CustomStringConvertible {
  public var description: String {
    self.label.map { "\($0): \(self.value)" } ?? self.value.description
  }
}

extension KeyPathComponent: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .property(name, _): return ".\(name)"
    case let .subscript(args, _): return "[\(args.map(\.description).joined(separator: ", "))]"
    case .optional: return "?"
    }
  }
}

extension Expr {
  /// `text` as the inside of a string literal: `\`, `"` and newlines escaped.
  static func escaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result.append(contentsOf: #"\\"#.unicodeScalars)
      case "\"": result.append(contentsOf: #"\""#.unicodeScalars)
      case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
      default: result.append(scalar)
      }
    }
    return String(result)
  }
}
