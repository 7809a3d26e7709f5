import ComposableArchitecture
import FeatureCatalog
import Foundation
import TypeShapes

/// The types a script may name, found from the catalog: every feature's state and action types
/// and, transitively, the types of their fields and payloads. Built lazily, on the first lookup.
final class TypeRegistry {
  package let catalog: Catalog
  private var byName: [String: Any.Type]?
  var staticMemberCache: [ObjectIdentifier: [CatalogValue]] = [:]
  var propertyCache: [ObjectIdentifier: [FeatureCatalog.ComputedProperty]] = [:]
  /// Static members declared in extensions of other types (`[Location].previews`), by the type
  /// they are written on, as the registry's types list them; found with the names.
  private var extensionMembersByOwner: [ObjectIdentifier: [ExtensionMember]] = [:]
  /// The registry's specialised generic types by name (`AlertState<Todos.Action.Alert>`).
  private var genericTypesByName: [String: Any.Type] = [:]

  package init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// Standard error types a script may name wherever it runs.
  static var standardErrors: [Any.Type] { [URLError.self] }

  /// The type a script name refers to: `PromoState`, `Counter.State`, `DemoForEachAction`.
  package func type(named name: String) -> Any.Type? {
    self.names[name]
  }

  var allNames: [String] { self.names.keys.sorted() }

  /// Whether `name` is the leading part of a registered nested type's name (`RootDomain` of
  /// `RootDomain.State`).
  func hasNamespace(_ name: String) -> Bool {
    let prefix = name + "."
    return self.names.keys.contains { $0.hasPrefix(prefix) }
  }

  /// A specialised generic type the registry's types use, by its name as types print
  /// (`AlertState<Todos.Action.Alert>`): a script may write it where Swift would.
  package func type(genericNamed name: String) -> Any.Type? {
    _ = self.names
    return self.genericTypesByName[name]
  }

  /// The static members the registry's types declare on `type` in extensions of it.
  func extensionMembers(of type: Any.Type) -> [ExtensionMember] {
    _ = self.names
    return self.extensionMembersByOwner[ObjectIdentifier(type)] ?? []
  }

  private var names: [String: Any.Type] {
    if let byName { return byName }
    var byName: [String: Any.Type] = [:]
    var extensionMembers: [ObjectIdentifier: [ExtensionMember]] = [:]
    var genericTypes: [String: Any.Type] = [:]
    var seen: Set<ObjectIdentifier> = []
    func visit(_ type: Any.Type, depth: Int = 0) {
      // `Weather?` names `Weather`: a type first met inside an optional is still a name.
      if let optional = type as? any _OptionalType.Type {
        visit(optional.wrappedType, depth: depth)
        return
      }
      guard depth < 12, seen.insert(ObjectIdentifier(type)).inserted else { return }
      let name = _typeName(type)
      if !name.contains("<"), !name.contains("("), !name.hasSuffix("?"), !name.hasPrefix("[") {
        byName[name] = byName[name] ?? type
      } else if name.contains("<"), !name.contains("(") {
        genericTypes[name] = genericTypes[name] ?? type
      }
      // `PresentationState<AlertState<…>>` names the alert's type too.
      if case let .optional(optional)? = playgroundShape(of: type) { visit(optional.wrapped, depth: depth + 1) }
      for member in playgroundMembers(of: type) {
        visit(member.resultType, depth: depth + 1)
        for parameter in member.parameters ?? [] { visit(parameter.type, depth: depth + 1) }
      }
      for item in playgroundExtensionMembers(of: type) {
        extensionMembers[ObjectIdentifier(item.owner), default: []].append(item)
        visit(item.owner, depth: depth + 1)
        visit(item.member.resultType, depth: depth + 1)
        for parameter in item.member.parameters ?? [] { visit(parameter.type, depth: depth + 1) }
      }
      switch TypeSchema.of(type) {
      case let .struct(fields):
        for field in fields { visit(field.type, depth: depth + 1) }
      case let .enum(cases):
        for c in cases { for field in c.payload { visit(field.type, depth: depth + 1) } }
      case let .sequence(element):
        if let element { visit(element, depth: depth + 1) }
      case .scalar, .opaque:
        break
      }
    }
    for feature in self.catalog.features {
      visit(feature.stateType)
      visit(feature.actionType)
      if let environment = feature.environmentType {
        let name = _typeName(environment)
        byName[name] = byName[name] ?? environment
      }
    }
    for value in self.catalog.values {
      visit(value.owner)
      visit(value.resultType)
    }
    for property in self.catalog.computedProperties { visit(property.owner) }
    for defaults in self.catalog.fieldDefaults { visit(defaults.owner) }
    // The other types a loaded module declares (`APIClient.Failure`).
    for type in self.catalog.types { visit(type) }
    // The errors a script may throw from a dependency endpoint (`throw URLError(.timedOut)`).
    for error in Self.standardErrors { visit(error) }
    self.byName = byName
    self.extensionMembersByOwner = extensionMembers
    self.genericTypesByName = genericTypes
    return byName
  }
}
