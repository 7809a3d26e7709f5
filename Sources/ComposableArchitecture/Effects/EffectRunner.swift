/// Interprets ``Effect`` trees for one store, on the main actor.
///
/// Every effect reports its end exactly once, however it ends (finished, cancelled, or
/// cancelled through an identifier), which is what `StoreTask.finish()` and the test store's
/// in-flight tracking rely on.
@MainActor
final class EffectRunner {
  let registry = CancellationRegistry()

  /// When each throttled identifier last delivered an action (see `Effect.throttle`).
  let throttleTimes = ThrottleTimes()

  /// The runner of the effect whose asynchronous work is executing: lets navigation tools (the
  /// `dismiss` dependency) reach the cancellation registry of the store that runs the effect.
  nonisolated static var current: EffectRunner? { CurrentEffectRunner.value }

  func start<Action>(
    _ effect: Effect<Action>,
    send: @escaping @MainActor (Action) -> Void,
    onEnd: @escaping @MainActor () -> Void
  ) -> EffectCancellable {
    switch effect.operation {
    case .none:
      onEnd()
      return .finished

    case let .send(action):
      send(action)
      onEnd()
      return .finished

    case let .run(priority, operation):
      let end = Once(onEnd)
      let task = Task(priority: priority) { @MainActor in
        await CurrentEffectRunner.$value.withValue(self) {
          await operation(Send { action in send(action) })
        }
        end.fire()
      }
      return EffectCancellable {
        task.cancel()
        end.fire()
      }

    case let .merge(effects):
      let end = Once(onEnd)
      var remaining = effects.count
      let children = effects.map { effect in
        self.start(effect, send: send) {
          remaining -= 1
          if remaining == 0 { end.fire() }
        }
      }
      return EffectCancellable {
        for child in children { child.cancel() }
        end.fire()
      }

    case let .concatenate(effects):
      let end = Once(onEnd)
      var index = 0
      var current: EffectCancellable?
      func next() {
        guard !end.hasFired else { return }
        guard index < effects.count else {
          end.fire()
          return
        }
        let effect = effects[index]
        index += 1
        current = self.start(effect, send: send) { next() }
      }
      next()
      return EffectCancellable {
        end.fire()
        current?.cancel()
      }

    case let .cancellable(id, cancelInFlight, path, effect):
      let key = CancellationRegistry.Key(id: id, path: path)
      if cancelInFlight {
        self.registry.cancel(key)
      }
      // Set once the cancellable exists; a main-actor box, as the closure that reads it is
      // `@MainActor` (so `@Sendable`) and may not capture a `var` that is mutated afterwards.
      let token = CancellableSlot()
      let end = Once { [registry] in
        if let token = token.value { registry.remove(token, for: key) }
        onEnd()
      }
      let child = self.start(effect, send: send) { end.fire() }
      guard !end.hasFired else { return .finished }
      let cancellable = EffectCancellable {
        child.cancel()
        end.fire()
      }
      token.value = cancellable
      self.registry.insert(cancellable, for: key)
      return cancellable

    case let .cancel(id, path):
      self.registry.cancel(CancellationRegistry.Key(id: id, path: path))
      onEnd()
      return .finished

    case let .cancelNavigation(path):
      self.registry.cancel(navigationPath: path)
      onEnd()
      return .finished

    case let .stream(startStream):
      let end = Once(onEnd)
      var isCancelled = false
      // A stream may start effects of its own (`throttle` does), on this runner.
      let child = CurrentEffectRunner.$value.withValue(self) {
        startStream(
          EffectSink(
            send: { action in if !isCancelled { send(action) } },
            complete: { end.fire() }
          )
        )
      }
      return EffectCancellable {
        isCancelled = true
        child.cancel()
        end.fire()
      }

    case let .lifecycle(onStart, onStop, effect):
      onStart()
      return self.start(effect, send: send) {
        onStop()
        onEnd()
      }
    }
  }
}

/// The task-local behind ``EffectRunner/current``, outside the main-actor class: the accessors the
/// `@TaskLocal` macro generates must be nonisolated, as task-locals are read from any context.
enum CurrentEffectRunner {
  @TaskLocal static var value: EffectRunner?
}

/// Holds the cancellable a `.cancellable` effect registers, for the end handler created before it.
@MainActor
private final class CancellableSlot {
  var value: EffectCancellable?
}
