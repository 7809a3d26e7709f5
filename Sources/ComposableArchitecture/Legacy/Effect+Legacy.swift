extension Effect {
  /// Initializes an effect that immediately emits the value passed in: the 0.x spelling of
  /// ``send(_:)``.
  ///
  /// ```swift
  /// loadData: { Effect(value: DemoItemState.mocks(numberOfMocks: 10)) }
  /// ```
  public init(value: Action) {
    self.init(operation: .send(value))
  }

  /// Returns the effect itself.
  ///
  /// In 0.x, effects were publishers, and chains of publisher operators ended with
  /// `eraseToEffect()` to get back an ``Effect``. Here the operators return effects already;
  /// this keeps that code compiling.
  public func eraseToEffect() -> Self {
    self
  }

  /// Transforms the effect's actions, as ``map(_:)`` does: the 0.x spelling of
  /// `.map(transform).eraseToEffect()`.
  public func eraseToEffect<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    self.map(transform)
  }

  /// Creates an effect that runs some synchronous work when the store runs it, and emits no
  /// actions. An error the work throws is ignored.
  ///
  /// ```swift
  /// testStore.environment.route = { url in
  ///   .fireAndForget {
  ///     routeSink.append(url)
  ///   }
  /// }
  /// ```
  ///
  /// The work runs on the main actor, synchronously, as soon as the store runs the effect: right
  /// after the reducer returns it. That is what lets a test check its consequences on the next
  /// line after `send`.
  ///
  /// - Parameter work: A closure encapsulating some work to execute in the real world.
  /// - Returns: An effect.
  public static func fireAndForget(_ work: @escaping () throws -> Void) -> Self {
    let work = UncheckedSendable(work)
    return withEscapedDependencies { escaped in
      ._stream { sink in
        escaped.yield {
          _ = try? work.value()
        }
        sink.complete()
        return .finished
      }
    }
  }

  /// Creates an effect that runs some asynchronous work, and emits no actions. An error the work
  /// throws is ignored.
  ///
  /// ```swift
  /// return .fireAndForget {
  ///   try await self.analytics.track("Button Tapped")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: Priority of the underlying task.
  ///   - work: A closure encapsulating some work to execute in the real world.
  /// - Returns: An effect.
  public static func fireAndForget(
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async throws -> Void
  ) -> Self {
    Self.run(priority: priority) { _ in try? await work() }._withoutLocation
  }

  /// Turns this effect into one of any action type, which does the same work and emits nothing.
  ///
  /// Dependencies whose effects emit nothing, such as routing or analytics, return `Effect<Never>`;
  /// a reducer turns them into effects of its own action:
  ///
  /// ```swift
  /// case .didTap:
  ///   return environment.route(state.url)
  ///     .fireAndForget()
  /// ```
  ///
  /// - Returns: An effect that never produces actions.
  public func fireAndForget<NewAction>() -> Effect<NewAction> {
    self._redirectingActions { _ in }
  }

  /// An effect that reports a test failure when it runs, for the parts of a test environment that
  /// the test expects not to be used.
  ///
  /// ```swift
  /// extension DemoPullbackEnvironment {
  ///   static let failing = Self(
  ///     route: { _ in .failing("Should not call route") },
  ///     trackEvent: { _ in .failing("Should not call trackEvent") }
  ///   )
  /// }
  /// ```
  ///
  /// When the store runs it, it reports the issue `"\(prefix) - A failing effect ran."` (or
  /// `"A failing effect ran."` with an empty prefix), and emits nothing.
  ///
  /// - Parameter prefix: A string that identifies the effect, prefixed to the failure message.
  /// - Returns: An effect that causes a test to fail if it runs.
  public static func failing(
    _ prefix: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    .fireAndForget {
      reportIssue(
        "\(prefix.isEmpty ? "" : "\(prefix) - ")A failing effect ran.",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Wraps an asynchronous unit of work that produces one action in an effect: the 0.x
  /// predecessor of ``run(priority:operation:catch:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// return .task { [count = state.count] in
  ///   await .factResponse(TaskResult { try await environment.fact.fetch(count) })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: Priority of the underlying task.
  ///   - operation: The operation to execute, which returns the action to send.
  ///   - handler: An error handler, invoked if the operation throws an error other than
  ///     `CancellationError`, which returns the action to send. Without one, a thrown error is
  ///     reported as an issue.
  /// - Returns: An effect wrapping the given asynchronous work.
  public static func task(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws -> Action,
    catch handler: (@Sendable (_ error: any Error) async -> Action)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      operation: .catchingRun(
        priority: priority,
        operation: { @Sendable send in try await send(operation()) },
        catch: handler.map { handler in
          { @Sendable (error: any Error, send: Send<Action>) in await send(handler(error)) }
        },
        named: "Effect.task",
        headlineEnd: ". …",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    )
  }
}
