#if canImport(Glibc)
  import Glibc
#endif

/// A mutual-exclusion lock (a pthread mutex): the front end's threads (readline's, the kernel's
/// readers, the main actor's) share a little state under it. Foundation's `NSLock` would do, but
/// the front end doesn't load Foundation (it starts faster without).
public final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  public init() {
    self.mutex = .allocate(capacity: 1)
    pthread_mutex_init(self.mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(self.mutex)
    self.mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  public func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    return try body()
  }
}

/// Starts threads of their own for work that blocks (reading a descriptor, readline).
public enum BlockingThread {
  /// Runs `body` on a new detached thread named `name`.
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Body(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { argument in
      let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
      BlockingThread.name(body.name)
      body.body()
      return nil
    }, box)
    if status == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Body>.fromOpaque(box).release()
    }
  }

  /// Names the calling thread (as `ps -L` and debuggers show it; at most 15 bytes).
  private static func name(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  private final class Body: @unchecked Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }
}
