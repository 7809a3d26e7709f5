import Foundation

/// Runs benchmark suites and prints, for each case, the median time of baseline and candidate
/// and their ratio, all measured in the same run.
///
/// Each closure runs once untimed first (which also checks the outputs). Then measurement goes in
/// rounds, so that a change in machine load affects both sides alike: each round times one
/// baseline run, then as many candidate runs as fit in about the same time. Rounds continue until
/// the baseline has used `timeBudget` (and at least three rounds ran) or `maximumSamples` rounds
/// ran; the medians of the rounds are reported.
public struct BenchmarkRunner {
  public var timeBudget: Duration
  public var maximumSamples: Int
  /// Runs only the suites whose title, and the cases whose name, contains it (case-insensitive).
  public var filter: String?

  /// Runs only one side of each case, untimed, `repetitions` times (for profiling it).
  public var profiled: (side: Side, repetitions: Int)?

  /// One side of a case.
  public enum Side: Sendable {
    case baseline, candidate
  }

  public init(
    timeBudget: Duration = .milliseconds(500),
    maximumSamples: Int = 25,
    filter: String? = nil,
    profiled: (side: Side, repetitions: Int)? = nil
  ) {
    self.timeBudget = timeBudget
    self.maximumSamples = maximumSamples
    self.filter = filter
    self.profiled = profiled
  }

  /// The result of one case.
  public struct Result {
    public let name: String
    public let baseline: Duration
    public let candidate: Duration
    public let outputsMatch: Bool?
    public let goal: BenchmarkGoal?

    /// How many times faster the candidate is than the baseline.
    public var speedup: Double {
      self.baseline / self.candidate
    }

    /// Whether the figure meets its goal within ``BenchmarkGoal/noise`` (`nil`: no goal).
    public var meetsGoal: Bool? {
      self.goal?.isMet(baseline: self.baseline, candidate: self.candidate, tolerance: BenchmarkGoal.noise)
    }
  }

  /// Runs every selected case of `suites`, printing tables to standard output as it goes, and
  /// returns the results (a mismatching output is reported in the table and in the results).
  @discardableResult
  public func run(_ suites: [BenchmarkSuite]) -> [Result] {
    var results: [Result] = []
    for suite in suites {
      let cases = suite.makeCases().filter { benchmark in
        self.filter.map { suite.title.localizedCaseInsensitiveContains($0) || benchmark.name.localizedCaseInsensitiveContains($0) } ?? true
      }
      guard !cases.isEmpty else { continue }
      if let (side, repetitions) = self.profiled {
        for benchmark in cases {
          let run = side == .baseline ? benchmark.runBaseline : benchmark.runCandidate
          for _ in 0..<repetitions { _ = run() }
        }
        continue
      }
      print(suite.title)
      print(suite.subtitle)
      print(ResultTable.header)
      for benchmark in cases {
        let result = self.run(benchmark)
        print(ResultTable.row(result))
        results.append(result)
      }
      print("")
    }
    return results
  }

  private func run(_ benchmark: BenchmarkCase) -> Result {
    let baselineOutput = benchmark.runBaseline()
    let candidateOutput = benchmark.runCandidate()
    let outputsMatch =
      benchmark.requiresIdenticalOutput ? baselineOutput.isEqual(candidateOutput.value) : nil
    let clock = ContinuousClock()
    var baselineSamples: [Duration] = []
    var candidateSamples: [Duration] = []
    var baselineSpent = Duration.zero
    var candidateEstimate = clock.measure { _ = benchmark.runCandidate() }
    repeat {
      let baseline = clock.measure { _ = benchmark.runBaseline() }
      baselineSamples.append(baseline)
      baselineSpent += baseline
      let repetitions = max(1, min(1_000, Int(baseline / max(candidateEstimate, .nanoseconds(1)))))
      let candidate = clock.measure {
        for _ in 0..<repetitions { _ = benchmark.runCandidate() }
      }
      candidateEstimate = candidate / repetitions
      candidateSamples.append(candidateEstimate)
    } while (baselineSpent < self.timeBudget || baselineSamples.count < 3)
      && baselineSamples.count < self.maximumSamples
    return Result(
      name: benchmark.name,
      baseline: median(baselineSamples),
      candidate: median(candidateSamples),
      outputsMatch: outputsMatch,
      goal: benchmark.goal
    )
  }
}

private func median(_ samples: [Duration]) -> Duration {
  let sorted = samples.sorted()
  return sorted[sorted.count / 2]
}

/// Formats results as a fixed-width table (and ratios as the table prints them).
public enum ResultTable {
  static let header =
    pad("case", 44) + pad("baseline", 12) + pad("candidate", 12) + pad("speed-up", 11) + pad("goal", 14)
    + "output"

  static func row(_ result: BenchmarkRunner.Result) -> String {
    let output: String
    switch result.outputsMatch {
    case true?: output = "identical"
    case false?: output = "MISMATCH"
    case nil: output = "—"
    }
    let goalText: String
    switch (result.goal, result.meetsGoal) {
    case let (goal?, met?): goalText = (met ? "✓ " : "✗ ") + goal.label
    default: goalText = "—"
    }
    return pad(result.name, 44) + pad(format(result.baseline), 12)
      + pad(format(result.candidate), 12) + pad(formatRatio(result.speedup), 11) + pad(goalText, 14) + output
  }

  static func format(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds)
      + Double(duration.components.attoseconds) / 1e18
    switch seconds {
    case ..<1e-3: return String(format: "%.1f µs", seconds * 1e6)
    case ..<1: return String(format: "%.2f ms", seconds * 1e3)
    default: return String(format: "%.2f s", seconds)
    }
  }

  public static func formatRatio(_ ratio: Double) -> String {
    ratio < 0.1 ? String(format: "%.2f×", ratio) : ratio >= 100 ? String(format: "%.0f×", ratio) : String(format: "%.1f×", ratio)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    let count = text.count
    return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
  }
}
