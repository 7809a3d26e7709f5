/// One figure of a benchmark: a candidate measured against a baseline doing the same job, both
/// run in the same process, with their outputs compared.
///
/// ```swift
/// BenchmarkCase(
///   "10k rows, one change",
///   baseline: { CustomDump.diff(old, new) },
///   candidate: { fastDiff(old, new) }
/// )
/// ```
public struct BenchmarkCase {
  /// The figure's name, as printed in the table.
  public let name: String

  /// Runs the baseline once and returns a description of its output.
  let runBaseline: () -> OutputCheck

  /// Runs the candidate once and returns a description of its output.
  let runCandidate: () -> OutputCheck

  /// Whether the candidate must produce the same output as the baseline.
  let requiresIdenticalOutput: Bool

  /// The ratio the figure must reach, if the issue that asked for it set one.
  public let goal: BenchmarkGoal?

  /// Creates a case from two closures that do the same job.
  ///
  /// - Parameters:
  ///   - name: The figure's name.
  ///   - requiresIdenticalOutput: Whether the harness checks (once, before timing) that both
  ///     closures return equal outputs, and reports a mismatch as a failure.
  ///   - goal: The ratio the figure must reach (printed beside it; `--check` fails without it).
  ///   - baseline: The reference implementation.
  ///   - candidate: The implementation being measured.
  public init<Output: Equatable>(
    _ name: String,
    requiresIdenticalOutput: Bool = true,
    goal: BenchmarkGoal? = nil,
    baseline: @escaping () -> Output,
    candidate: @escaping () -> Output
  ) {
    self.name = name
    self.requiresIdenticalOutput = requiresIdenticalOutput
    self.goal = goal
    self.runBaseline = { OutputCheck(baseline()) }
    self.runCandidate = { OutputCheck(candidate()) }
  }
}

/// A type-erased output, compared between baseline and candidate.
struct OutputCheck {
  let value: Any
  let isEqual: (Any) -> Bool

  init<Output: Equatable>(_ output: Output) {
    self.value = output
    self.isEqual = { ($0 as? Output) == output }
  }
}

/// A named group of cases contributed by one module, built lazily (so that setting up large
/// inputs only happens for suites that run).
public struct BenchmarkSuite {
  /// The suite's title, printed above its table.
  public let title: String

  /// What the ratio compares, printed under the title (for example `fastDiff vs CustomDump.diff`).
  public let subtitle: String

  /// Builds the suite's cases.
  public let makeCases: () -> [BenchmarkCase]

  public init(title: String, subtitle: String, makeCases: @escaping () -> [BenchmarkCase]) {
    self.title = title
    self.subtitle = subtitle
    self.makeCases = makeCases
  }
}
