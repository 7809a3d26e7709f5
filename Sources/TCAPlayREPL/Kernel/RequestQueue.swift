import DequeModule
import Synchronization
import KernelProtocol

/// The front end's requests, in order, from the thread that reads the socket to the kernel's
/// main actor.
///
/// Taking a request that is already queued doesn't suspend. Why not an `AsyncStream`: its
/// `next()` suspends for every element, even one that is waiting, and resumes on the executor
/// again, one hop of the main actor per input (speed: docs/benchmarks-log.md, "The kernel's
/// requests without a hop each").
final class RequestQueue: Sendable {
  private struct State {
    var pending = Deque<KernelRequest>()
    /// The kernel's loop, waiting for the next request.
    var waiter: UnsafeContinuation<KernelRequest, Never>?
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

  /// Whether no request waits to be taken (the kernel holds its answers while some do).
  var isEmpty: Bool {
    self.state.withLock { $0.pending.isEmpty }
  }

  /// The next request, waiting for one when none is queued (on the caller's actor throughout).
  func next(isolation: isolated (any Actor)? = #isolation) async -> KernelRequest {
    if let request = self.state.withLock({ $0.pending.popFirst() }) { return request }
    return await withUnsafeContinuation(isolation: isolation) { continuation in
      let queued = self.state.withLock { state -> KernelRequest? in
        if let request = state.pending.popFirst() { return request }
        state.waiter = continuation
        return nil
      }
      if let queued { continuation.resume(returning: queued) }
    }
  }
}
