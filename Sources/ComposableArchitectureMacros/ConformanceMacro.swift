import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// An extension macro whose expansion is one extension that conforms the type it is attached to:
/// `extension Feature: ComposableArchitecture.Reducer {}`.
///
/// A conforming macro says only which conformances the declaration gets; the expansion is written
/// here once.
public protocol ConformanceMacro: ExtensionMacro {
  /// The conformances to add to `declaration`, as they are spelled after the colon, or `nil`
  /// when it needs none (its inheritance clause already names them).
  static func conformances(
    of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) -> String?
}

extension ConformanceMacro {
  /// The extension that adds ``conformances(of:in:)`` to `type`, or none.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let conformances = self.conformances(of: declaration, in: context) else { return [] }
    let decl: DeclSyntax = "extension \(type.trimmed): \(raw: conformances) {}"
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}
