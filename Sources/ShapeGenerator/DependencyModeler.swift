import SwiftSyntax

/// Stage two, for dependencies: the `DependencyValues` paths a struct's `@Dependency(\.name)`
/// properties read, and the signatures of closure-typed stored properties (a dependency
/// client's endpoints), which the generated code turns into closures around a script's.
struct DependencyModeler {
  /// A property declared in an `extension DependencyValues`, and how far it is visible.
  struct Property {
    var fileIndex: Int
    /// `private` (only its extension sees it), `fileprivate` (its file), or `nil` (the module).
    var access: String?
  }

  /// The properties the files add to `DependencyValues`, by name.
  let properties: [String: Property]

  init(files: [CollectedFile]) {
    var properties: [String: Property] = [:]
    for item in files.flatMap(\.extensions) where ["DependencyValues", "Dependencies.DependencyValues"].contains(item.typeName) {
      let extensionAccess = Access.level(of: item.declaration.modifiers)
      for member in item.declaration.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        let own = Access.level(of: variable.modifiers)
        let access: String? =
          own == "private" ? "private"
          : own == "fileprivate" || ["private", "fileprivate"].contains(extensionAccess) ? "fileprivate" : nil
        for binding in variable.bindings {
          guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
          properties[name] = Property(fileIndex: item.fileIndex, access: access)
        }
      }
    }
    self.properties = properties
  }

  /// `apiClient` for `@Dependency(\.apiClient) var apiClient`, `date.now` for
  /// `@Dependency(\.date.now)`; `nil` for any other property (`@Dependency(Client.self)`).
  static func dependencyPath(of variable: VariableDeclSyntax) -> String? {
    let attribute = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }.first {
      ["Dependency", "Dependencies.Dependency", "ComposableArchitecture.Dependency"].contains($0.attributeName.trimmedDescription)
    }
    guard case let .argumentList(arguments)? = attribute?.arguments, arguments.count == 1,
      let first = arguments.first, first.label == nil,
      let keyPath = first.expression.as(KeyPathExprSyntax.self), keyPath.root == nil
    else { return nil }
    var names: [String] = []
    for component in keyPath.components {
      guard component.period != nil, case let .property(property) = component.component,
        property.declName.argumentNames == nil, property.genericArgumentClause == nil
      else { return nil }
      names.append(property.declName.baseName.text)
    }
    return names.isEmpty ? nil : names.joined(separator: ".")
  }

  /// Why generated code in file `fileIndex` can't name `\DependencyValues.<path>`, if it can't.
  func unreachable(_ path: String, fromFile fileIndex: Int, mode: GlueGenerator.Mode) -> String? {
    let first = String(path.prefix { $0 != "." })
    guard let property = self.properties[first], let access = property.access else { return nil }
    if access == "fileprivate", mode == .sameFile, property.fileIndex == fileIndex { return nil }
    return "'DependencyValues.\(first)' is \(access)"
  }

  /// The signature of a closure-typed property's type (`@Sendable (String) async throws -> T`);
  /// `nil` when the type isn't a function type, a reason when no closure can stand for it.
  static func endpoint(of type: TypeSyntax) -> Result<EndpointModel, Unsupported>? {
    guard let function = Self.functionType(type) else { return nil }
    for parameter in function.parameters {
      if parameter.ellipsis != nil || TypeNames.isInout(parameter.type) || Self.isAutoclosure(parameter.type) {
        return .failure(Unsupported(reason: "it takes an inout, variadic or autoclosure parameter"))
      }
    }
    let effects = function.effectSpecifiers
    if effects?.throwsClause?.type != nil {
      return .failure(Unsupported(reason: "it has a typed throws"))
    }
    return .success(
      EndpointModel(
        arity: function.parameters.count, isAsync: effects?.asyncSpecifier != nil,
        isThrowing: effects?.throwsClause != nil, isSendable: Self.isSendable(type)
      )
    )
  }

  /// Why a closure-typed property gets no endpoint.
  struct Unsupported: Error, Equatable {
    var reason: String
  }

  /// The function type a property's type is, through attributes and parentheses (not optionals).
  private static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
    if let function = type.as(FunctionTypeSyntax.self) { return function }
    if let attributed = type.as(AttributedTypeSyntax.self) { return self.functionType(attributed.baseType) }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
      only.firstName == nil
    {
      return self.functionType(only.type)
    }
    return nil
  }

  /// Whether a function type is `@Sendable`, through parentheses.
  private static func isSendable(_ type: TypeSyntax) -> Bool {
    if let attributed = type.as(AttributedTypeSyntax.self) {
      let names = attributed.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
      return names.contains("Sendable") || self.isSendable(attributed.baseType)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      return self.isSendable(only.type)
    }
    return false
  }

  private static func isAutoclosure(_ type: TypeSyntax) -> Bool {
    type.as(AttributedTypeSyntax.self)?.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "autoclosure"
    } ?? false
  }
}
