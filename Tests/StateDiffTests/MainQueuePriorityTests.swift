import Foundation
import MainQueuePriority
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The test bundle raises the priority of the threads that drain the main queue when it may
/// (`Tests/MainQueuePriority`): TCA tests wait one second on the main actor, however busy the
/// machine.
@Suite struct MainQueuePriorityTests {
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
