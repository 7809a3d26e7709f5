#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import Foundation

extension Effect {
  /// Delays the delivery of the effect's actions, and its completion, by the given time on a
  /// scheduler, as Combine's `delay` operator did for 0.x effects.
  ///
  /// ```swift
  /// getPromoList: {
  ///   Effect(value: PromoState.mocks(numberOfMocks: 20))
  ///     .delay(for: .milliseconds(250), scheduler: mainQueue)
  ///     .eraseToEffect()
  /// }
  /// ```
  ///
  /// In tests, drive the scheduler by hand with a test scheduler (`DispatchQueue.test`), then
  /// assert the action arrived: `scheduler.advance(by: .milliseconds(250))`, then `receive`. Or
  /// use an immediate scheduler (`.immediate`) to deliver without waiting.
  ///
  /// Each action is delivered `dueTime` after the effect emits it, on the main actor, and the
  /// effect completes `dueTime` after its work does. The work itself is not delayed (see
  /// ``deferred(for:scheduler:options:)`` for that), and cancelling the effect drops actions not
  /// yet delivered.
  ///
  /// > Note: Unlike Combine's operator, delaying a ``concatenate(_:)-3iza9`` starts each of its
  /// > effects after the previous one's *delayed* completion, so later effects are delayed more
  /// > than once. Delay the effects before concatenating them when that matters.
  ///
  /// - Parameters:
  ///   - dueTime: The time to delay each action by.
  ///   - scheduler: The scheduler that measures the delay and delivers the actions.
  ///   - options: Scheduler options.
  /// - Returns: An effect whose actions arrive `dueTime` later.
  public func delay<S: Scheduler & SendableMetatype>(
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Self {
    guard !self._isNone else { return self }
    return self._delayingActions(
      by: ScheduledDelay(dueTime: dueTime, scheduler: scheduler, options: options)
    )
  }

  func _delayingActions(by delay: ScheduledDelay) -> Self {
    switch self.operation {
    case .none, .cancel, .cancelNavigation:
      return self
    case let .send(action):
      return ._sending(action, after: delay)
    case let .run(priority, operation):
      return Self(
        operation: .run(priority) { send in
          await DelayedRun.withRun { run in
            await operation(
              Send { action in
                delay.schedule {
                  guard !run.isCancelled else { return }
                  send(action)
                }
              }
            )
            await run.waitForDelay(delay)
          }
        }
      )
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0._delayingActions(by: delay) }))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0._delayingActions(by: delay) }))
    case let .cancellable(id, cancelInFlight, path, effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, path: path, effect._delayingActions(by: delay)
        )
      )
    case let .stream(start):
      return ._stream { sink in
        start(
          EffectSink(
            send: { action in delay.schedule { sink.send(action) } },
            complete: { delay.schedule { sink.complete() } }
          )
        )
      }
    case let .lifecycle(onStart, onEnd, effect):
      return Self(
        operation: .lifecycle(onStart: onStart, onEnd: onEnd, effect._delayingActions(by: delay))
      )
    case let .located(fileID, line, effect):
      return Self(operation: .located(fileID: fileID, line: line, effect._delayingActions(by: delay)))
    }
  }
}

extension Effect {
  /// Sends `action`, then completes, once `delay` has passed: a `.send` effect delayed or
  /// deferred.
  static func _sending(_ action: sending Action, after delay: ScheduledDelay) -> Self {
    ._stream { sink in
      delay.schedule {
        sink.send(action)
        sink.complete()
      }
      return .finished
    }
  }
}

/// A delay measured on a scheduler, type-erased.
struct ScheduledDelay: Sendable {
  private let scheduleAfterDelay: @Sendable (_ action: @escaping @Sendable () -> Void) -> Void

  init<S: Scheduler & SendableMetatype>(
    dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions?
  ) {
    let parameters = UncheckedSendable((scheduler, dueTime, options))
    self.scheduleAfterDelay = { action in
      let (scheduler, dueTime, options) = parameters.value
      scheduler.schedule(
        after: scheduler.now.advanced(by: dueTime),
        tolerance: scheduler.minimumTolerance,
        options: options,
        action
      )
    }
  }

  /// Runs `body` on the main actor once the delay has passed.
  func schedule(_ body: @escaping @MainActor @Sendable () -> Void) {
    self.scheduleAfterDelay { performOnMainActor(body) }
  }

  /// Runs `body`, on the scheduler's thread, once the delay has passed.
  func scheduleOnScheduler(_ body: @escaping @Sendable () -> Void) {
    self.scheduleAfterDelay(body)
  }
}

/// The state of one run of a delayed or deferred ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``
/// effect: whether it was cancelled, and the wait for the delay to pass.
final class DelayedRun: @unchecked Sendable {
  private let lock = NSLock()
  private var _isCancelled = false
  private var continuation: CheckedContinuation<Void, Never>?

  /// Runs `body` with a new run, which is cancelled if the task is cancelled while `body` runs;
  /// returns the run.
  @discardableResult
  static func withRun(_ body: (DelayedRun) async -> Void) async -> DelayedRun {
    let run = DelayedRun()
    await withTaskCancellationHandler {
      await body(run)
    } onCancel: {
      run.cancel()
    }
    return run
  }

  var isCancelled: Bool {
    self.lock.withLock { self._isCancelled }
  }

  func cancel() {
    let continuation = self.lock.withLock {
      self._isCancelled = true
      return self.takeContinuation()
    }
    continuation?.resume()
  }

  /// Suspends until the delay has passed, or the run is cancelled.
  func waitForDelay(_ delay: ScheduledDelay) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isCancelled = self.lock.withLock {
        guard !self._isCancelled else { return true }
        self.continuation = continuation
        return false
      }
      guard !isCancelled else {
        continuation.resume()
        return
      }
      delay.scheduleOnScheduler {
        self.lock.withLock { self.takeContinuation() }?.resume()
      }
    }
  }

  private func takeContinuation() -> CheckedContinuation<Void, Never>? {
    defer { self.continuation = nil }
    return self.continuation
  }
}
