import ComposableArchitecture
import FeatureCatalog
import TypeShapes

// The static members and computed properties a script may use on a type: the ones its catalog
// lists, the ones the type's shape declares (`playgroundMembers(of:)` and
// `playgroundProperties(of:)`, generated from the type's source), and the ones other types'
// shapes declare on it (`playgroundExtensionMembers(of:)`: `[Location].previews`).
extension TypeRegistry {
  /// Static values, functions and initializers other than the memberwise one.
  func staticMembers(of type: Any.Type) -> [CatalogValue] {
    if let cached = self.staticMemberCache[ObjectIdentifier(type)] { return cached }
    var members = self.catalog.values.filter { $0.owner == type }
    let declared = playgroundMembers(of: type)
    for member in declared + self.extensionMembers(of: type).map(\.member)
    where !members.contains(where: { $0.name == member.name && Self.labels($0.parameters) == Self.labels(member.parameters) }) {
      members.append(Self.catalogValue(member, owner: type))
    }
    self.staticMemberCache[ObjectIdentifier(type)] = members
    return members
  }

  /// Read-only computed properties.
  func computedProperties(of type: Any.Type) -> [FeatureCatalog.ComputedProperty] {
    if let cached = self.propertyCache[ObjectIdentifier(type)] { return cached }
    var properties = self.catalog.computedProperties.filter { $0.owner == type }
    for property in playgroundProperties(of: type)
    where !properties.contains(where: { $0.name == property.name }) {
      properties.append(FeatureCatalog.ComputedProperty(owner: type, name: property.name, resultType: property.type, read: property.get))
    }
    self.propertyCache[ObjectIdentifier(type)] = properties
    return properties
  }

  private static func labels(_ parameters: [(label: String?, type: Any.Type)]?) -> [String?]? {
    parameters?.map(\.label)
  }

  private static func labels(_ parameters: [ParameterShape]?) -> [String?]? {
    parameters?.map(\.label)
  }

  private static func catalogValue(_ member: StaticMember, owner: Any.Type) -> CatalogValue {
    var defaults: [Int: () -> Any] = [:]
    for (index, parameter) in (member.parameters ?? []).enumerated() {
      if let value = parameter.defaultValue { defaults[index] = value }
    }
    return CatalogValue(
      owner: owner, name: member.name, parameters: member.parameters?.map { ($0.label, $0.type) },
      resultType: member.resultType, defaults: defaults
    ) { arguments in try member.call(ShapeArguments(arguments)) }
  }
}
