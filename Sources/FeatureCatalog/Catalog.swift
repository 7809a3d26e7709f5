import ComposableArchitecture
import TypeShapes

/// What a module offers the playground: its features, and the values, functions and computed
/// properties a user may name in a script.
///
/// A catalog is a small declaration that sits next to the features it describes:
///
/// ```swift
/// public let day2Catalog = Catalog(module: "Day2") {
///   Feature("PromoList", summary: "Exercise 1: a list of promos", …)
///   CatalogValue.function(PromoState.self, "mocks", labels: ["numberOfMocks"]) { (n: Int) in
///     PromoState.mocks(numberOfMocks: n)
///   }
///   ComputedProperty(CartPageState.self, "totalPrice") { $0.totalPrice }
/// }
/// ```
///
/// The interpreter learns everything else (fields, cases, payload types) from the types
/// themselves, so registration stays this small.
public struct Catalog: Sendable {
  /// The module name features are qualified with: `Day2.PromoList`.
  public var module: String
  public var features: [any AnyFeature]
  /// The module each feature of ``features`` comes from (same order): catalogs merged into one
  /// keep their features' modules, so `Day2.Counter` and `CounterStack.Counter` stay distinct.
  public var featureModules: [String]
  public var values: [CatalogValue]
  public var computedProperties: [ComputedProperty]
  public var fieldDefaults: [FieldDefaults]
  public var views: [FeatureView]
  /// Other types a script may name: those a loaded module's files declare (its error types,
  /// clients, helpers), beside the features' states and actions and what they reach.
  public var types: [Any.Type] = []

  public init(module: String, @CatalogBuilder _ entries: () -> [CatalogEntry]) {
    self.module = module
    self.features = []
    self.featureModules = []
    self.values = []
    self.computedProperties = []
    self.fieldDefaults = []
    self.views = []
    for entry in entries() {
      switch entry {
      case let .feature(feature):
        self.features.append(feature)
        self.featureModules.append(module)
      case let .value(value): self.values.append(value)
      case let .computed(property): self.computedProperties.append(property)
      case let .defaults(defaults): self.fieldDefaults.append(defaults)
      case let .view(view): self.views.append(view)
      }
    }
  }

  /// The module of a feature of this catalog.
  public func module(of feature: any AnyFeature) -> String? {
    guard let index = self.features.firstIndex(where: { $0.name == feature.name && $0.stateType == feature.stateType }),
      index < self.featureModules.count
    else { return nil }
    return self.featureModules[index]
  }

  /// Several catalogs as one.
  public static func merging(_ catalogs: [Catalog]) -> Catalog {
    var merged = Catalog(module: catalogs.map(\.module).joined(separator: "+")) {}
    for catalog in catalogs {
      merged.features += catalog.features
      merged.featureModules += catalog.featureModules
      merged.values += catalog.values
      merged.computedProperties += catalog.computedProperties
      merged.fieldDefaults += catalog.fieldDefaults
      merged.views += catalog.views
      merged.types += catalog.types
    }
    return merged
  }
}

/// One declaration in a ``Catalog``.
public enum CatalogEntry: Sendable {
  case feature(any AnyFeature)
  case value(CatalogValue)
  case computed(ComputedProperty)
  case defaults(FieldDefaults)
  case view(FeatureView)
}

/// Builds the entries of a ``Catalog``.
@resultBuilder
public enum CatalogBuilder {
  public static func buildExpression(_ feature: any AnyFeature) -> [CatalogEntry] { [.feature(feature)] }
  public static func buildExpression(_ value: CatalogValue) -> [CatalogEntry] { [.value(value)] }
  public static func buildExpression(_ property: ComputedProperty) -> [CatalogEntry] { [.computed(property)] }
  public static func buildExpression(_ defaults: FieldDefaults) -> [CatalogEntry] { [.defaults(defaults)] }
  public static func buildExpression(_ view: FeatureView) -> [CatalogEntry] { [.view(view)] }
  public static func buildExpression(_ entries: [CatalogEntry]) -> [CatalogEntry] { entries }
  public static func buildBlock(_ parts: [CatalogEntry]...) -> [CatalogEntry] { parts.flatMap { $0 } }
  public static func buildArray(_ parts: [[CatalogEntry]]) -> [CatalogEntry] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [CatalogEntry]?) -> [CatalogEntry] { part ?? [] }
}
