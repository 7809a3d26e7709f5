import Foundation
import Testing

/// A trait that runs a test (or each test of a suite) on a thread of its own, not on Swift
/// concurrency's global pool.
///
/// The pool has one thread per core (two here). A test that computes for seconds without
/// suspending (a diff of 10,000 rows checked against CustomDump's) holds one of them for that
/// long; two such tests at once held both, and every other test's effects waited: TCA's
/// one-second `receive` then timed out in tests that had nothing to do with the diff. On a thread
/// of their own, one at a time, they take at most one core, and the pool and the main actor
/// share the other.
///
/// ```swift
/// @Suite(.ownThreads) struct LargeDiffTests { … }
/// ```
///
/// Only code that isn't isolated to an actor moves: a `@MainActor` test still runs on the main
/// actor. Nothing run this way may block waiting for another job of the suite (the executor has
/// one thread); a test that waits for a process waits on a thread of its own.
public struct OwnThreadsTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope has no test case; its tests get theirs (the trait is recursive).
    guard testCase != nil else { return try await function() }
    try await withTaskExecutorPreference(DedicatedThreadsExecutor.shared) { try await function() }
  }
}

extension Trait where Self == OwnThreadsTrait {
  /// Runs the test's code that isn't isolated to an actor on a thread of its own (see
  /// ``OwnThreadsTrait``).
  public static var ownThreads: Self { Self() }
}

/// A task executor with threads of its own that run its jobs in the order they came.
final class DedicatedThreadsExecutor: TaskExecutor, @unchecked Sendable {
  /// One thread: the suites that use it compute for seconds; one at a time, they take at most one
  /// of the two cores, and the pool and the main actor share the other.
  static let shared = DedicatedThreadsExecutor(threads: 1)

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  init(threads: Int) {
    for index in 0..<max(1, threads) {
      let thread = Thread { [unowned self] in
        // The name `ps` and `gdb` show (a new thread has its creator's, a pool thread's name).
        try? "own-threads-\(index)".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        self.work()
      }
      // Diffs recurse as deeply as the values they compare.
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    self.condition.withLock {
      self.jobs.append(job)
      self.condition.signal()
    }
  }

  private func work() {
    while true {
      let job = self.condition.withLock {
        while self.jobs.isEmpty { self.condition.wait() }
        return self.jobs.removeFirst()
      }
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
