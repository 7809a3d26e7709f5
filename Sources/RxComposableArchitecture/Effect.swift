import ComposableArchitecture

/// The fork's effect: a unit of work the store runs after a reducer returns it, which may feed
/// actions back into the store.
///
/// ```swift
/// loadData: { Effect(value: DemoItemState.mocks(numberOfMocks: 10)) }
/// ```
///
/// The lesson uses `Effect(value:)`, `.none`, `map`, `eraseToEffect()`, `.fireAndForget { … }`,
/// `fireAndForget()` (of an `Effect<Never>`), `Effect.failing(_:)`, `.merge`, `.concatenate`,
/// `cancellable(id:)`, `.cancel(id:)` and, with `import RxSwift`,
/// ``ComposableArchitecture/Effect/delay(_:scheduler:)``. In the fork an effect was an RxSwift
/// observable; here it is the runtime's effect, so that there is one runtime.
///
/// `Effect.failing("Should not call route")` reports, when it runs, the fork's message:
/// "Should not call route - A failing effect ran."
public typealias Effect<Output> = ComposableArchitecture.Effect<Output>
