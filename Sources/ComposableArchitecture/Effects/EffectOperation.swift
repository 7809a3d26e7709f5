import Foundation

/// What an ``Effect`` does: a small tree that the store interprets on the main actor (see
/// `EffectRunner`), and the operations that build and transform it.
///
/// Keeping it as plain data rather than as a publisher lets `.send` deliver synchronously, lets
/// test stores track each effect's lifetime, and keeps the runtime free of Combine.
@usableFromInline
indirect enum EffectOperation<Action>: @unchecked Sendable {
  case none
  case send(Action)
  case run(TaskPriority?, @Sendable (_ send: Send<Action>) async -> Void)
  case merge([Effect<Action>])
  case concatenate([Effect<Action>])
  case cancellable(id: AnyHashable, cancelInFlight: Bool, path: NavigationIDPath, Effect<Action>)
  case cancel(id: AnyHashable, path: NavigationIDPath)
  case cancelNavigation(NavigationIDPath)
  case stream(@MainActor @Sendable (_ sink: EffectSink<Action>) -> EffectCancellable)
  case lifecycle(
    onStart: @MainActor @Sendable () -> Void,
    onEnd: @MainActor @Sendable () -> Void,
    Effect<Action>
  )
  /// Where in the reducer the effect was made (`.send`, `.run`, `.publisher`): the runner
  /// tells the store which effect delivered an action and where each in-flight one came from.
  case located(fileID: StaticString, line: UInt, Effect<Action>)
}

extension EffectOperation {
  /// The work of a `.run` effect (and of 0.x's `.task`, `name` says which): `operation`, run with
  /// the dependencies of where the effect was made. An error other than cancellation goes to
  /// `handler`; without one, it is reported as an issue at the effect's call site.
  static func catchingRun(
    priority: TaskPriority?,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)?,
    named name: String,
    headlineEnd: String = ".",
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> Self {
    withEscapedDependencies { escaped in
      .run(priority) { send in
        await escaped.yield {
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch {
            guard let handler else {
              reportIssue(
                """
                An "\(name)" returned from "\(fileID):\(line)" threw an unhandled error\(headlineEnd)

                \(String(customDumping: error).indent(by: 4))

                All non-cancellation errors must be explicitly handled via the "catch" parameter \
                on "\(name)", or via a "do" block.
                """,
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
              )
              return
            }
            await handler(error, send)
          }
        }
      }
    }
  }

  /// Both effects at the same time, as one `.merge` (a merge's effects are taken in).
  static func merging(_ first: Effect<Action>, _ other: Effect<Action>) -> Self {
    switch (first.operation, other.operation) {
    case (_, .none): return first.operation
    case (.none, _): return other.operation
    case let (.merge(lhs), .merge(rhs)): return .merge(lhs + rhs)
    case let (.merge(lhs), _): return .merge(lhs + [other])
    case let (_, .merge(rhs)): return .merge([first] + rhs)
    default: return .merge([first, other])
    }
  }

  /// One effect after the other, as one `.concatenate` (a concatenation's effects are taken in).
  static func concatenating(_ first: Effect<Action>, _ next: Effect<Action>) -> Self {
    switch (first.operation, next.operation) {
    case (_, .none): return first.operation
    case (.none, _): return next.operation
    case let (.concatenate(lhs), .concatenate(rhs)): return .concatenate(lhs + rhs)
    case let (.concatenate(lhs), _): return .concatenate(lhs + [next])
    case let (_, .concatenate(rhs)): return .concatenate([first] + rhs)
    default: return .concatenate([first, next])
    }
  }

  /// The same tree with every action it sends transformed.
  func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> EffectOperation<T> {
    switch self {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, operation):
      return .run(priority) { send in
        await operation(Send { action in send(transform(action)) })
      }
    case let .merge(effects):
      return .merge(effects.map { $0.map(transform) })
    case let .concatenate(effects):
      return .concatenate(effects.map { $0.map(transform) })
    case let .cancellable(id, cancelInFlight, path, effect):
      return .cancellable(id: id, cancelInFlight: cancelInFlight, path: path, effect.map(transform))
    case let .cancel(id, path):
      return .cancel(id: id, path: path)
    case let .cancelNavigation(path):
      return .cancelNavigation(path)
    case let .stream(start):
      return .stream { sink in
        start(EffectSink(send: { sink.send(transform($0)) }, complete: sink.complete))
      }
    case let .lifecycle(onStart, onEnd, effect):
      return .lifecycle(onStart: onStart, onEnd: onEnd, effect.map(transform))
    case let .located(fileID, line, effect):
      return .located(fileID: fileID, line: line, effect.map(transform))
    }
  }
}
