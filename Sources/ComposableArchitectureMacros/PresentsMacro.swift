import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents`: turns `var child: Child.State?` into a property backed by
/// `_child: PresentationState<Child.State>`, with a `$child` projection for
/// `ifLet(\.$child, action: \.child)`.
public enum PresentsMacro {}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    // Diagnostics are reported once, by the peer role.
    guard let property = PresentedProperty(declaration, node: node, in: nil) else { return [] }
    return [
      """
      @storageRestrictions(initializes: _\(raw: property.name))
      init(initialValue) {
      _\(raw: property.name) = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
      }
      """,
      """
      get {
      _\(raw: property.name).wrappedValue
      }
      """,
      """
      set {
      _\(raw: property.name).wrappedValue = newValue
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = PresentedProperty(declaration, node: node, in: context) else { return [] }
    let storageType = "ComposableArchitecture.PresentationState<\(property.wrappedType)>"
    return [
      """
      \(raw: property.access)var $\(raw: property.name): \(raw: storageType) {
      get {
      _\(raw: property.name).projectedValue
      }
      set {
      _\(raw: property.name).projectedValue = newValue
      }
      }
      """,
      """
      @ObservationStateIgnored
      private var _\(raw: property.name) = \(raw: storageType)(wrappedValue: \(raw: property.initialValue))
      """,
    ]
  }
}

/// The property `@Presents` is attached to: `var name: Wrapped?`, perhaps with an initial value.
private struct PresentedProperty {
  let name: String
  let wrappedType: String
  let initialValue: String
  let access: String

  init?(
    _ declaration: some DeclSyntaxProtocol,
    node: AttributeSyntax,
    in context: (any MacroExpansionContext)?
  ) {
    guard
      let variable = declaration.as(VariableDeclSyntax.self),
      variable.bindingSpecifier.tokenKind == .keyword(.var),
      variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
      binding.accessorBlock == nil
    else {
      context?.diagnose(
        Diagnostic(node: node, message: PresentsDiagnostic.requiresStoredVar)
      )
      return nil
    }
    let type = binding.typeAnnotation?.type
    let wrappedType =
      type?.as(OptionalTypeSyntax.self)?.wrappedType.trimmedDescription
      ?? type?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType.trimmedDescription
      ?? type?.as(IdentifierTypeSyntax.self).flatMap { identifier in
        identifier.name.text == "Optional"
          ? identifier.genericArgumentClause?.arguments.first?.argument.trimmedDescription
          : nil
      }
    guard let wrappedType else {
      context?.diagnose(
        Diagnostic(node: binding, message: PresentsDiagnostic.requiresOptionalType)
      )
      return nil
    }
    self.name = identifier.trimmedDescription
    self.wrappedType = wrappedType
    self.initialValue = binding.initializer?.value.trimmedDescription ?? "nil"
    self.access =
      variable.modifiers
      .first { [.keyword(.public), .keyword(.package), .keyword(.fileprivate), .keyword(.private)].contains($0.name.tokenKind) }
      .map { "\($0.name.text) " } ?? ""
  }
}

private enum PresentsDiagnostic: String, DiagnosticMessage {
  case requiresStoredVar
  case requiresOptionalType

  var message: String {
    switch self {
    case .requiresStoredVar: return "'@Presents' can only be applied to a stored 'var' property"
    case .requiresOptionalType:
      return "'@Presents' requires an explicit optional type, like 'var child: Child.State?'"
    }
  }

  var diagnosticID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: self.rawValue)
  }

  var severity: DiagnosticSeverity { .error }
}
