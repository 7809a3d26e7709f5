#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lock many readers hold at once and a writer holds alone (`pthread_rwlock_t`).
///
/// For caches read far more often than written, from several threads: a mutex makes readers
/// take turns, and a thread reading in a tight loop can keep another waiting for seconds.
final class ReadWriteLock: @unchecked Sendable {
  private let lock: UnsafeMutablePointer<pthread_rwlock_t>

  init() {
    self.lock = .allocate(capacity: 1)
    self.lock.initialize(to: pthread_rwlock_t())
    pthread_rwlock_init(self.lock, nil)
  }

  deinit {
    pthread_rwlock_destroy(self.lock)
    self.lock.deallocate()
  }

  /// Runs `body` holding the lock shared with other readers.
  func reading<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_rwlock_rdlock(self.lock)
    defer { pthread_rwlock_unlock(self.lock) }
    return try body()
  }

  /// Runs `body` holding the lock alone.
  func writing<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_rwlock_wrlock(self.lock)
    defer { pthread_rwlock_unlock(self.lock) }
    return try body()
  }
}
