import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState`: conforms feature state to `ObservableState`.
///
/// In TCA it makes state observable by SwiftUI through the Observation framework; Linux has no
/// SwiftUI, so here it adds only the conformance, and leaves the type's stored properties (and
/// so its synthesized `Equatable`, `Hashable` and `Codable` conformances) untouched.
public enum ObservableStateMacro: ConformanceMacro {
  public static func conformances(
    of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) -> String? {
    guard !declaration.inherits(anyOf: ["ObservableState"].qualified()) else { return nil }
    return "ComposableArchitecture.ObservableState"
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
