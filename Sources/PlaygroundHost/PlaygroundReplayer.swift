@_spi(Hosting) import ComposableArchitecture
import Foundation
import Synchronization

/// The ``StoreReplayer`` of a ``PlaygroundStore``: the feature's reducer with the dependencies
/// and environment the store had when the replayer was made, and generators, stack ids and a
/// clock of its own, set to each action's recorded ``ReplayInputs`` before it runs.
@MainActor
final class PlaygroundReplayer<State: Equatable, Action, Environment>: StoreReplayer {
  private let reducer: Reduce<State, Action>
  private let featureName: String
  private var dependencies: DependencyValues
  private let generators = PlaygroundGenerators()
  private let stackElementGeneration = Counter()
  private let tripwire = Tripwire()
  /// Whether the store reads the playground's test clock (which a replay then sets to each
  /// action's time); a clock of the store's own is left as it is.
  private let controlsClock: Bool
  nonisolated let controlsEveryGenerator: Bool
  private var clockTime: Duration?

  /// - Parameters:
  ///   - environment: A legacy feature's environment, made afresh for the replays (so that they
  ///     call no closure of the store's own environment that keeps state).
  ///   - dependencies: The dependencies the store's reducer runs with now.
  init(
    feature: HostedFeature<State, Action, Environment>, environment: Environment, dependencies: DependencyValues,
    context: PlaygroundContext
  ) {
    self.featureName = feature.name
    self.reducer = feature.makeReducer { environment }
    let controlled = context.controlledDependencies(in: dependencies)
    let tripwire = self.tripwire
    var dependencies = dependencies
    dependencies.uuid = controlled.uuid ? self.generators.uuidGenerator : UUIDGenerator {
      tripwire.trip()
      return UUID(0)
    }
    dependencies.withRandomNumberGenerator =
      controlled.random ? self.generators.randomNumberGenerator : WithRandomNumberGenerator(Tripping(tripwire: tripwire))
    let generation = self.stackElementGeneration
    dependencies.stackElementID = StackElementIDGenerator(
      next: { StackElementID(generation: generation.next()) },
      peek: { StackElementID(generation: generation.value) }
    )
    self.dependencies = dependencies
    self.controlsClock = controlled.clock
    self.controlsEveryGenerator = controlled.uuid && controlled.random && controlled.clock
  }

  func replay(_ state: inout Any, action: Any, inputs: ReplayInputs, reportingIssues: Bool) throws -> ReplayOutcome {
    guard let action = action as? Action else {
      throw StoreConfigurationError("expected an action of type \(_typeName(Action.self))")
    }
    guard var typed = state as? State else {
      throw StoreConfigurationError("expected a state of type \(_typeName(State.self))")
    }
    // The existential let go of, the typed state is the only reference to its storage when the
    // caller held it nowhere else: the reducer then changes it in place.
    state = ()
    self.generators.state = inputs.generators
    self.stackElementGeneration.value = inputs.stackElementGeneration
    if self.controlsClock, self.clockTime != inputs.time {
      let clock = TestClock<Duration>(now: .init(offset: inputs.time))
      self.dependencies.continuousClock = clock
      self.dependencies.suspendingClock = clock
      self.clockTime = inputs.time
    }
    self.tripwire.reset()
    let dependencies = self.dependencies
    let reducer = self.reducer
    // What the reducer prints was shown when the action was first reduced.
    SilencedStandardOutput.run {
      ReducerActivity.reducing(action, of: self.featureName) {
        DependencyValues.$_current.withValue(dependencies) {
          if reportingIssues {
            _ = reducer.reduce(into: &typed, action: action)
          } else {
            withIssueReporters([]) { _ = reducer.reduce(into: &typed, action: action) }
          }
        }
      }
    }
    state = typed
    return self.tripwire.isTripped ? .usedUncontrolledGenerator : .replayed
  }

  func isSameState(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? State, let rhs = rhs as? State else { return false }
    return lhs == rhs
  }
}

/// A count a generator's closures share.
private final class Counter: Sendable {
  private let storage = Mutex(0)

  var value: Int {
    get { self.storage.withLock { $0 } }
    set { self.storage.withLock { $0 = newValue } }
  }

  /// The value, then counts up.
  func next() -> Int {
    self.storage.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}

/// Set when a replay calls a generator it can't set back.
private final class Tripwire: Sendable {
  private let tripped = Mutex(false)
  var isTripped: Bool { self.tripped.withLock { $0 } }
  func trip() { self.tripped.withLock { $0 = true } }
  func reset() { self.tripped.withLock { $0 = false } }
}

/// The random generator a replay puts in place of one it can't set back: it reports the call.
private struct Tripping: RandomNumberGenerator, Sendable {
  let tripwire: Tripwire
  mutating func next() -> UInt64 {
    self.tripwire.trip()
    return 0
  }
}
