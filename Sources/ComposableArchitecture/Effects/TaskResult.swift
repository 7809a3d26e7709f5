import Foundation

/// A value that represents either a success or a failure, where the failure is any error.
///
/// Useful for effects that call throwing APIs and feed the result back into the system:
///
/// ```swift
/// case numberFactResponse(TaskResult<String>)
/// …
/// return .run { [count = state.count] send in
///   await send(.numberFactResponse(TaskResult { try await self.factClient.fetch(count) }))
/// }
/// ```
public enum TaskResult<Success: Sendable>: Sendable {
  /// A success, storing a `Success` value.
  case success(Success)
  /// A failure, storing an error.
  case failure(any Error)

  /// Creates a new task result by evaluating an async throwing closure.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// Transforms a `Result` into a `TaskResult`, erasing its `Failure` to `Error`.
  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  /// Returns the success value as a throwing property.
  public var value: Success {
    get throws {
      switch self {
      case let .success(value): return value
      case let .failure(error): throw error
      }
    }
  }

  /// Returns a new task result, mapping any success value using the given transformation.
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): return .success(transform(value))
    case let .failure(error): return .failure(error)
    }
  }

  /// Returns a new task result, mapping any success value using the given transformation and
  /// unwrapping the produced result.
  public func flatMap<NewSuccess>(
    _ transform: (Success) -> TaskResult<NewSuccess>
  ) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): return transform(value)
    case let .failure(error): return .failure(error)
    }
  }
}

extension TaskResult: CasePathable {
  public struct AllCasePaths: Sendable {
    public var success: AnyCasePath<TaskResult, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: {
          guard case let .success(value) = $0 else { return nil }
          return value
        }
      )
    }
    public var failure: AnyCasePath<TaskResult, any Error> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: {
          guard case let .failure(error) = $0 else { return nil }
          return error
        }
      )
    }
  }
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Result where Success: Sendable, Failure == any Error {
  /// Transforms a `TaskResult` into a `Result`.
  public init(_ result: TaskResult<Success>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }
}

extension TaskResult: Equatable where Success: Equatable {
  /// Two failures are equal when their errors are equal: errors that are `Equatable` compare with
  /// `==`; others compare by type and by their dumped description, which keeps tests of features
  /// that wrap plain `Error` types deterministic.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.success(lhs), .success(rhs)):
      return lhs == rhs
    case let (.failure(lhs), .failure(rhs)):
      return _errorsAreEqual(lhs, rhs)
    default:
      return false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .success(value):
      hasher.combine(0)
      hasher.combine(value)
    case .failure:
      // Failures of different types may be equal (see `==`), so only the case is hashed.
      hasher.combine(1)
    }
  }
}

func _errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  func open<E: Equatable>(_ lhs: E) -> Bool? {
    (rhs as? E).map { lhs == $0 }
  }
  // Through `Any`: Swift 6.3 wrongly warns that a cast from `any Error` "always succeeds".
  if let lhs = lhs as Any as? any Equatable, let result = open(lhs) {
    return result
  }
  return type(of: lhs) == type(of: rhs)
    && String(customDumping: lhs) == String(customDumping: rhs)
}
