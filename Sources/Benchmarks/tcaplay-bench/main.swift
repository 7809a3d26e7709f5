import BenchmarkHarness
import Foundation

// The history report's memory figure, measured in a process of its own (HistoryBenchmarks.swift).
if CommandLine.arguments.dropFirst().first == historyMemoryChildFlag {
  print(recordedHistoryGrowth())
  exit(0)
}

// Every module's suites, in the order they print. A module adds figures by contributing a
// `BenchmarkSuite` here.
let suites: [BenchmarkSuite] = [
  stateDiffSuite,
  interpreterSuite,
  startUpSuite,
  kernelSendSuite,
  programSuite,
  loaderSuite,
  modulesSuite,
  historySuite,
]

// Usage: tcaplay-bench [filter] [--check] [--profile-candidates N | --profile-baselines N]
//   filter                   runs only the suites whose title, and the cases whose name, contains it
//   --check                  exits with status 1 when a figure misses its goal by more than
//                            the noise (BenchmarkGoal.noise): a tool for a person, not for CI
//   --profile-candidates N   runs each selected candidate N times, untimed (for a profiler)
//   --profile-baselines N    the same with the baselines (to compare the two sides' profiles)
//   --history-memory-child   (the history report runs this itself) prints how many bytes
//                            100 000 recorded sends add to a fresh process's resident memory
var arguments = Array(CommandLine.arguments.dropFirst())
let checksGoals = arguments.contains("--check")
arguments.removeAll { $0 == "--check" }
var profiled: (side: BenchmarkRunner.Side, repetitions: Int)?
for (flag, side) in [("--profile-candidates", BenchmarkRunner.Side.candidate), ("--profile-baselines", .baseline)] {
  guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { continue }
  profiled = Int(arguments[index + 1]).map { (side, $0) }
  arguments.removeSubrange(index...(index + 1))
}
let runner = BenchmarkRunner(filter: arguments.first, profiled: profiled)
let results = runner.run(suites)
var reportGoals: [(name: String, met: Bool)] = []
if arguments.first == nil || "history memory".contains(arguments.first ?? "") {
  reportGoals = historyMemoryReport()
}
if results.contains(where: { $0.outputsMatch == false }) {
  print("Some outputs differ from their baselines.")
  exit(1)
}
if checksGoals {
  let missed = results.filter { $0.meetsGoal == false }
  for result in missed {
    // A slowdown goal's figure in its own terms (`3.2× base`, not `0.3× speed-up`).
    let measured: String
    if case .slowdown? = result.goal {
      measured = ResultTable.formatRatio(1 / result.speedup) + " base"
    } else {
      measured = ResultTable.formatRatio(result.speedup) + " speed-up"
    }
    print("missed: \(result.name) (goal \(result.goal?.label ?? ""), measured \(measured))")
  }
  let missedReportGoals = reportGoals.filter { !$0.met }
  for goal in missedReportGoals {
    print("missed: \(goal.name)")
  }
  let goals = results.filter { $0.goal != nil }.count + reportGoals.count
  let missedCount = missed.count + missedReportGoals.count
  print("\(goals - missedCount) of \(goals) goals met (allowing \(Int(BenchmarkGoal.noise * 100))% for noise).")
  if missedCount > 0 { exit(1) }
}
