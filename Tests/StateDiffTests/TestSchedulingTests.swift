import Foundation
import TestScheduling
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How the test process shares the machine (`Tests/TestScheduling`): TCA tests wait one second
/// on the main actor, however busy the machine and however many tests run.
@Suite struct TestSchedulingTests {
  /// Swift Testing runs at most `tcaplay_test_width()` tests at once (16, or fewer if the
  /// environment asked for fewer): more cases than that, each waiting for the others, never all
  /// run together.
  @Test(arguments: 0..<24) func atMostSixteenTestsRunAtOnce(_ index: Int) async throws {
    let width = Int(tcaplay_test_width())
    #expect((1...16).contains(width))
    let running = Self.running.withLock { running in
      running.now += 1
      running.most = max(running.most, running.now)
      return running.now
    }
    #expect(running <= width)
    try await Task.sleep(for: .milliseconds(200))
    let most = Self.running.withLock { running in
      running.now -= 1
      return running.most
    }
    #expect(most <= width, "\(most) of this test's cases ran at once")
  }

  private static let running = Mutex((now: 0, most: 0))

  @MainActor @Test func theMainQueuesThreadRunsRaisedWhenThisProcessMayRaiseIt() async throws {
    let raised = getpriority(__priority_which_t(0), 0) < 0
    if geteuid() == 0 {
      // The thread running this may be a worker the watcher hasn't seen yet: it looks every
      // 50 ms.
      var niceness = getpriority(__priority_which_t(0), 0)
      for _ in 0..<100 where niceness != -10 {
        try await Task.sleep(for: .milliseconds(50))
        niceness = getpriority(__priority_which_t(0), 0)
      }
      #expect(niceness == -10)
      #expect(tcaplay_main_queue_priority_state() == 1)
    } else {
      #expect(!raised)
      #expect(tcaplay_main_queue_priority_state() != 1)
    }
  }
}
