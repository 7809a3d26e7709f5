import ComposableArchitecture

/// What a feature's environment is made with (a 0.x feature's): the time of the store it serves,
/// so that its schedulers are the store's. The host (`PlaygroundHost`'s `PlaygroundContext`)
/// gives one when it makes a store; the catalog only names it.
@MainActor
public protocol EnvironmentContext: AnyObject {
  /// The clock the store's effects sleep on.
  var clock: TestClock<Duration> { get }
}

/// Something done to a feature with its types known: the host makes a store of it this way
/// (``AnyFeature/accept(_:)``), so that the catalog describes features without running them.
public protocol FeatureVisitor {
  associatedtype Result
  @MainActor func visit<State: Equatable, Action, Environment>(_ feature: Feature<State, Action, Environment>) throws
    -> Result
}

/// The context an environment is made in for `:info` to list its fields: a clock of its own,
/// which nothing runs on.
@MainActor
final class InspectionContext: EnvironmentContext {
  let clock = TestClock<Duration>()
}
