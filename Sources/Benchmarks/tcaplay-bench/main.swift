import BenchmarkHarness
import Foundation

// Every module's suites, in the order they print. A module adds figures by contributing a
// `BenchmarkSuite` here.
let suites: [BenchmarkSuite] = [
  stateDiffSuite
]

let arguments = CommandLine.arguments.dropFirst()
let runner = BenchmarkRunner(filter: arguments.first)
let results = runner.run(suites)
if results.contains(where: { $0.outputsMatch == false }) {
  print("Some outputs differ from their baselines.")
  exit(1)
}
