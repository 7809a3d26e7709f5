#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import CombineSchedulers
import Dependencies
import Foundation

/// RxSwift's main scheduler, as the lesson's mocks name it: `MainScheduler.instance`.
///
/// ```swift
/// getPromoList: {
///   Effect(value: PromoState.mocks(numberOfMocks: 20))
///     .delay(.milliseconds(250), scheduler: MainScheduler.instance)
///     .eraseToEffect()
/// }
/// ```
///
/// In this shim it is not a global queue: it stands for the `mainQueue` dependency of the store
/// that runs the effect, read when the effect is built (in the reducer, as the store runs it).
/// The playground gives its stores a test scheduler, which `store.advance(by:)` moves; the
/// `RxComposableArchitecture` test store gives each test store a test scheduler of its own.
public struct MainScheduler: Sendable {
  /// The main scheduler of the store running the current reducer.
  public static let instance = MainScheduler()

  private init() {}

  /// The scheduler this stands for, resolved now: the `mainQueue` dependency in effect.
  public var resolved: AnySchedulerOf<DispatchQueue> {
    @Dependency(\.mainQueue) var mainQueue
    return mainQueue
  }
}

extension DispatchTimeInterval {
  /// The interval in nanoseconds, or `nil` for `.never`.
  public var nanoseconds: Int? {
    switch self {
    case let .seconds(seconds): return seconds * 1_000_000_000
    case let .milliseconds(milliseconds): return milliseconds * 1_000_000
    case let .microseconds(microseconds): return microseconds * 1_000
    case let .nanoseconds(nanoseconds): return nanoseconds
    case .never: return nil
    @unknown default: return nil
    }
  }
}
