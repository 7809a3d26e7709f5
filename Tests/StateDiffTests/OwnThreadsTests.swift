import Foundation
import TestSupport
import Testing

/// The diff suites' trait: their code runs on the trait's threads, not on Swift concurrency's
/// pool (which the tests beside them need for their effects).
@Suite(.ownThreads) struct OwnThreadsTests {
  @Test func aTestRunsOnTheTraitsThreads() {
    #expect(currentThreadName().hasPrefix("own-threads-"), "\(currentThreadName())")
  }

  @Test func andStaysThereAfterASuspension() async throws {
    try await Task.sleep(for: .milliseconds(1))
    #expect(currentThreadName().hasPrefix("own-threads-"), "\(currentThreadName())")
  }
}

/// The name the calling thread has in the system (what `ps` and `gdb` show).
private func currentThreadName() -> String {
  (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? ""
}
