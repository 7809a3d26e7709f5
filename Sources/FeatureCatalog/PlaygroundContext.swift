import CombineSchedulers
import ComposableArchitecture
import Foundation
import OpenCombineDispatch

/// The controllable time a playground store runs its effects on: a test clock for
/// `@Dependency(\.continuousClock)` and a test scheduler for `mainQueue` and legacy
/// environment schedulers. `store.advance(by:)` moves both.
@MainActor
public final class PlaygroundContext {
  public let clock = TestClock<Duration>()
  public let mainQueue = DispatchQueue.test
  /// Total time advanced so far.
  public private(set) var elapsed: Duration = .zero

  public init() {}

  /// Moves both the clock and the scheduler forward, running whatever becomes due.
  public func advance(by duration: Duration) async {
    self.elapsed += duration
    let nanoseconds = duration.components.seconds * 1_000_000_000
      + duration.components.attoseconds / 1_000_000_000
    await self.mainQueue.advance(by: .nanoseconds(Int(nanoseconds)))
    await self.clock.advance(by: duration)
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
    dependencies.mainQueue = self.mainQueue.eraseToAnyScheduler()
    dependencies.uuid = .incrementing
    dependencies.date = .constant(Date(timeIntervalSince1970: 1_700_000_000))
    dependencies.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))
  }
}

/// A deterministic random number generator (SplitMix64), so that shuffles and other random
/// choices replay identically in notebooks and tests.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
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
