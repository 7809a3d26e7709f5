#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Effect {
  /// Creates an effect from a Combine publisher, which emits the publisher's outputs as actions.
  ///
  /// ```swift
  /// return .publisher {
  ///   environment.notifications.publisher
  ///     .map(Action.notificationReceived)
  /// }
  /// ```
  ///
  /// The store subscribes when it runs the effect, and cancelling the effect cancels the
  /// subscription. Outputs are delivered on the main actor: synchronously when the publisher
  /// emits on the main thread, otherwise on the next turn of the main queue.
  ///
  /// On Linux, Combine is provided by OpenCombine: `import OpenCombineShim` (which is `Combine`
  /// on Apple platforms) to build publishers.
  ///
  /// The playground records where the effect was made (`fileID` and `line`, which default to the
  /// call site) to say which effect delivered an action.
  ///
  /// - Parameter createPublisher: A closure that creates the publisher, when the effect runs.
  /// - Returns: An effect that emits the publisher's outputs.
  public static func publisher<P: Publisher>(
    _ createPublisher: @escaping () -> P,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self where P.Output == Action, P.Failure == Never {
    Self(operation: .located(fileID: fileID, line: line, ._publisher(createPublisher)))
  }

  /// A publisher's effect that doesn't say where it was made: 0.x code's `eraseToEffect()`, whose
  /// call site isn't known.
  static func _publisher<P: Publisher>(
    _ createPublisher: @escaping () -> P
  ) -> Self where P.Output == Action, P.Failure == Never {
    let createPublisher = UncheckedSendable(createPublisher)
    return withEscapedDependencies { escaped in
      ._stream { sink in
        let publisher = escaped.yield { createPublisher.value() }
        let cancellable = publisher.sink(
          receiveCompletion: { _ in performOnMainActor { sink.complete() } },
          receiveValue: { action in
            let action = UncheckedSendable(action)
            performOnMainActor { sink.send(action.value) }
          }
        )
        return EffectCancellable { cancellable.cancel() }
      }
    }
  }
}

extension Publisher where Failure == Never {
  /// Turns the publisher into an ``Effect`` that emits its outputs, as 0.x code wrote it:
  /// `environment.clock.publisher.map(Action.tick).eraseToEffect()`.
  public func eraseToEffect() -> Effect<Output> {
    Effect._publisher { self }
  }

  /// Turns the publisher into an ``Effect`` that emits its outputs transformed.
  public func eraseToEffect<T>(_ transform: @escaping (Output) -> T) -> Effect<T> {
    Effect._publisher { self.map(transform) }
  }
}

extension Publisher {
  /// Turns a publisher that can fail into an ``Effect`` that emits its outputs and its failure as
  /// `Result` values.
  ///
  /// ```swift
  /// return environment.apiClient.fetchCart()
  ///   .catchToEffect(CartPageAction.receiveCartData)
  /// ```
  public func catchToEffect() -> Effect<Result<Output, Failure>> {
    self.catchToEffect { $0 }
  }

  /// Turns a publisher that can fail into an ``Effect`` that emits its outputs and its failure as
  /// `Result` values, transformed into actions.
  public func catchToEffect<T>(_ transform: @escaping (Result<Output, Failure>) -> T) -> Effect<T> {
    Effect._publisher {
      self
        .map { transform(.success($0)) }
        .catch { Just(transform(.failure($0))) }
    }
  }
}
