#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Effect {
  /// Turns an effect into one that can be debounced.
  ///
  /// To turn an effect into a debounce-able one you must provide an identifier, which is used to
  /// determine which in-flight effect should be canceled in order to start a new effect. Any
  /// hashable value can be used for the identifier, such as a string, but you can add a bit of
  /// protection against typos by defining a new type that conforms to `Hashable`, such as an
  /// empty struct:
  ///
  /// ```swift
  /// case let .textChanged(text):
  ///   enum CancelID { case search }
  ///
  ///   return .run { send in
  ///     await send(.searchResponse(TaskResult { try await self.apiClient.search(text) }))
  ///   }
  ///   .debounce(id: CancelID.search, for: 0.5, scheduler: self.mainQueue)
  /// ```
  ///
  /// The effect starts once `dueTime` has passed on the scheduler without another effect with
  /// the same identifier being started; starting one cancels the one waiting (or running).
  ///
  /// - Parameters:
  ///   - id: The effect's identifier.
  ///   - dueTime: The duration you want to debounce for.
  ///   - scheduler: The scheduler you want to deliver the debounced output to.
  ///   - options: Scheduler options that customize the effect's delivery of elements.
  /// - Returns: An effect that publishes events only after a specified time elapses.
  public func debounce<ID: Hashable & Sendable, S: Scheduler & SendableMetatype>(
    id: ID,
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Self {
    guard !self._isNone else { return .none }
    let delay = ScheduledDelay(dueTime: dueTime, scheduler: scheduler, options: options)
    let wait = Self._stream { sink in
      delay.schedule { sink.complete() }
      return .finished
    }
    ._located(like: self)
    return Self.concatenate(wait, self).cancellable(id: id, cancelInFlight: true)
  }
}
