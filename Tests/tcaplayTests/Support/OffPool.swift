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
///
/// The workers are threads of their own, not `DispatchQueue.concurrentPerform`'s: that runs on
/// libdispatch's worker threads, which on Linux also carry Swift concurrency's jobs, so blocking
/// them for as long as a binary runs stalled every async test in the process (for seconds, on
/// a loaded machine: TCA's one-second receives then timed out).
func offPoolConcurrently<Value: Sendable>(
  _ count: Int, _ work: @escaping @Sendable (Int) throws -> Value
) async throws -> [Result<Value, any Error>] {
  try await offPool {
    let results = LockedResults<Value>(count: count)
    let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
    let group = DispatchGroup()
    for _ in 0..<workers {
      group.enter()
      Thread {
        while let index = results.nextIndex() {
          results.set(index, Result { try work(index) })
        }
        group.leave()
      }.start()
    }
    group.wait()
    return results.values.map { $0! }
  }
}

/// Results written from several threads, each to its own slot.
private final class LockedResults<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Result<Value, any Error>?]

  private var next = 0

  init(count: Int) { self.storage = Array(repeating: nil, count: count) }

  /// The next index no worker has taken, or `nil` when all are taken.
  func nextIndex() -> Int? {
    self.lock.withLock {
      guard self.next < self.storage.count else { return nil }
      defer { self.next += 1 }
      return self.next
    }
  }

  func set(_ index: Int, _ result: Result<Value, any Error>) {
    self.lock.withLock { self.storage[index] = result }
  }

  var values: [Result<Value, any Error>?] { self.lock.withLock { self.storage } }
}
