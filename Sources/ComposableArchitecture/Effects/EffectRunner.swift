/// Interprets ``Effect`` trees for one store, on the main actor.
///
/// Every effect reports its end exactly once, however it ends (finished, cancelled, or
/// cancelled through an identifier), which is what `StoreTask.finish()` and the test store's
/// in-flight tracking rely on.
@MainActor
final class EffectRunner {
  let registry = CancellationRegistry()

  /// Where this store's running effects are counted: the host's session's, when it bound one.
  let activity = EffectActivity.current

  /// When each throttled identifier last delivered an action (see `Effect.throttle`).
  let throttleTimes = ThrottleTimes()

  /// The runner of the effect whose asynchronous work is executing: lets navigation tools (the
  /// `dismiss` dependency) reach the cancellation registry of the store that runs the effect.
  nonisolated static var current: EffectRunner? { CurrentEffectRunner.value }

  /// The effects running now (`.run` and stream effects), by the order they started.
  private var running: [Int: RunningEffect] = [:]
  private var lastRunningID = 0

  /// The effects running now, oldest first.
  var runningEffects: [RunningEffect] {
    self.running.sorted { $0.key < $1.key }.map(\.value)
  }

  /// Starts an effect without telling where its actions come from (an effect started inside
  /// another, as `throttle` does).
  func start<Action>(
    _ effect: Effect<Action>,
    send: @escaping @MainActor (Action) -> Void,
    onEnd: @escaping @MainActor () -> Void
  ) -> EffectCancellable {
    self.start(effect, origin: nil, send: { action, _ in send(action) }, onEnd: onEnd)
  }

  /// Starts the effect the reduction `origin` returned; `send` gets each action it delivers
  /// with its ``EffectCause``.
  func start<Action>(
    _ effect: Effect<Action>,
    origin: Int?,
    send: @escaping @MainActor (Action, EffectCause) -> Void,
    onEnd: @escaping @MainActor () -> Void
  ) -> EffectCancellable {
    self.start(effect, in: EffectCause(origin: origin, location: nil, cancelIDs: []), send: send, onEnd: onEnd)
  }

  /// Registers a running effect; the returned closure unregisters it.
  private func register(_ cause: EffectCause) -> @MainActor () -> Void {
    guard !cause.isPresentation else { return {} }
    self.lastRunningID += 1
    let id = self.lastRunningID
    self.running[id] = RunningEffect(cause: cause, startedAfter: Reduction.lastID)
    return { [weak self] in self?.running[id] = nil }
  }

  /// Starts an effect within `cause`: where its enclosing `.located` says it was made and the
  /// cancel identifiers around it.
  private func start<Action>(
    _ effect: Effect<Action>,
    in cause: EffectCause,
    send: @escaping @MainActor (Action, EffectCause) -> Void,
    onEnd: @escaping @MainActor () -> Void
  ) -> EffectCancellable {
    switch effect.operation {
    case .none:
      onEnd()
      return .finished

    case let .send(action):
      send(action, cause)
      onEnd()
      return .finished

    case let .run(priority, operation):
      let unregister = self.register(cause)
      let end = Once {
        unregister()
        onEnd()
      }
      let activity = self.activity
      activity.begin()
      let task = Task(priority: priority) { @MainActor in
        defer { activity.end() }
        await CurrentEffectRunner.$value.withValue(self) {
          await operation(Send { action in send(action, cause) })
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
        self.start(effect, in: cause, send: send) {
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
        current = self.start(effect, in: cause, send: send) { next() }
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
      var inner = cause
      if id.base is OnFirstAppearID {
        inner.isPresentation = true
      } else if !(id.base is _NavigationEffectID), !(id.base is PresentationDismissID) {
        inner.cancelIDs.append(id)
      }
      let child = self.start(effect, in: inner, send: send) { end.fire() }
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
      let unregister = self.register(cause)
      let activity = self.activity
      activity.begin()
      let end = Once {
        activity.end()
        unregister()
        onEnd()
      }
      var isCancelled = false
      // A stream may start effects of its own (`throttle` does), on this runner.
      let child = CurrentEffectRunner.$value.withValue(self) {
        startStream(
          EffectSink(
            send: { action in if !isCancelled { send(action, cause) } },
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
      return self.start(effect, in: cause, send: send) {
        onStop()
        onEnd()
      }

    case let .located(fileID, line, effect):
      var inner = cause
      inner.location = EffectLocation(fileID: fileID, line: line)
      return self.start(effect, in: inner, send: send, onEnd: onEnd)
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
