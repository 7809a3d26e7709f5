import BenchmarkHarness
import Testing

/// A figure's goal is met by its ratio, within the noise `--check` allows.
struct BenchmarkGoalTests {
  @Test func aSpeedUpGoalIsMetByAFastEnoughCandidate() {
    let goal = BenchmarkGoal.speedup(atLeast: 1_000)
    #expect(goal.isMet(baseline: .milliseconds(1_000), candidate: .microseconds(900)))
    #expect(!goal.isMet(baseline: .milliseconds(1_000), candidate: .microseconds(1_100)))
    // 1100 µs is 909×: within 15% of the goal.
    #expect(goal.isMet(baseline: .milliseconds(1_000), candidate: .microseconds(1_100), tolerance: 0.15))
    #expect(goal.label == "≥ 1000×")
  }

  @Test func aSlowDownGoalIsMetByACheapEnoughCandidate() {
    let goal = BenchmarkGoal.slowdown(atMost: 3)
    #expect(goal.isMet(baseline: .microseconds(10), candidate: .microseconds(29)))
    #expect(!goal.isMet(baseline: .microseconds(10), candidate: .microseconds(32)))
    #expect(goal.isMet(baseline: .microseconds(10), candidate: .microseconds(32), tolerance: 0.15))
    #expect(!goal.isMet(baseline: .microseconds(10), candidate: .microseconds(40), tolerance: 0.15))
    #expect(goal.label == "≤ 3.0× base")
  }
}
