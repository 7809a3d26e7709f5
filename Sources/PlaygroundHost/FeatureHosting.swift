@_spi(Hosting) import ComposableArchitecture
import FeatureCatalog

// How the host runs a feature the catalog describes: a store of it, through the catalog's
// visitor, with environments made on the store's `PlaygroundContext`.

extension PlaygroundContext: EnvironmentContext {}

extension AnyFeature {
  /// A playground store of the feature, as `configuration` says: a `TestStore` or a `Store`
  /// starting at its initial state.
  @MainActor
  public func makeStore(_ configuration: StoreConfiguration) throws -> any StoreDriver {
    try self.accept(StoreMaker(configuration: configuration))
  }
}

/// Makes a store of the feature it visits.
private struct StoreMaker: FeatureVisitor {
  let configuration: StoreConfiguration

  @MainActor
  func visit<State: Equatable, Action, Environment>(_ feature: Feature<State, Action, Environment>) throws
    -> any StoreDriver
  {
    guard let initialState = self.configuration.initialState as? State else {
      throw StoreConfigurationError(
        "initial state has type \(_typeName(type(of: self.configuration.initialState))), expected \(_typeName(State.self))"
      )
    }
    // The store and its runner count their running effects in the session's activity.
    return try EffectActivity.$current.withValue(self.configuration.effects?.activity ?? EffectActivity.current) {
      try feature.hosted.makeStore(initialState: initialState, configuration: self.configuration)
    }
  }
}

/// The running effects of one session's stores: its playground stores count theirs here
/// (``StoreConfiguration/effects``), and so do the stores made while ``counting(_:)`` runs
/// (a loaded file's own `TestStore`), so that two sessions in one process don't see each
/// other's effects running.
@MainActor
public final class SessionEffects {
  let activity = EffectActivity()

  public init() {}

  /// How many effects the session's stores run now.
  public var runningCount: Int { self.activity.runningCount }

  /// Runs `body` with the stores made in it (and in the tasks it makes) counting here.
  public func counting<R>(_ body: () async throws -> R) async rethrows -> R {
    try await EffectActivity.$current.withValue(self.activity) { try await body() }
  }
}

extension Feature {
  /// The feature as the host runs it.
  @MainActor
  var hosted: HostedFeature<State, Action, Environment> {
    HostedFeature(
      name: self.name,
      environmentNames: self.environmentNames,
      dependencyVariants: self.dependencyVariants,
      makeEnvironment: { name, context in try self.environment(named: name, context: context) },
      makeReducer: { environment in self.reducer(environment: environment) }
    )
  }

  /// The environment of a name (`nil` for the first), made on a store's context.
  @MainActor
  func environment(named name: String?, context: PlaygroundContext) throws -> Environment {
    if Environment.self == Void.self, let void = () as? Environment { return void }
    let variant = name.flatMap { name in self.environments.first { $0.name == name } } ?? self.environments.first
    guard let variant else {
      throw StoreConfigurationError("\(self.name) has no environments")
    }
    if let name, variant.name != name {
      throw StoreConfigurationError("\(self.name) has no environment '\(name)'")
    }
    return variant.make(context)
  }
}
