/// What to load: Swift files (or folders of them) written against `import ComposableArchitecture`,
/// and which of their reducers to register.
///
/// ```swift
/// LoadRequest(path: "Counter.swift")                 // every top-level reducer in the file
/// LoadRequest(path: "Counter.swift", as: "Counter")  // just Counter
/// LoadRequest(path: "Features/", as: "Parent.Child", initialState: "Parent.Child.State(count: 3)")
/// ```
public struct LoadRequest: Hashable, Sendable {
  /// Swift files, or folders whose `.swift` files (at any depth) are loaded together, as the user
  /// gave them (diagnostics print paths this way).
  public var paths: [String]
  /// The reducers to register; empty for every top-level reducer the files declare.
  public var features: [FeatureRequest]

  public init(paths: [String], features: [FeatureRequest] = []) {
    self.paths = paths
    self.features = features
  }

  /// One file or folder, with every reducer it declares, or just the one named.
  public init(path: String, as typeName: String? = nil, initialState: String? = nil) {
    self.init(paths: [path], features: typeName.map { [FeatureRequest($0, initialState: initialState)] } ?? [])
  }
}

/// A reducer to register as a feature.
public struct FeatureRequest: Hashable, Sendable {
  /// The reducer type, as the source names it: `Counter`, `Parent.Child`. The feature gets this
  /// name.
  public var typeName: String
  /// A Swift expression for the initial state, or `nil` for `TypeName.State()` (a state whose
  /// fields all have default values).
  public var initialState: String?
  /// For a 0.x-style reducer constant (`let promoListReducer = Reducer<…>`), its types and
  /// environments; ``typeName`` is then the constant's name.
  public var legacy: LegacyReducer?

  public init(_ typeName: String, initialState: String? = nil) {
    self.typeName = typeName
    self.initialState = initialState
  }

  /// A 0.x-style reducer constant, registered under its own name.
  public init(legacy: LegacyReducer, initialState: String? = nil) {
    self.typeName = legacy.name
    self.initialState = initialState
    self.legacy = legacy
  }

  /// Whether the reducer is registered without an initial state (its `State()` doesn't exist,
  /// and none was given): a store of it is made with one (`TestStore(initialState: …)`).
  var isWithoutInitialState = false

  /// The state type's name: `Counter.State`, or a legacy reducer's `State`.
  var stateTypeName: String { self.legacy?.state ?? "\(self.typeName).State" }
}
