import Foundation

/// Runs `work`, which blocks (a process wait, a condition wait), on a thread of its own and
/// resumes the caller when it's done.
///
/// Swift concurrency's cooperative pool has one thread per core here (two); a test blocking one
/// of them while it waits for the binary would starve the tests beside it whose effects have a
/// second to deliver.
func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do {
        continuation.resume(returning: try work())
      } catch {
        continuation.resume(throwing: error)
      }
    }
    thread.start()
  }
}
