#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Effect {
  /// Starts the effect only after the given time has passed on a scheduler.
  ///
  /// ```swift
  /// return Effect(value: .hideToast)
  ///   .deferred(for: 2, scheduler: environment.mainQueue)
  /// ```
  ///
  /// Nothing runs before `dueTime` has passed; cancelling the effect before then means it never
  /// runs.
  ///
  /// - Parameters:
  ///   - dueTime: The time to wait before starting the effect.
  ///   - scheduler: The scheduler that measures the time.
  ///   - options: Scheduler options.
  /// - Returns: An effect that runs this one once `dueTime` has passed.
  public func deferred<S: Scheduler & SendableMetatype>(
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Self {
    guard !self._isNone else { return self }
    return self._deferringStart(
      by: ScheduledDelay(dueTime: dueTime, scheduler: scheduler, options: options)
    )
  }

  // Defers every part of the effect that starts right away: each leaf waits for the delay before
  // doing its work, and a concatenation defers only its first effect (the others start after it).
  // Deferring the leaves rather than prepending a wait keeps the timing right when the deferred
  // effect is itself delayed.
  func _deferringStart(by delay: ScheduledDelay) -> Self {
    switch self.operation {
    case .none:
      return ._stream { sink in
        delay.schedule { sink.complete() }
        return .finished
      }
    case .cancel, .cancelNavigation:
      return .concatenate(Self.none._deferringStart(by: delay), self)
    case let .send(action):
      return ._sending(action, after: delay)
    case let .run(priority, operation):
      return Self(
        operation: .run(priority) { send in
          let run = await DelayedRun.withRun { await $0.waitForDelay(delay) }
          guard !run.isCancelled else { return }
          await operation(send)
        }
      )
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0._deferringStart(by: delay) }))
    case let .concatenate(effects):
      guard let first = effects.first else { return self }
      return Self(operation: .concatenate([first._deferringStart(by: delay)] + effects.dropFirst()))
    case let .cancellable(id, cancelInFlight, path, effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, path: path, effect._deferringStart(by: delay)
        )
      )
    case let .stream(start):
      return ._stream { sink in
        let deferredStart = DeferredStreamStart()
        delay.schedule {
          guard !deferredStart.isCancelled else { return }
          deferredStart.cancellable = start(sink)
        }
        return EffectCancellable {
          deferredStart.isCancelled = true
          deferredStart.cancellable?.cancel()
        }
      }
    case let .lifecycle(onStart, onEnd, effect):
      return Self(
        operation: .lifecycle(onStart: onStart, onEnd: onEnd, effect._deferringStart(by: delay))
      )
    case let .located(fileID, line, effect):
      return Self(operation: .located(fileID: fileID, line: line, effect._deferringStart(by: delay)))
    }
  }
}

/// The state of one run of a deferred ``Effect/_stream(_:)`` effect.
@MainActor
private final class DeferredStreamStart {
  var isCancelled = false
  var cancellable: EffectCancellable?
}
