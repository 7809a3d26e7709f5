/// What a figure must reach, as a ratio between candidate and baseline measured in the same run
/// (the performance issue's goals), printed beside the figure and checked by `--check`.
public enum BenchmarkGoal: Sendable, Equatable {
  /// The candidate must be at least this many times faster than the baseline
  /// (`baseline / candidate ≥ factor`), as `fastDiff` against CustomDump.
  case speedup(atLeast: Double)

  /// The candidate may take at most this many times the baseline's time
  /// (`candidate / baseline ≤ factor`), as an interpreted send against a compiled one.
  case slowdown(atMost: Double)

  /// How far from the goal a result may fall and still count as met: timings on a shared
  /// 2-core machine vary by about this much between rounds.
  public static let noise = 0.15

  /// Whether `result` meets the goal, allowing `tolerance` (a fraction) for noise.
  public func isMet(baseline: Duration, candidate: Duration, tolerance: Double = 0) -> Bool {
    let ratio = baseline / max(candidate, .nanoseconds(1))
    switch self {
    case let .speedup(factor): return ratio >= factor * (1 - tolerance)
    case let .slowdown(factor): return 1 / ratio <= factor * (1 + tolerance)
    }
  }

  /// The goal as the table prints it: `≥ 1000×` (faster) or `≤ 3× base` (slower).
  public var label: String {
    switch self {
    case let .speedup(factor): return "≥ " + ResultTable.formatRatio(factor)
    case let .slowdown(factor): return "≤ " + ResultTable.formatRatio(factor) + " base"
    }
  }
}
