extension Effect {
  /// Rewrites the effect so that every action it produces goes to `deliver`, on the main actor,
  /// instead of to the store: the result does the same work, with the same lifetime and
  /// cancellation, and emits nothing. Used by ``fireAndForget()``.
  func _redirectingActions<NewAction>(
    to deliver: @escaping @MainActor @Sendable (Action) -> Void
  ) -> Effect<NewAction> {
    switch self.operation {
    case .none:
      return .none
    case let .send(action):
      return ._stream { sink in
        deliver(action)
        sink.complete()
        return .finished
      }
    case let .run(priority, operation):
      return Effect<NewAction>(
        operation: .run(priority) { _ in
          await operation(Send { deliver($0) })
        }
      )
    case let .merge(effects):
      return Effect<NewAction>(
        operation: .merge(effects.map { $0._redirectingActions(to: deliver) })
      )
    case let .concatenate(effects):
      return Effect<NewAction>(
        operation: .concatenate(effects.map { $0._redirectingActions(to: deliver) })
      )
    case let .cancellable(id, cancelInFlight, path, effect):
      return Effect<NewAction>(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, path: path,
          effect._redirectingActions(to: deliver)
        )
      )
    case let .cancel(id, path):
      return Effect<NewAction>(operation: .cancel(id: id, path: path))
    case let .cancelNavigation(path):
      return Effect<NewAction>(operation: .cancelNavigation(path))
    case let .stream(start):
      return ._stream { sink in
        start(EffectSink(send: deliver, complete: { sink.complete() }))
      }
    case let .lifecycle(onStart, onEnd, effect):
      return Effect<NewAction>(
        operation: .lifecycle(
          onStart: onStart, onEnd: onEnd, effect._redirectingActions(to: deliver)
        )
      )
    case let .located(fileID, line, effect):
      return Effect<NewAction>(operation: .located(fileID: fileID, line: line, effect._redirectingActions(to: deliver)))
    }
  }
}
