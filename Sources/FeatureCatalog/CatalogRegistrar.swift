import ComposableArchitecture
import FeatureRegistration

/// Collects the features a feature library loaded at run time registers, into a ``Catalog``.
///
/// The loader hands one to the library's generated registration entry point (see
/// `PlaygroundFeatureRegistrar`), then takes the catalog:
///
/// ```swift
/// let registrar = CatalogRegistrar(summary: "Loaded from Counter.swift")
/// PlaygroundRegistration.withPointer(to: registrar) { entryPoint($0) }
/// let catalog = registrar.catalog(module: "UserFeature_1")
/// ```
public final class CatalogRegistrar: PlaygroundFeatureRegistrar {
  /// Every feature's summary: where it was loaded from.
  public let summary: String
  private var entries: [CatalogEntry] = []
  private var types: [Any.Type] = []

  public init(summary: String) {
    self.summary = summary
  }

  /// The features registered so far, as module `module`'s catalog.
  public func catalog(module: String) -> Catalog {
    var catalog = Catalog(module: module) { self.entries }
    catalog.types = self.types
    return catalog
  }

  public func declare(_ types: [Any.Type]) {
    self.types += types
  }

  public func register<R: Reducer>(
    _ name: String,
    initialState: (@Sendable () -> R.State)?,
    reducer: @escaping @MainActor () -> R
  ) where R.State: Equatable {
    let feature = Feature(loaded: name, summary: self.summary, makeInitialState: initialState, reducer: reducer)
    self.entries.append(.feature(feature))
  }

  public func register<State: Equatable, Action, Environment>(
    _ name: String,
    initialState: @escaping @Sendable () -> State,
    environments: [(name: String, make: @MainActor @Sendable () -> Environment)],
    reducer: @escaping @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action>
  ) {
    let feature = Feature(
      loaded: name, summary: self.summary, makeInitialState: initialState,
      environments: environments.map { environment in
        (name: environment.name, make: { @MainActor @Sendable (_: any EnvironmentContext) in environment.make() })
      },
      reducer: reducer
    )
    self.entries.append(.feature(feature))
  }
}
