@_spi(Playground) import ComposableArchitecture
@_spi(Playground) import FeatureCatalog

/// TAB after `$0.` in a `withDependencies:` closure and after `store.dependencies.`: the
/// dependencies a script can set, and a client's endpoints and values.
extension Completer {
  /// The names after the dependencies' root in `text` (`$0.apiClient` → `["apiClient"]`), when
  /// `text` is a path into `DependencyValues`: `$0…` inside `withDependencies: {`, or
  /// `store.dependencies…` on a store.
  func dependencyPath(_ text: String, before: [Token]) -> [String]? {
    var names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if names.first == "$0" {
      let inDependencies = before.contains { if case .identifier("withDependencies") = $0.kind { return true }; return false }
      guard inDependencies else { return nil }
      names.removeFirst()
    } else if names.count >= 2, names[1] == "dependencies", self.environment.storesByName[names[0]] != nil {
      names.removeFirst(2)
    } else {
      return nil
    }
    return names.filter { !$0.isEmpty }
  }

  /// The dependencies a script can set (the built-in ones and those the catalog's features read
  /// with `@Dependency`), or the members of the one `path` names.
  func dependencyMembers(_ path: [String]) -> [String] {
    let features: [any AnyFeature] = self.environment.currentStore.map { [$0.feature] } ?? self.environment.catalog.features
    let read: [DependencyShape] = features.flatMap { $0.playgroundDependencies() }
    guard let first = path.first else {
      let builtIns: [String] = DependencyAssignments.builtIns.map(\.name)
      let clients: [String] = read.map { String($0.name.prefix { $0 != "." }) }
      return builtIns + clients
    }
    guard let dependency = read.first(where: { $0.name == first }) else {
      return first == "date" && path.count == 1 ? ["now"] : []
    }
    var type = dependency.type
    for name in path.dropFirst() {
      guard let field = TypeSchema.of(unwrapOptional(type)).fields.first(where: { $0.name == name }) else { return [] }
      type = field.type
    }
    return self.fields(of: type)
  }
}
