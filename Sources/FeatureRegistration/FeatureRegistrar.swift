// FeatureRegistration: the entry point through which a loaded feature library registers its
// reducers with the playground's catalog.
import ComposableArchitecture

/// Receives the reducers a feature library registers when the playground opens it.
///
/// The playground's loader generates a small registration file next to a user's feature files,
/// whose `@_cdecl` entry point is handed a registrar and calls it once per reducer:
///
/// ```swift
/// @_cdecl("tcaplayground_register_UserFeature_1")
/// public func __tcaplaygroundRegister(_ pointer: UnsafeRawPointer) {
///   PlaygroundRegistration.registrar(at: pointer).register(
///     "Counter",
///     initialState: { () -> Counter.State in Counter.State() },
///     reducer: { () -> Counter in Counter() }
///   )
/// }
/// ```
///
/// It lives in a module of its own that imports only the runtime (which the user's files import
/// anyway), so that the registration file imports nothing bigger: compiling it on every `:reload`
/// stays cheap (the playground's own modules, their types and generic initializers, would be
/// loaded, type-checked and lowered for each build). `FeatureCatalog`'s `CatalogRegistrar`
/// implements it.
public protocol PlaygroundFeatureRegistrar: AnyObject {
  /// A reducer whose dependencies come from `@Dependency` (the 1.x style). `initialState` is
  /// `nil` for a state without a default value (`State()` doesn't compile): its stores are made
  /// with an initial state given then.
  func register<R: Reducer>(
    _ name: String,
    initialState: (@Sendable () -> R.State)?,
    reducer: @escaping @MainActor () -> R
  ) where R.State: Equatable

  /// A 0.x-style reducer run with an environment, one of `environments` (by name).
  func register<State: Equatable, Action, Environment>(
    _ name: String,
    initialState: @escaping @Sendable () -> State,
    environments: [(name: String, make: @MainActor @Sendable () -> Environment)],
    reducer: @escaping @MainActor (_ environment: @escaping () -> Environment) -> Reduce<State, Action>
  )

  /// Names the types the library's files declare that a script may name (its error types,
  /// clients, helpers), beside those reachable from its reducers' states and actions.
  func declare(_ types: [Any.Type])
}

/// Hands a ``PlaygroundFeatureRegistrar`` across a C entry point, from the playground to the
/// library it opened.
public enum PlaygroundRegistration {
  /// Calls `body` with a pointer to `registrar`, valid while `body` runs.
  public static func withPointer<Result>(
    to registrar: any PlaygroundFeatureRegistrar, _ body: (UnsafeRawPointer) throws -> Result
  ) rethrows -> Result {
    try withExtendedLifetime(registrar) {
      try body(UnsafeRawPointer(Unmanaged.passUnretained(registrar as AnyObject).toOpaque()))
    }
  }

  /// The registrar behind a pointer from ``withPointer(to:_:)``.
  public static func registrar(at pointer: UnsafeRawPointer) -> any PlaygroundFeatureRegistrar {
    // The cast can't fail for a pointer made by `withPointer`; the registrar's type is the
    // playground's, which the library doesn't know.
    Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as! any PlaygroundFeatureRegistrar
  }
}
