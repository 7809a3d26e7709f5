import CombineSchedulers
import ComposableArchitecture
import Foundation
import OpenCombineDispatch
import OpenCombineShim
import Synchronization

/// The controllable time a playground store runs its effects on: a test clock for
/// `@Dependency(\.continuousClock)` and a test scheduler for `mainQueue` and legacy
/// environment schedulers. `store.advance(by:)` moves both.
@MainActor
public final class PlaygroundContext {
  public let clock = TestClock<Duration>()
  /// The main queue stores see: the test scheduler, counting the work scheduled on it that
  /// hasn't run yet (``hasScheduledWork()``), so that nothing bypasses the count.
  public let mainQueue: AnySchedulerOf<DispatchQueue>
  private let scheduler = DispatchQueue.test
  private let pending = PendingWork()
  /// Total time advanced so far.
  public private(set) var elapsed: Duration = .zero
  /// The ids and random numbers the stores' `uuid` and `withRandomNumberGenerator` dependencies
  /// hand out, with their state (a replay starts them where they were: ``replayInputs(stackElementGeneration:)``).
  public let generators: PlaygroundGenerators
  /// The dependency values ``applyDefaults(to:)`` sets, made once so that a store's dependencies
  /// can be recognised as the playground's own (``controlledDependencies(in:)``).
  private let uuid: UUIDGenerator
  private let random: WithRandomNumberGenerator
  /// How far the playground's time can go (its scheduler counts nanoseconds in 64 bits).
  public static let horizon: Duration = .seconds(100 * 365 * 24 * 3600)

  public init() {
    let generators = PlaygroundGenerators()
    self.generators = generators
    self.uuid = generators.uuidGenerator
    self.random = generators.randomNumberGenerator
    let queue = self.scheduler
    let pending = self.pending
    // A wrapper rather than a look into the test scheduler: CombineSchedulers keeps its queue
    // of scheduled actions private.
    self.mainQueue = AnySchedulerOf<DispatchQueue>(
      minimumTolerance: { queue.minimumTolerance },
      now: { queue.now },
      scheduleImmediately: { options, action in
        pending.add(1)
        queue.schedule(options: options) { pending.add(-1); action() }
      },
      delayed: { date, tolerance, options, action in
        pending.add(1)
        queue.schedule(after: date, tolerance: tolerance, options: options) { pending.add(-1); action() }
      },
      interval: { date, interval, tolerance, options, action in
        pending.add(1)
        let cancellable = queue.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
        return AnyCancellable { pending.add(-1); cancellable.cancel() }
      }
    )
  }

  /// Whether an effect waits on the playground's time: sleeps on the clock or has work
  /// scheduled on the main queue.
  public func hasScheduledWork() async -> Bool {
    if self.pending.count > 0 { return true }
    // `checkSuspension()` throws when something sleeps on the clock.
    return (try? await self.clock.checkSuspension()) == nil
  }

  /// Moves both the clock and the scheduler forward, running whatever becomes due.
  ///
  /// The time is advanced in steps, so that cancelling the calling task (Ctrl-C at the prompt)
  /// stops a long advance between two steps: advancing an hour past a one-second timer runs
  /// 3,600 ticks. Steps grow while they are quick and shrink while they are slow (each costs a
  /// few yields when nothing is due), and each runs what is due in it in deadline order, as
  /// one big advance would. Returns the time actually advanced.
  @discardableResult
  public func advance(by duration: Duration) async -> Duration {
    await self.advance(by: duration, firstStep: .milliseconds(100))
  }

  /// ``advance(by:)`` starting with a step of `firstStep` (tests start with odd ones).
  func advance(by duration: Duration, firstStep: Duration) async -> Duration {
    var remaining = min(max(.zero, duration), Self.horizon - self.elapsed)
    var step = min(remaining, firstStep)
    var advanced: Duration = .zero
    while remaining > .zero, !Task.isCancelled {
      step = min(step, remaining)
      let started = ContinuousClock.now
      // The scheduler counts whole nanoseconds: it moves to the new total, so that steps that
      // aren't whole nanoseconds (a step halved on a slow machine) add up to the clock's time
      // instead of falling short of it, which would leave work due at the end of the advance.
      let schedulerStep = Self.nanoseconds(self.elapsed + step) - Self.nanoseconds(self.elapsed)
      await self.scheduler.advance(by: .nanoseconds(schedulerStep))
      await self.clock.advance(by: step)
      advanced += step
      self.elapsed += step
      remaining -= step
      let took = ContinuousClock.now - started
      if took < .milliseconds(20) {
        step *= 2
      } else if took > .milliseconds(100), step > .nanoseconds(2) {
        step /= 2
      }
    }
    return advanced
  }

  /// Whole nanoseconds in `duration`, saturating at `Int.max` (about 292 years). (Also how a
  /// session's history holds its replay budget.)
  public static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (sum, overflowed) = product.addingReportingOverflow(attoseconds / 1_000_000_000)
    return overflowed ? .max : Int(sum)
  }

  /// The dependencies every playground store starts with: deterministic time, ids and dates, in
  /// the preview context.
  ///
  /// Like an Xcode preview, the playground runs features on their dependencies' preview values
  /// (fixture API clients, for instance) rather than their live values, which reach the network:
  /// a feature's catalog offers the live client as a dependency variant where it wants to.
  public func applyDefaults(to dependencies: inout DependencyValues) {
    dependencies.context = .preview
    dependencies.continuousClock = self.clock
    dependencies.suspendingClock = self.clock
    dependencies.mainQueue = self.mainQueue
    dependencies.uuid = self.uuid
    dependencies.date = .constant(Date(timeIntervalSince1970: 1_700_000_000))
    dependencies.withRandomNumberGenerator = self.random
  }

  /// Which of the playground's generators `dependencies` still uses (a store's dependencies after
  /// its `withDependencies` and variants): those a replay can start again where they were.
  public func controlledDependencies(in dependencies: DependencyValues) -> ControlledDependencies {
    ControlledDependencies(
      uuid: holdSameBytes(dependencies.uuid, self.uuid),
      random: holdSameBytes(dependencies.withRandomNumberGenerator, self.random),
      clock: (dependencies.continuousClock as? TestClock<Duration>) === self.clock
        && (dependencies.suspendingClock as? TestClock<Duration>) === self.clock
    )
  }

  /// What a reducer run now could read of the playground's generators and time: the history
  /// notes it before each action, and a replay sets it again (`StoreReplayer`).
  public func replayInputs(stackElementGeneration: Int) -> ReplayInputs {
    // The clock's own time: while an advance runs, effects resume (and send) before
    // ``elapsed`` counts the step.
    ReplayInputs(
      generators: self.generators.state, stackElementGeneration: stackElementGeneration,
      time: TestClock<Duration>.Instant().duration(to: self.clock.now)
    )
  }
}

/// The dependencies of a store that are still the playground's own generators and clock.
public struct ControlledDependencies: Sendable, Equatable {
  public var uuid: Bool
  public var random: Bool
  public var clock: Bool
}

/// A count shared with the scheduler's closures, which may run on any thread.
private final class PendingWork: Sendable {
  private let value = Mutex(0)
  var count: Int { self.value.withLock { $0 } }
  func add(_ delta: Int) { self.value.withLock { $0 += delta } }
}

/// A deterministic random number generator (SplitMix64), so that shuffles and other random
/// choices replay identically in notebooks and tests.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Equatable {
  private var state: UInt64

  public init(seed: UInt64) {
    self.state = seed
  }

  public mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var z = self.state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
