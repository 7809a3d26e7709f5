#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// Runs `body` on the main actor: right away when already on the main queue (a test scheduler
/// advanced by a main-actor test, a publisher emitting on the main queue), otherwise
/// asynchronously on the main queue.
///
/// Schedulers and publishers call back on queues of their choosing, while an ``EffectSink``
/// delivers to the store on the main actor; this is the bridge. It asks the main queue rather
/// than the thread because, on Linux, the main actor's queue is not always drained by the main
/// thread (under the XCTest harness, it is not).
func performOnMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
  UIScheduler.shared.schedule {
    MainActor.assumeIsolated { body() }
  }
}
