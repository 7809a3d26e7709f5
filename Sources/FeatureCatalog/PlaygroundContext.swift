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
  }
}
