import KernelProtocol
import Dispatch

/// A value some thread will provide, waited for asynchronously or (briefly) blocking.
public final class Promise<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private let fulfilled = DispatchSemaphore(value: 0)
  private var result: Value?
  private var waiters: [CheckedContinuation<Value, Never>] = []

  public init() {}

  /// Provides the value (once: later values are ignored).
  public func fulfill(_ value: Value) {
    let waiters: [CheckedContinuation<Value, Never>]? = self.lock.withLock {
      guard self.result == nil else { return nil }
      self.result = value
      defer { self.waiters = [] }
      return self.waiters
    }
    guard let waiters else { return }
    self.fulfilled.signal()
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value, once it is provided. Waits on the caller's actor (`isolation`): a nonisolated
  /// wait would hop to the global executor and back for every answer, two thread switches.
  public func value(isolation: isolated (any Actor)? = #isolation) async -> Value {
    if let result = self.lock.withLock({ self.result }) { return result }
    return await withCheckedContinuation(isolation: isolation) { continuation in
      let result: Value? = self.lock.withLock {
        if let result = self.result { return result }
        self.waiters.append(continuation)
        return nil
      }
      if let result { continuation.resume(returning: result) }
    }
  }

  /// Blocks up to `timeout` seconds; `nil` if nothing came.
  public func wait(timeout: Double) -> Value? {
    if let result = self.lock.withLock({ self.result }) { return result }
    guard self.fulfilled.wait(timeout: .now() + timeout) == .success else { return nil }
    self.fulfilled.signal()
    return self.lock.withLock { self.result }
  }
}
