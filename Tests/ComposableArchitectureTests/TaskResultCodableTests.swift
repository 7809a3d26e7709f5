import ComposableArchitecture
import Foundation
import Testing

/// `TaskResult`'s `Codable` form, which the playground builds actions through.
@Suite struct TaskResultCodableTests {
  struct Failure: Error, Equatable {}

  @Test func successEncodesItsValue() throws {
    let result = TaskResult<[Int]>.success([1, 2])
    let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
    #expect(json == #"{"success":{"_0":[1,2]}}"#)
    #expect(try JSONDecoder().decode(TaskResult<[Int]>.self, from: Data(json.utf8)) == result)
  }

  @Test func failureEncodesTheErrorsDescriptionAndDecodesToAnEqualFailure() throws {
    let result = TaskResult<Int>.failure(Failure())
    let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
    #expect(json == #"{"failure":{"_0":"Failure()"}}"#)
    let decoded = try JSONDecoder().decode(TaskResult<Int>.self, from: Data(json.utf8))
    guard case let .failure(error) = decoded else {
      Issue.record("Expected a failure, got \(decoded)")
      return
    }
    #expect(error as? TaskResultFailure == TaskResultFailure("Failure()"))
    // The decoded failure stands for the original error: equal both ways, and hashed alike.
    #expect(decoded == result)
    #expect(result == decoded)
    #expect(Set([decoded, result]).count == 1)
    // It round-trips.
    #expect(try JSONEncoder().encode(decoded) == JSONEncoder().encode(result))
  }

  @Test func decodedFailuresOfOtherDescriptionsDiffer() throws {
    let decoded = try JSONDecoder().decode(
      TaskResult<Int>.self, from: Data(#"{"failure":{"_0":"Something else"}}"#.utf8)
    )
    #expect(decoded != .failure(Failure()))
    #expect(decoded == .failure(TaskResultFailure("Something else")))
    #expect(decoded != .success(1))
  }

  @Test func decodingRejectsAnythingButOneCase() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TaskResult<Int>.self, from: Data(#"{}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        TaskResult<Int>.self, from: Data(#"{"success":{"_0":1},"failure":{"_0":"x"}}"#.utf8)
      )
    }
  }

  @Test func aFailureDumpsItsDescription() {
    #expect(
      String(customDumping: TaskResult<Int>.failure(TaskResultFailure("Boom")))
        == #"TaskResult.failure(TaskResultFailure("Boom"))"#
    )
  }
}
