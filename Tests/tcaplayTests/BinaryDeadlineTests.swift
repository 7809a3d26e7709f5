import Foundation
import Testing

/// A test's child that never ends fails that test at its deadline, saying what was left running,
/// instead of keeping the whole run waiting.
struct BinaryDeadlineTests {
  @Test func aGrandchildHoldingTheOutputIsNamedAndEnded() async throws {
    // The shell ends at once; what it started in the background keeps the output open.
    let marker = "tcaplay-deadline-\(UUID().uuidString.prefix(8))"
    let started = ContinuousClock.now
    let error: Binary.Hung
    do {
      let result = try await offPool {
        try Binary.runBlocking(["-c", "exec -a \(marker) sleep 600 & echo started"], executable: "/bin/bash", deadline: 2)
      }
      Issue.record("expected the run to be ended at its deadline, got \(result)")
      return
    } catch let hung as Binary.Hung {
      error = hung
    }
    let waited = ContinuousClock.now - started
    #expect(error.output == "started\n")
    let sleeper = try #require(error.leftovers.entries.first { $0.command.hasPrefix(marker) })
    #expect(sleeper.holdsPipe, "\(error)")
    #expect(String(describing: error).contains("holds the output pipe: \(marker) 600"))
    #expect(waited < .seconds(60))
    // Ended: gone, or a zombie until its new parent reaps it.
    try await Task.sleep(for: .milliseconds(100))
    #expect(!Leftovers.isRunning(sleeper.pid))
  }

  @Test func aChildThatEndsInTimeIsLeftAlone() async throws {
    let result = try await offPool { try Binary.runBlocking(["-c", "echo done"], executable: "/bin/sh", deadline: 60) }
    #expect(result.output == "done\n")
    #expect(result.status == 0)
  }
}
