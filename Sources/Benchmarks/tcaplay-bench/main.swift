import BenchmarkHarness
import Foundation

// Every module's suites, in the order they print. A module adds figures by contributing a
// `BenchmarkSuite` here.
let suites: [BenchmarkSuite] = [
  stateDiffSuite,
  interpreterSuite,
  programSuite,
  loaderSuite,
]

// Usage: tcaplay-bench [filter] [--profile-candidates N]
//   filter                   runs only the suites whose title, and the cases whose name, contains it
//   --profile-candidates N   runs each selected candidate N times, untimed (for a profiler)
var arguments = Array(CommandLine.arguments.dropFirst())
var candidateRepetitions: Int?
if let flag = arguments.firstIndex(of: "--profile-candidates"), flag + 1 < arguments.count {
  candidateRepetitions = Int(arguments[flag + 1])
  arguments.removeSubrange(flag...(flag + 1))
}
let runner = BenchmarkRunner(filter: arguments.first, candidateRepetitions: candidateRepetitions)
let results = runner.run(suites)
if arguments.first == nil || "history memory".contains(arguments.first ?? "") {
  historyMemoryReport()
}
if results.contains(where: { $0.outputsMatch == false }) {
  print("Some outputs differ from their baselines.")
  exit(1)
}
