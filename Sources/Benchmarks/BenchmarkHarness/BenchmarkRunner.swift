import Foundation

/// Runs benchmark suites and prints, for each case, the median time of baseline and candidate
/// and their ratio, all measured in the same run.
///
/// Each closure runs once untimed first (which also checks the outputs), then repeatedly until
/// `timeBudget` is spent or `maximumSamples` runs were taken; the median run is reported.
public struct BenchmarkRunner {
  public var timeBudget: Duration
  public var maximumSamples: Int
  public var filter: String?

  /// Runs only the candidates, untimed, `repetitions` times each (for profiling them).
  public var candidateRepetitions: Int?

  public init(
    timeBudget: Duration = .milliseconds(500),
    maximumSamples: Int = 25,
    filter: String? = nil,
    candidateRepetitions: Int? = nil
  ) {
    self.timeBudget = timeBudget
    self.maximumSamples = maximumSamples
    self.filter = filter
    self.candidateRepetitions = candidateRepetitions
  }

  /// The result of one case.
  public struct Result {
    public let name: String
    public let baseline: Duration
    public let candidate: Duration
    public let outputsMatch: Bool?

    /// How many times faster the candidate is than the baseline.
    public var speedup: Double {
      self.baseline / self.candidate
    }
  }

  /// Runs every selected case of `suites`, printing tables to standard output as it goes, and
  /// returns the results (a mismatching output is reported in the table and in the results).
  @discardableResult
  public func run(_ suites: [BenchmarkSuite]) -> [Result] {
    var results: [Result] = []
    for suite in suites {
      let cases = suite.makeCases().filter { benchmark in
        self.filter.map { benchmark.name.localizedCaseInsensitiveContains($0) } ?? true
      }
      guard !cases.isEmpty else { continue }
      if let repetitions = self.candidateRepetitions {
        for benchmark in cases {
          for _ in 0..<repetitions { _ = benchmark.runCandidate() }
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
    return Result(
      name: benchmark.name,
      baseline: self.medianDuration { _ = benchmark.runBaseline() },
      candidate: self.medianDuration { _ = benchmark.runCandidate() },
      outputsMatch: outputsMatch
    )
  }

  private func medianDuration(_ body: () -> Void) -> Duration {
    let clock = ContinuousClock()
    var samples: [Duration] = []
    var spent = Duration.zero
    repeat {
      let elapsed = clock.measure(body)
      samples.append(elapsed)
      spent += elapsed
    } while spent < self.timeBudget && samples.count < self.maximumSamples
    samples.sort()
    return samples[samples.count / 2]
  }
}

/// Formats results as a fixed-width table.
enum ResultTable {
  static let header =
    pad("case", 34) + pad("baseline", 12) + pad("candidate", 12) + pad("speed-up", 11) + "output"

  static func row(_ result: BenchmarkRunner.Result) -> String {
    let output: String
    switch result.outputsMatch {
    case true?: output = "identical"
    case false?: output = "MISMATCH"
    case nil: output = "—"
    }
    return pad(result.name, 34) + pad(format(result.baseline), 12)
      + pad(format(result.candidate), 12) + pad(formatRatio(result.speedup), 11) + output
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

  static func formatRatio(_ ratio: Double) -> String {
    ratio >= 100 ? String(format: "%.0f×", ratio) : String(format: "%.1f×", ratio)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    let count = text.count
    return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
  }
}
