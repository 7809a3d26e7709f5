/// A type as written in the script: in annotations (`let todos: IdentifiedArrayOf<Todo.State>`),
/// closure signatures, and as an expression (`[Location].previews`).
public indirect enum TypeSyntax: Equatable, Sendable {
  /// `Int`, `Todo.State`, `IdentifiedArrayOf<Todo.State>` (generic arguments of the last name).
  case named(String, generics: [TypeSyntax], SourceRange)
  /// `[Element]`.
  case array(TypeSyntax, SourceRange)
  /// `[Key: Value]`.
  case dictionary(TypeSyntax, TypeSyntax, SourceRange)
  /// `Wrapped?` (and `Wrapped!`).
  case optional(TypeSyntax, SourceRange)
  /// `()`, `(Int, String)`.
  case tuple([TypeSyntax], SourceRange)
  /// `(Int) async throws -> Bool`.
  case function([TypeSyntax], result: TypeSyntax, SourceRange)

  public var range: SourceRange {
    switch self {
    case let .named(_, _, r), let .array(_, r), let .dictionary(_, _, r), let .optional(_, r), let .tuple(_, r),
      let .function(_, _, r):
      return r
    }
  }
}

extension TypeSyntax: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .named(name, generics, _):
      return generics.isEmpty ? name : "\(name)<\(generics.map(\.description).joined(separator: ", "))>"
    case let .array(element, _): return "[\(element)]"
    case let .dictionary(key, value, _): return "[\(key): \(value)]"
    case let .optional(wrapped, _): return "\(wrapped)?"
    case let .tuple(elements, _): return "(\(elements.map(\.description).joined(separator: ", ")))"
    case let .function(parameters, result, _): return "(\(parameters.map(\.description).joined(separator: ", "))) -> \(result)"
    }
  }
}
