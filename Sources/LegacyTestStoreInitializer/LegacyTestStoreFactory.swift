// The 0.x spelling `TestStore(initialState:reducer:environment:)` builds a legacy test store, a
// different type from the modern `TestStore<State, Action>`. Swift does not let a module declare
// a function with the same name as one of its types, so the function lives here, in a module of
// its own that `ComposableArchitecture` re-exports: call sites see both the `TestStore` class and
// this `TestStore` function, and overload resolution picks the function when an `environment:`
// argument is given.

/// A reducer of the 0.x API, which knows the test store that tests it. `AnyReducer` conforms.
public protocol _LegacyReducer {
  associatedtype _State
  associatedtype _Environment
  associatedtype _TestStore: _LegacyTestStore where _TestStore._Reducer == Self
}

/// A test store of the 0.x API, created from a reducer and an environment.
public protocol _LegacyTestStore {
  associatedtype _Reducer: _LegacyReducer

  @MainActor
  init(
    initialState: _Reducer._State,
    reducer: _Reducer,
    environment: _Reducer._Environment,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  )
}

/// Creates a test store of the 0.x API, with an initial state, a reducer and an environment that
/// the test can change later through the store's `environment` property.
///
/// ```swift
/// let store = TestStore(
///   initialState: CounterState(),
///   reducer: counterReducer,
///   environment: .failing
/// )
/// store.environment.trackEvent = { _ in .none }
/// store.send(.incrementButtonTapped) {
///   $0.count = 1
/// }
/// ```
@MainActor
public func TestStore<Reducer: _LegacyReducer>(
  initialState: Reducer._State,
  reducer: Reducer,
  environment: Reducer._Environment,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> Reducer._TestStore {
  Reducer._TestStore(
    initialState: initialState,
    reducer: reducer,
    environment: environment,
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column
  )
}
