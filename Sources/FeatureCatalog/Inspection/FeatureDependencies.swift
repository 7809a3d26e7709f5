import ComposableArchitecture
import TypeShapes

extension AnyFeature {
  /// The `DependencyValues` properties the feature's reducers read with `@Dependency(\.name)`
  /// (the root reducer's first, then its children's, in `body` order), as the generated glue
  /// describes them: what a test may set, as in `$0.apiClient.search = { … }`.
  ///
  /// Empty for a feature with an environment (a 0.x reducer is a closure of it).
  @MainActor
  public func playgroundDependencies() -> [DependencyShape] {
    guard let reducer = self.inspectedReducer() else { return [] }
    var seen: Set<String> = []
    return ReducerComposition.of(reducer).reducerTypes.flatMap { type in
      TypeShapes.playgroundDependencies(of: type).filter { seen.insert($0.name).inserted }
    }
  }
}
