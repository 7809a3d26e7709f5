import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState`: conforms feature state to `ObservableState`.
///
/// In TCA it makes state observable by SwiftUI through the Observation framework; Linux has no
/// SwiftUI, so here it adds only the conformance, and leaves the type's stored properties (and
/// so its synthesized `Equatable`, `Hashable` and `Codable` conformances) untouched.
public enum ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !declaration.inherits(anyOf: ["ObservableState"].qualified()) else { return [] }
    let decl: DeclSyntax = "extension \(type.trimmed): ComposableArchitecture.ObservableState {}"
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}

/// `@ObservationStateIgnored`: excludes a property of `@ObservableState` state from observation.
/// Expands to nothing here, where state is not observed.
public enum ObservationStateIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
