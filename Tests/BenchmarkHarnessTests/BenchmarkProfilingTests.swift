import BenchmarkHarness
import Testing

/// `--profile-candidates N` and `--profile-baselines N`: the runner runs one side of each selected
/// case N times, untimed, and nothing else.
struct BenchmarkProfilingTests {
  /// How many times each side of the case ran.
  final class Runs {
    var baseline = 0
    var candidate = 0
  }

  func suite(counting runs: Runs) -> BenchmarkSuite {
    BenchmarkSuite(title: "Counting", subtitle: "") {
      [
        BenchmarkCase(
          "counted",
          baseline: { runs.baseline += 1; return 0 },
          candidate: { runs.candidate += 1; return 0 }
        )
      ]
    }
  }

  @Test func profilingTheBaselinesRunsOnlyTheBaselines() {
    let runs = Runs()
    let results = BenchmarkRunner(profiled: (.baseline, 3)).run([self.suite(counting: runs)])
    #expect(runs.baseline == 3)
    #expect(runs.candidate == 0)
    #expect(results.isEmpty)
  }

  @Test func profilingTheCandidatesRunsOnlyTheCandidates() {
    let runs = Runs()
    let results = BenchmarkRunner(profiled: (.candidate, 4)).run([self.suite(counting: runs)])
    #expect(runs.baseline == 0)
    #expect(runs.candidate == 4)
    #expect(results.isEmpty)
  }
}
