#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Effect {
  /// Throttles an effect so that it only publishes one output per given interval.
  ///
  /// The throttling of an effect is with respect to actions being sent into the store. So, if
  /// you return a throttled effect from an action that is sent with high frequency, the effect
  /// will be executed at most once per interval specified.
  ///
  /// ```swift
  /// case let .scrolled(offset):
  ///   return .send(.loadMore(offset))
  ///     .throttle(id: CancelID.loadMore, for: .seconds(1), scheduler: self.mainQueue, latest: true)
  /// ```
  ///
  /// As in TCA, the effect's actions are received on the scheduler: the first one is delivered
  /// on the scheduler's next turn (with a test scheduler, `await scheduler.advance()`). An action
  /// that comes within `interval` of the last delivered one is held back until the interval has
  /// passed; starting a new throttled effect with the same identifier cancels the one holding an
  /// action back, and the new one delivers, at the interval's end, its own action when `latest`
  /// is `true`, or the first action held back during the interval when it is `false`.
  ///
  /// Identifiers are local to the store and to the child feature the effect was started in, as
  /// for ``cancellable(id:cancelInFlight:)``.
  ///
  /// > Note: TCA 1.25 deprecates this operator in favour of throttling by hand with a clock in a
  /// > `.run` effect.
  ///
  /// - Parameters:
  ///   - id: The effect's identifier.
  ///   - interval: The interval at which to find and emit the most recent element, expressed in
  ///     the time system of the scheduler.
  ///   - scheduler: The scheduler you want to deliver the throttled output to.
  ///   - latest: A boolean value that indicates whether to publish the most recent element. If
  ///     `false`, the publisher emits the first element received during the interval.
  /// - Returns: An effect that emits either the most-recent or first element received during the
  ///   specified interval.
  public func throttle<ID: Hashable & Sendable, S: Scheduler>(
    id: ID,
    for interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    latest: Bool
  ) -> Self {
    guard !self._isNone else { return .none }
    @Dependency(\.navigationIDPath) var path
    let key = CancellationRegistry.Key(id: AnyHashable(id), path: path)
    let parameters = UncheckedSendable((scheduler, interval))
    let upstream = self
    return Self._stream { sink in
      let (scheduler, interval) = parameters.value
      guard let runner = EffectRunner.current else {
        sink.complete()
        return .finished
      }
      let run = ThrottledRun(
        key: key, times: runner.throttleTimes, scheduler: scheduler, interval: interval,
        latest: latest, sink: sink
      )
      let child = runner.start(upstream, send: run.receive, onEnd: run.upstreamDidEnd)
      return EffectCancellable {
        run.cancel()
        child.cancel()
      }
    }
    ._located(like: upstream)
    .cancellable(id: id, cancelInFlight: true)
  }
}

/// When each throttled identifier of one store last delivered an action, and the action held
/// back for it (the first one, for `latest: false`).
@MainActor
final class ThrottleTimes {
  var times: [CancellationRegistry.Key: Any] = [:]
  var values: [CancellationRegistry.Key: Any] = [:]
}

/// One run of a throttled effect: receives the upstream's actions on the scheduler, delivers or
/// holds them back, and completes once the upstream has ended and nothing is held back.
@MainActor
private final class ThrottledRun<Action, S: Scheduler> {
  let key: CancellationRegistry.Key
  let times: ThrottleTimes
  let scheduler: S
  let interval: S.SchedulerTimeType.Stride
  let latest: Bool
  let sink: EffectSink<Action>
  private var pending = 0
  private var upstreamEnded = false
  private var isCancelled = false

  init(
    key: CancellationRegistry.Key,
    times: ThrottleTimes,
    scheduler: S,
    interval: S.SchedulerTimeType.Stride,
    latest: Bool,
    sink: EffectSink<Action>
  ) {
    self.key = key
    self.times = times
    self.scheduler = scheduler
    self.interval = interval
    self.latest = latest
    self.sink = sink
  }

  func receive(_ action: Action) {
    self.pending += 1
    self.onScheduler(after: nil) { run in run.throttle(action) }
  }

  func upstreamDidEnd() {
    guard !self.isCancelled else { return }
    self.pending += 1
    self.onScheduler(after: nil) { run in run.upstreamEnded = true }
  }

  func cancel() {
    self.isCancelled = true
  }

  /// TCA's decision, made on the scheduler: deliver now, or hold back until the interval ends.
  private func throttle(_ action: Action) {
    guard let throttleTime = self.times.times[self.key] as? S.SchedulerTimeType else {
      self.deliver(action)
      return
    }
    let value = self.latest ? action : (self.times.values[self.key] as? Action ?? action)
    self.times.values[self.key] = value
    guard throttleTime.distance(to: self.scheduler.now) < self.interval else {
      self.deliver(value)
      return
    }
    self.pending += 1
    self.onScheduler(after: throttleTime.advanced(by: self.interval)) { run in run.deliver(value) }
  }

  private func deliver(_ action: Action) {
    self.times.times[self.key] = self.scheduler.now
    self.times.values[self.key] = nil
    self.sink.send(action)
  }

  /// Runs `body` on the main actor from the scheduler, at `date` or on its next turn, unless the
  /// run was cancelled by then; completes the effect when that was the last piece of work.
  private func onScheduler(
    after date: S.SchedulerTimeType?, _ body: @escaping @MainActor (ThrottledRun) -> Void
  ) {
    let run = UncheckedSendable(self)
    let body = UncheckedSendable(body)
    let perform: @Sendable () -> Void = {
      performOnMainActor { run.value.perform(body.value) }
    }
    if let date {
      self.scheduler.schedule(after: date, perform)
    } else {
      self.scheduler.schedule(perform)
    }
  }

  private func perform(_ body: @MainActor (ThrottledRun) -> Void) {
    guard !self.isCancelled else { return }
    body(self)
    self.pending -= 1
    if self.pending == 0 && self.upstreamEnded { self.sink.complete() }
  }
}
