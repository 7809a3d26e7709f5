/// Statements and closures of the syntax tree (see `AST.swift` for expressions).

/// A closure: `{ $0.count = 1 }`, `{ item in item.id == id }`, `{ (a, b) async throws -> Bool in … }`.
public struct Closure: Equatable, Sendable {
  public var statements: [Statement]
  public var range: SourceRange
  /// What is written before `in`; nil when there is no `in` (`{ $0.isActive }`).
  public var signature: ClosureSignature? = nil
}

/// A closure's `a, b in` / `(a: Int, b) async throws -> T in`.
public struct ClosureSignature: Equatable, Sendable {
  public var parameters: [ClosureParameter]
  public var isAsync: Bool
  public var isThrowing: Bool
  public var result: TypeSyntax?
  public var range: SourceRange
}

/// A closure parameter: `item`, `_`, `item: Todo.State`.
public struct ClosureParameter: Equatable, Sendable {
  public var name: String
  public var type: TypeSyntax?
  public var range: SourceRange
}

/// A statement.
public enum Statement: Equatable, Sendable {
  /// `let name = value` / `var name = value`.
  case binding(name: String, value: Expr, SourceRange)
  /// `target = value`, `target += value`, `target -= value`.
  case assignment(target: Expr, op: String, value: Expr, SourceRange)
  case expression(Expr)
  /// A declaration `binding` doesn't cover: `let now: Date = …`, `var names: [String] = []`, `var x: Int`.
  case declaration(Declaration)
  /// `_ = value`.
  case discard(Expr, SourceRange)
  case `if`(IfStatement)
  /// `guard conditions else { … }`.
  case `guard`([Condition], else: [Statement], SourceRange)
  /// `for pattern in sequence where condition { … }`.
  case `for`(ForLoop)
  case `return`(Expr?, SourceRange)
  case `throw`(Expr, SourceRange)
  /// `do { … } catch { … }`: the catch clauses' bodies (a catch's pattern isn't kept).
  case `do`([Statement], catches: [[Statement]], SourceRange)

  public var range: SourceRange {
    switch self {
    case let .binding(_, _, r), let .assignment(_, _, _, r), let .discard(_, r), let .guard(_, _, r),
      let .return(_, r), let .throw(_, r), let .do(_, _, r):
      return r
    case let .expression(e): return e.range
    case let .declaration(d): return d.range
    case let .if(s): return s.range
    case let .for(s): return s.range
    }
  }

  /// The construct as an error names it (plural): "'if' statements", "'for' loops".
  public var construct: String {
    switch self {
    case .binding: return "bindings"
    case .assignment: return "assignments"
    case .expression: return "expressions"
    case .declaration: return "type annotations on 'let'/'var'"
    case .discard: return "'_ = …' assignments"
    case .if: return "'if' statements"
    case .guard: return "'guard' statements"
    case .for: return "'for' loops"
    case .return: return "'return' statements"
    case .throw: return "'throw' statements"
    case .do: return "'do'/'catch' blocks"
    }
  }
}

/// `let name: Type = value` or `var name: Type` (value nil).
public struct Declaration: Equatable, Sendable {
  public var isVariable: Bool
  public var name: String
  public var type: TypeSyntax?
  public var value: Expr?
  public var range: SourceRange
}

/// `if conditions { … } else if … { … } else { … }`.
public struct IfStatement: Equatable, Sendable {
  public var conditions: [Condition]
  public var body: [Statement]
  public var elseBranch: ElseBranch?
  public var range: SourceRange
}

public indirect enum ElseBranch: Equatable, Sendable {
  case block([Statement])
  case `if`(IfStatement)
}

/// One condition of `if`/`guard`: a Boolean expression, `let name = optional` (`let name`
/// alone unwraps the name itself), or a `case` pattern.
public enum Condition: Equatable, Sendable {
  case expression(Expr)
  case optionalBinding(isVariable: Bool, name: String, type: TypeSyntax?, value: Expr?, SourceRange)
  /// `case let .family(relation) = value` (`bindsNames` for the leading `let`; a `let` inside the
  /// pattern, as in `.family(let relation)`, leaves just the name).
  case casePattern(bindsNames: Bool, pattern: Expr, value: Expr, SourceRange)
}

/// `for pattern in sequence where condition { body }`.
public struct ForLoop: Equatable, Sendable {
  public var pattern: Pattern
  public var sequence: Expr
  public var whereClause: Expr?
  public var body: [Statement]
  public var range: SourceRange
}

/// A `for` loop's pattern: `item`, `_`, `(index, item)`.
public indirect enum Pattern: Equatable, Sendable {
  case name(String, SourceRange)
  case wildcard(SourceRange)
  case tuple([Pattern], SourceRange)
}

// MARK: - Source text

extension Closure: CustomStringConvertible {
  public var description: String {
    let body = self.statements.map(\.description).joined(separator: "; ")
    guard let signature else { return "{ \(body) }" }
    return "{ \(signature) in \(body) }"
  }
}

extension ClosureSignature: CustomStringConvertible {
  public var description: String {
    let typed = self.parameters.contains { $0.type != nil } || self.result != nil
    let names = self.parameters.map { p in p.type.map { "\(p.name): \($0)" } ?? p.name }.joined(separator: ", ")
    var text = typed ? "(\(names))" : names
    if self.isAsync { text += " async" }
    if self.isThrowing { text += " throws" }
    if let result { text += " -> \(result)" }
    return text
  }
}

extension Statement: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .binding(name, value, _): return "let \(name) = \(value)"
    case let .assignment(target, op, value, _): return "\(target) \(op) \(value)"
    case let .expression(e): return e.description
    case let .declaration(d):
      return "\(d.isVariable ? "var" : "let") \(d.name)" + (d.type.map { ": \($0)" } ?? "") + (d.value.map { " = \($0)" } ?? "")
    case let .discard(e, _): return "_ = \(e)"
    case let .if(s): return s.description
    case let .guard(conditions, body, _):
      return "guard \(conditions.map(\.description).joined(separator: ", ")) else \(Self.block(body))"
    case let .for(loop):
      return "for \(loop.pattern) in \(loop.sequence)" + (loop.whereClause.map { " where \($0)" } ?? "") + " \(Self.block(loop.body))"
    case let .return(e, _): return e.map { "return \($0)" } ?? "return"
    case let .throw(e, _): return "throw \(e)"
    case let .do(body, catches, _):
      return "do \(Self.block(body))" + catches.map { " catch \(Self.block($0))" }.joined()
    }
  }

  static func block(_ statements: [Statement]) -> String {
    statements.isEmpty ? "{}" : "{ \(statements.map(\.description).joined(separator: "; ")) }"
  }
}

extension IfStatement: CustomStringConvertible {
  public var description: String {
    var text = "if \(self.conditions.map(\.description).joined(separator: ", ")) \(Statement.block(self.body))"
    switch self.elseBranch {
    case let .block(body)?: text += " else \(Statement.block(body))"
    case let .if(next)?: text += " else \(next)"
    case nil: break
    }
    return text
  }
}

extension Condition: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .expression(e): return e.description
    case let .optionalBinding(isVariable, name, type, value, _):
      return "\(isVariable ? "var" : "let") \(name)" + (type.map { ": \($0)" } ?? "") + (value.map { " = \($0)" } ?? "")
    case let .casePattern(bindsNames, pattern, value, _):
      return "case \(bindsNames ? "let " : "")\(pattern) = \(value)"
    }
  }
}

extension Pattern: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .name(name, _): return name
    case .wildcard: return "_"
    case let .tuple(patterns, _): return "(\(patterns.map(\.description).joined(separator: ", ")))"
    }
  }
}
