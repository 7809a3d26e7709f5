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

/// Runs `work` for each index in `0..<count`, as many at a time as there are cores, off the
/// concurrency pool; returns each run's result in index order.
func offPoolConcurrently<Value: Sendable>(
  _ count: Int, _ work: @escaping @Sendable (Int) throws -> Value
) async throws -> [Result<Value, any Error>] {
  try await offPool {
    let results = LockedResults<Value>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      results.set(index, Result { try work(index) })
    }
    return results.values.map { $0! }
  }
}

/// Results written from several threads, each to its own slot.
private final class LockedResults<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Result<Value, any Error>?]

  init(count: Int) { self.storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result<Value, any Error>) {
    self.lock.withLock { self.storage[index] = result }
  }

  var values: [Result<Value, any Error>?] { self.lock.withLock { self.storage } }
}
