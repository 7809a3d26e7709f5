import SwiftSyntax

/// Type names: how extensions name types, and how a name written inside a nested type is spelled
/// in that type's extension at file scope.
///
/// In `struct Parent { struct Child {}; struct State { var child = Child() } }`, `Child` names
/// `Parent.Child`, but inside `extension Parent.State` it names nothing: name lookup there sees
/// `Parent.State`'s members and the file scope, not `Parent`'s members. ``NameQualifier``
/// rewrites such names to their qualified form.
enum TypeNames {
  /// `Parent.Child` for `Parent.Child` or `Parent.Child<Int>`.
  static func withoutGenericArguments(_ type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) {
      return withoutGenericArguments(member.baseType) + "." + member.name.text
    }
    return type.trimmedDescription
  }

  /// Whether a type can be written before `.self` as it is (`Int`, `[Int]`, `Int?`), rather than
  /// in parentheses (`(any Error).self`).
  static func isSimple(_ type: TypeSyntax) -> Bool {
    type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) || type.is(ArrayTypeSyntax.self)
      || type.is(DictionaryTypeSyntax.self) || type.is(OptionalTypeSyntax.self)
  }

  /// The metatype expression of a type: `Int.self`, `(any Error).self`.
  static func metatype(_ type: TypeSyntax, qualifier: NameQualifier) -> String {
    let text = qualifier.qualify(type)
    return isSimple(type) ? "\(text).self" : "(\(text)).self"
  }

  /// The function type a parameter's type is, looking through attributes, optionals and
  /// parentheses (`@escaping () -> Void`, `(() -> Void)?`), if any.
  static func isFunction(_ type: TypeSyntax) -> Bool {
    if type.is(FunctionTypeSyntax.self) { return true }
    if let attributed = type.as(AttributedTypeSyntax.self) { return isFunction(attributed.baseType) }
    if let optional = type.as(OptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
    if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return isFunction(only.type)
    }
    return false
  }

  /// Whether a type is `inout`.
  static func isInout(_ type: TypeSyntax) -> Bool {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
    return attributed.specifiers.contains { $0.trimmedDescription.hasPrefix("inout") }
  }

  /// Whether a type is opaque (`some P`), which makes a parameter generic.
  static func isOpaque(_ type: TypeSyntax) -> Bool {
    type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.tokenKind == .keyword(.some)
  }

  /// Whether a type is written `T?` or `T!`, which gives a `var` a default of `nil`.
  static func isSugaredOptional(_ type: TypeSyntax) -> Bool {
    type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
  }
}

/// Rewrites the type names in text written inside a nested type so that they mean the same in
/// an extension of a given type at file scope.
struct NameQualifier {
  /// Every type and type alias the files declare, qualified.
  var declaredNames: Set<String>
  /// The qualified names of the declarations the text was written in, outermost first
  /// (`["Parent", "Parent.State"]`).
  var lexicalScope: [String]
  /// The type whose extension the text goes into.
  var extendedType: String
  /// Names that stand for other types where the text was written: a generic parameter bound
  /// by the extension (`Element` in `extension [Location]`), and `Self`.
  var substitutions: [String: String] = [:]

  /// The qualified name a name written in the lexical scope refers to, when the extension
  /// doesn't see it by that name.
  func resolve(_ name: String) -> String? {
    if let substitute = self.substitutions[name] { return substitute }
    for scope in self.lexicalScope.reversed() {
      let candidate = scope + "." + name
      guard self.declaredNames.contains(candidate) else { continue }
      return scope == self.extendedType ? nil : candidate
    }
    return nil
  }

  /// A type, as the extension should spell it.
  func qualify(_ type: TypeSyntax) -> String {
    Rewriter(qualifier: self).rewrite(type).trimmedDescription
  }

  /// An expression, as the extension should spell it.
  func qualify(_ expression: ExprSyntax) -> String {
    Rewriter(qualifier: self).rewrite(expression).trimmedDescription
  }

  private final class Rewriter: SyntaxRewriter {
    let qualifier: NameQualifier

    init(qualifier: NameQualifier) {
      self.qualifier = qualifier
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
      let visited = super.visit(node)
      guard let identifier = visited.as(IdentifierTypeSyntax.self),
        let qualified = self.qualifier.resolve(identifier.name.text)
      else { return visited }
      return TypeSyntax(identifier.with(\.name, identifier.name.with(\.tokenKind, .identifier(qualified))))
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
      if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
        return ExprSyntax(node)
      }
      guard node.argumentNames == nil, let qualified = self.qualifier.resolve(node.baseName.text) else {
        return ExprSyntax(node)
      }
      return ExprSyntax(node.with(\.baseName, node.baseName.with(\.tokenKind, .identifier(qualified))))
    }
  }
}

extension NameQualifier {
  /// A qualifier for text written inside `type` (or inside a type nested in it, `lexicalScope`):
  /// for `type`'s extension, or, `atFileScope`, for code outside any extension (a table
  /// function), where every name the type sees unqualified, `Self` among them, is qualified.
  init(declaredNames: Set<String>, lexicalScope: [String], type: String, atFileScope: Bool) {
    self.init(
      declaredNames: declaredNames,
      lexicalScope: lexicalScope,
      extendedType: atFileScope ? "" : type,
      substitutions: atFileScope ? ["Self": type] : [:]
    )
  }
}
