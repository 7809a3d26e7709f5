import ComposableArchitecture
import FeatureCatalog
import TCAScriptSyntax

/// Resolves the names a script writes (bindings, `_`, types, namespaces, reducers, static
/// members, fields) against the session's environment, with a "did you mean" when none fits.
@MainActor
struct Resolver {
  package let environment: ScriptEnvironment

  private var types: TypeRegistry { self.environment.types }
  private var catalog: Catalog { self.environment.catalog }

  /// A name: a binding, `_`, a store, a type, or a catalogued reducer.
  func lookup(_ name: String, at range: SourceRange) throws(ScriptError) -> RuntimeValue {
    if let value = self.environment.bindings[name] { return value }
    if name == "_" {
      guard let last = self.environment.lastValue else { throw ScriptError("'_' has no value yet", at: range) }
      return .swift(last)
    }
    if let type = self.types.type(named: name) { return .type(type) }
    if self.types.hasNamespace(name) { return .namespace(name) }
    if let feature = self.feature(named: name) { return .feature(feature) }
    if ValueBuilder.identifiedArrayNames.contains(name) { return .type(IdentifiedArrayOf<Never>.self) }
    if let failure = self.environment.failedDefinitionError(name, at: range) { throw failure }
    let candidates = Array(self.environment.bindings.keys) + self.types.allNames
      + self.catalog.features.flatMap { [$0.name] + $0.reducerNames }
    throw ScriptError("cannot find '\(name)' in scope\(Diagnostics.didYouMean(name, among: candidates))", at: range)
  }

  /// The catalogued feature a reducer name refers to.
  package func feature(named name: String) -> (any AnyFeature)? {
    let matches = self.catalog.features.filter {
      $0.reducerNames.contains(name) || $0.name == name || _typeName($0.stateType) == name
    }
    // `Profile()` names the reducer type `Profile`: a feature whose state is `Profile.State`
    // comes before another feature that is only called "Profile" (OnlineStore's ProfileDomain).
    return matches.first { _typeName($0.stateType) == name + ".State" } ?? matches.first
  }

  /// A static member of a type (a catalog value, a declared function or initializer).
  func catalogValue(owner: Any.Type, name: String) -> CatalogValue? {
    self.types.staticMembers(of: owner).first { $0.name == name }
  }

  func catalogValue(owner name: String, name member: String) -> CatalogValue? {
    guard let owner = self.types.type(named: name) else { return nil }
    return self.catalogValue(owner: owner, name: member)
  }

  /// "type X has no member 'y'", suggesting its cases and catalog values; for a preset of a
  /// feature, how to use it.
  func noStaticMemberMessage(_ name: String, on type: Any.Type) -> String {
    if let feature = self.catalog.features.first(where: { $0.stateType == type && $0.presetNames.contains(name) }) {
      return "'\(name)' is a preset of \(feature.name): write 'initialState: .\(name)' or ':load \(feature.name) \(name)'"
    }
    let members = TypeSchema.of(type).cases.map(\.name) + self.types.staticMembers(of: type).map(\.name)
    let typeName = type == IdentifiedArrayOf<Never>.self ? "IdentifiedArrayOf" : _typeName(type)
    return "type \(typeName) has no member '\(name)'\(Diagnostics.didYouMean(name, among: members))"
  }

  /// "value of type X has no member 'y'", suggesting its fields and computed properties.
  func noMemberMessage(_ name: String, on type: Any.Type) -> String {
    let fields = TypeSchema.of(type).fields.map(\.name)
      + self.types.computedProperties(of: type).map(\.name)
    return "value of type \(_typeName(type)) has no member '\(name)'\(Diagnostics.didYouMean(name, among: fields))"
  }

  /// A type a script names, or an error suggesting the nearest registered name.
  package func type(named name: String, at range: SourceRange) throws(ScriptError) -> Any.Type {
    guard let type = self.types.type(named: name) else {
      throw ScriptError("cannot find type '\(name)' in scope\(Diagnostics.didYouMean(name, among: self.types.allNames))", at: range)
    }
    return type
  }
}
