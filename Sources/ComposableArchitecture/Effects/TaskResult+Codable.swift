// `TaskResult` is not `Codable` in TCA. The playground builds actions from text through `Codable`,
// and features carry responses as `TaskResult`s (`case factResponse(TaskResult<String>)`), so
// here a task result has the shape the compiler would synthesize for
// `enum TaskResult { case success(Success), failure(String) }`:
//
//     {"success": {"_0": …}}    {"failure": {"_0": "description of the error"}}
//
// A failure encodes its error's description, since errors are not `Codable`, and decodes to a
// ``TaskResultFailure`` carrying that description, which encodes the same way: `.failure(…)`
// round-trips.

extension TaskResult: Encodable where Success: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: TaskResultCodingKeys.self)
    switch self {
    case let .success(value):
      var payload = container.nestedContainer(keyedBy: TaskResultPayloadCodingKeys.self, forKey: .success)
      try payload.encode(value, forKey: ._0)
    case let .failure(error):
      var payload = container.nestedContainer(keyedBy: TaskResultPayloadCodingKeys.self, forKey: .failure)
      try payload.encode(TaskResultFailure(error).description, forKey: ._0)
    }
  }
}

extension TaskResult: Decodable where Success: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TaskResultCodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.typeMismatch(
        TaskResult.self,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "Invalid number of keys found, expected one."
        )
      )
    }
    let payload = try container.nestedContainer(keyedBy: TaskResultPayloadCodingKeys.self, forKey: key)
    switch key {
    case .success:
      self = .success(try payload.decode(Success.self, forKey: ._0))
    case .failure:
      self = .failure(TaskResultFailure(try payload.decode(String.self, forKey: ._0)))
    }
  }
}

/// The error of a ``TaskResult`` failure decoded from its `Codable` form, which keeps only the
/// description of the original error.
///
/// A task result failing with it equals a task result failing with any error of that
/// description, so a failure written as text (`.failure("Failure()")`, in the playground) matches
/// the failure an effect delivers:
///
/// ```swift
/// struct Failure: Error {}
/// let data = try JSONEncoder().encode(TaskResult<Int>.failure(Failure()))
/// let result = try JSONDecoder().decode(TaskResult<Int>.self, from: data)
/// // result is .failure(TaskResultFailure("Failure()")), and result == .failure(Failure())
/// ```
public struct TaskResultFailure: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The description of the error this failure stands for.
  public var description: String

  /// A failure with the given description.
  public init(_ description: String) {
    self.description = description
  }

  /// A failure standing for the given error: its description, or the error's own if it already
  /// is a ``TaskResultFailure``.
  public init(_ error: any Error) {
    self.description = (error as? TaskResultFailure)?.description ?? String(describing: error)
  }
}

extension TaskResultFailure: CustomDumpStringConvertible {
  /// Dumps as `TaskResultFailure("…")`.
  public var customDumpDescription: String {
    "TaskResultFailure(\(String(customDumping: self.description)))"
  }
}

private enum TaskResultCodingKeys: String, CodingKey {
  case success
  case failure
}

private enum TaskResultPayloadCodingKeys: String, CodingKey {
  case _0
}
