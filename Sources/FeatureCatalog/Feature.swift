import ComposableArchitecture

/// A feature the playground can run: a reducer with its initial state, named state presets,
/// and named environments (legacy features) or dependency variants (modern features).
///
/// ```swift
/// Feature("DemoForEach", summary: "List CRUD with IdentifiedArray", reducerNames: ["demoForEachReducer"],
///   initialState: DemoForEachState(),
///   environments: [("mock", { _ in .mock })],
///   reducer: { environment in Reduce { demoForEachReducer.run(&$0, $1, environment()) } })
/// ```
public struct Feature<State: Equatable, Action, Environment>: AnyFeature, @unchecked Sendable {
  public let name: String
  public let summary: String
  public let reducerNames: [String]
  public let presets: [(name: String, state: @Sendable () -> State)]
  public let environments: [(name: String, make: @MainActor @Sendable (any EnvironmentContext) -> Environment)]
  public let dependencyVariants: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)]
  /// `nil` for a feature whose state has no default (its `State` has no `init()`).
  let makeInitialState: (@Sendable () -> State)?
  let makeReducer: @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action>
  /// The reducer as the catalog wrote it, before ``makeReducer`` wraps it in `Reduce` (for
  /// `:info`); `nil` for features with an environment, whose reducers are closures.
  let makeInspectedReducer: (@MainActor () -> Any)?

  /// A feature with an environment (the 0.x style).
  public init<R: Reducer>(
    _ name: String,
    summary: String,
    reducerNames: [String] = [],
    initialState: @escaping @Sendable @autoclosure () -> State,
    presets: [(name: String, state: @Sendable () -> State)] = [],
    environments: [(name: String, make: @MainActor @Sendable (any EnvironmentContext) -> Environment)],
    dependencies: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)] = [],
    reducer: @escaping @MainActor (_ environment: @escaping () -> Environment) -> R
  ) where R.State == State, R.Action == Action {
    self.init(
      name, summary, reducerNames, initialState, presets, environments, dependencies, { Reduce(reducer($0)) },
      inspecting(reducer)
    )
  }

  /// Every part as it is stored (the public initializers forward their closures here unwrapped).
  init(
    _ name: String, _ summary: String, _ reducerNames: [String], _ makeInitialState: (@Sendable () -> State)?,
    _ presets: [(name: String, state: @Sendable () -> State)],
    _ environments: [(name: String, make: @MainActor @Sendable (any EnvironmentContext) -> Environment)],
    _ dependencies: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)],
    _ makeReducer: @escaping @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action>,
    _ makeInspectedReducer: (@MainActor () -> Any)?
  ) {
    self.name = name
    self.summary = summary
    self.reducerNames = reducerNames
    self.makeInitialState = makeInitialState
    self.presets = presets
    self.environments = environments
    self.dependencyVariants = dependencies
    self.makeReducer = makeReducer
    self.makeInspectedReducer = makeInspectedReducer
  }

  public var stateType: Any.Type { State.self }
  public var actionType: Any.Type { Action.self }
  public var environmentType: Any.Type? { Environment.self == Void.self ? nil : Environment.self }
  public var environmentNames: [String] { self.environments.map(\.name) }
  public var dependencyVariantNames: [String] { self.dependencyVariants.map(\.name) }
  public var presetNames: [String] { self.presets.map(\.name) }
  public var initialState: Any? { self.makeInitialState?() }

  public func preset(named name: String) -> Any? {
    self.presets.first { $0.name == name }?.state()
  }

  @MainActor
  public func inspectedReducer() -> Any? {
    self.makeInspectedReducer?()
  }

  @MainActor
  public func inspectedEnvironment() -> Any? {
    guard Environment.self != Void.self else { return nil }
    return self.environments.first?.make(InspectionContext())
  }

  /// The feature's reducer, reading its environment through `environment` (the host's: it can
  /// change while the store runs).
  @MainActor
  public func reducer(environment: @escaping () -> Environment) -> Reduce<State, Action> {
    self.makeReducer(environment)
  }

  @MainActor
  public func accept<Visitor: FeatureVisitor>(_ visitor: Visitor) throws -> Visitor.Result {
    try visitor.visit(self)
  }
}

extension Feature where Environment == Void {
  /// A feature whose dependencies come from `@Dependency` (the 1.x style).
  public init<R: Reducer>(
    _ name: String,
    summary: String,
    reducerNames: [String] = [],
    initialState: @escaping @Sendable @autoclosure () -> State,
    presets: [(name: String, state: @Sendable () -> State)] = [],
    dependencies: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)] = [],
    reducer: @escaping @MainActor () -> R
  ) where R.State == State, R.Action == Action {
    self.init(
      name, summary, reducerNames, initialState, presets, [], dependencies, ignoringEnvironment(reducer),
      { reducer() }
    )
  }
}

extension Feature where Environment == Void {
  /// A feature whose state has no default value (a `State` without `init()`, such as a detail
  /// screen's, which needs its model): a store of it is made with an initial state given then,
  /// `TestStore(initialState: Detail.State(item: …)) { Detail() }`.
  public init<R: Reducer>(
    _ name: String,
    summary: String,
    reducerNames: [String] = [],
    dependencies: [(name: String, apply: @Sendable (inout DependencyValues) -> Void)] = [],
    reducer: @escaping @MainActor () -> R
  ) where R.State == State, R.Action == Action {
    self.init(name, summary, reducerNames, nil, [], [], dependencies, ignoringEnvironment(reducer), { reducer() })
  }
}

extension Feature {
  /// A loaded library's reducer, as ``CatalogRegistrar`` receives it: the initial state's closure
  /// as the library wrote it (`nil` for a state without a default), kept rather than wrapped.
  init<R: Reducer>(
    loaded name: String, summary: String, makeInitialState: (@Sendable () -> State)?,
    reducer: @escaping @MainActor () -> R
  ) where Environment == Void, R.State == State, R.Action == Action {
    self.init(name, summary, [name], makeInitialState, [], [], [], ignoringEnvironment(reducer), { reducer() })
  }

  /// A loaded library's 0.x-style reducer, run with one of its environments.
  init(
    loaded name: String, summary: String, makeInitialState: @escaping @Sendable () -> State,
    environments: [(name: String, make: @MainActor @Sendable (any EnvironmentContext) -> Environment)],
    reducer: @escaping @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action>
  ) {
    self.init(name, summary, [name], makeInitialState, [], environments, [], reducer, inspecting(reducer))
  }
}

/// The reducer `reducer` makes, for `:info`, when it needs no environment (`Environment` is
/// `Void`); `nil` otherwise (a 0.x reducer is a closure of its environment).
private func inspecting<Environment, R>(
  _ reducer: @escaping @MainActor (_ environment: @escaping () -> Environment) -> R
) -> (@MainActor () -> Any)? {
  guard let void = () as? Environment else { return nil }
  let environment = UncheckedSendable(void)
  return { reducer({ environment.value }) }
}

/// `reducer` as a reducer made from an environment it doesn't need.
private func ignoringEnvironment<State, Action, Environment, R: Reducer<State, Action>>(
  _ reducer: @escaping @MainActor () -> R
) -> @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action> {
  { _ in Reduce(reducer()) }
}

/// A type-erased ``Feature``.
public protocol AnyFeature: Sendable {
  var name: String { get }
  var summary: String { get }
  /// Names a script may use for the reducer: the global reducer's name (`promoListReducer`),
  /// or the reducer type's name (`PromoList`), which is always accepted.
  var reducerNames: [String] { get }
  var stateType: Any.Type { get }
  var actionType: Any.Type { get }
  var environmentType: Any.Type? { get }
  var environmentNames: [String] { get }
  var dependencyVariantNames: [String] { get }
  var presetNames: [String] { get }
  /// The state a store of the feature starts from unless given one, or `nil` when the feature
  /// has none (its `State` has no `init()`): its stores are made with an initial state.
  var initialState: Any? { get }
  func preset(named name: String) -> Any?
  /// The feature's reducer value as written (`CounterFeature()`), for `:info` to read its
  /// composition; `nil` for a feature with an environment (a 0.x reducer is a closure).
  @MainActor func inspectedReducer() -> Any?
  /// A value of the feature's environment (its first one), for `:info` to list its fields;
  /// `nil` for a feature without an environment.
  @MainActor func inspectedEnvironment() -> Any?
  /// Hands the feature, its types known, to `visitor`: how the host (`PlaygroundHost`) makes a
  /// store of a feature the catalog only describes.
  @MainActor func accept<Visitor: FeatureVisitor>(_ visitor: Visitor) throws -> Visitor.Result
}
