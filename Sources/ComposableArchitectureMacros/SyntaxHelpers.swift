import SwiftSyntax

extension DeclGroupSyntax {
  /// The `public` or `package` modifier of the declaration, with a trailing space, to repeat on
  /// generated members; empty for internal and narrower.
  var accessPrefix: String {
    for modifier in self.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// Whether the declaration's inheritance clause names one of the given types.
  func inherits(anyOf names: [String]) -> Bool {
    self.inheritanceClause?.inheritedTypes.contains { names.contains($0.type.trimmedDescription) }
      ?? false
  }

  /// The names of the types declared directly inside the declaration.
  var memberTypeNames: [String] {
    self.memberBlock.members.compactMap {
      $0.decl.as(StructDeclSyntax.self)?.name.text
        ?? $0.decl.as(EnumDeclSyntax.self)?.name.text
        ?? $0.decl.as(TypeAliasDeclSyntax.self)?.name.text
        ?? $0.decl.as(ClassDeclSyntax.self)?.name.text
    }
  }
}

extension AttributeListSyntax {
  /// Whether the list holds an attribute with the given name (qualified or not).
  func contains(attributeNamed name: String) -> Bool {
    self.contains {
      guard case let .attribute(attribute) = $0 else { return false }
      let attributeName = attribute.attributeName.trimmedDescription
      return attributeName == name || attributeName.hasSuffix(".\(name)")
    }
  }
}

extension [String] {
  /// The names, also qualified with the given module: `["Reducer"]` → `["Reducer",
  /// "ComposableArchitecture.Reducer"]`.
  func qualified(_ module: String = "ComposableArchitecture") -> [String] {
    self.flatMap { [$0, "\(module).\($0)"] }
  }
}
