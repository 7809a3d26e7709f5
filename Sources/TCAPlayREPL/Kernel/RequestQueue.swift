import Synchronization
import TCAPlayFrontEnd

/// The front end's requests, in order, from the thread that reads the socket to the kernel's
/// main actor.
///
/// Taking a request that is already queued doesn't suspend. Why not an `AsyncStream`: its
/// `next()` suspends for every element, even one that is waiting, and resumes on the executor
/// again, one hop of the main actor per input: with the task switch, about a tenth of the
/// kernel's time for a piped send (issue #22).
final class RequestQueue: Sendable {
  private struct State {
    var pending: [KernelRequest] = []
    /// The first request not yet taken (taken ones are dropped in batches).
    var head = 0
    /// The kernel's loop, waiting for the next request.
    var waiter: UnsafeContinuation<KernelRequest, Never>?

    mutating func takeFirst() -> KernelRequest? {
      guard self.head < self.pending.count else { return nil }
      let request = self.pending[self.head]
      self.head += 1
      if self.head == self.pending.count {
        self.pending.removeAll(keepingCapacity: true)
        self.head = 0
      } else if self.head >= 64, self.head * 2 >= self.pending.count {
        self.pending.removeFirst(self.head)
        self.head = 0
      }
      return request
    }
  }

  private let state = Mutex(State())

  /// Queues `request`, or hands it to the loop waiting for it (from the socket's reader).
  func push(_ request: KernelRequest) {
    let waiter = self.state.withLock { state -> UnsafeContinuation<KernelRequest, Never>? in
      if let waiter = state.waiter {
        state.waiter = nil
        return waiter
      }
      state.pending.append(request)
      return nil
    }
    waiter?.resume(returning: request)
  }

  /// The next request, waiting for one when none is queued (on the caller's actor throughout).
  func next(isolation: isolated (any Actor)? = #isolation) async -> KernelRequest {
    if let request = self.state.withLock({ $0.takeFirst() }) { return request }
    return await withUnsafeContinuation(isolation: isolation) { continuation in
      let queued = self.state.withLock { state -> KernelRequest? in
        if let request = state.takeFirst() { return request }
        state.waiter = continuation
        return nil
      }
      if let queued { continuation.resume(returning: queued) }
    }
  }
}
