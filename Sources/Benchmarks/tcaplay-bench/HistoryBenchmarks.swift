import BenchmarkHarness
import ComposableArchitecture
import Day2
import Foundation
import Lessons
import TCAScript

/// A session with `DemoForEach`'s 10k-row preset loaded as `store`, printing off, recording the
/// store's history or not.
@MainActor private func tenThousandRowSession(recordingHistory: Bool) -> Session {
  let session = Session(catalog: lessonCatalog)
  session.printer.mode = .off
  session.recordsHistory = recordingHistory
  _ = try? session.load(featureNamed: "DemoForEach", preset: "tenThousand")
  return session
}

/// How many sends the history report makes.
private let reportSends = 100_000

/// The send the history figures repeat: one row's toggle.
private let toggleRow = "store.send(.child(id: 5000, action: .toggle))"

/// What recording history costs a send on a large state (the history grows as the rounds run).
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let historySuite = BenchmarkSuite(
  title: "History",
  subtitle: "baseline: a session recording no history · candidate: the same recording it (a 10k-row state)"
) {
  let recorded = blockingOnMainActor { tenThousandRowSession(recordingHistory: true) }
  let unrecorded = blockingOnMainActor { tenThousandRowSession(recordingHistory: false) }
  return [
    BenchmarkCase(
      "send toggling one row of 10k with history recorded", requiresIdenticalOutput: false, goal: .slowdown(atMost: 1.2),
      baseline: { blockingOnMainActor { _ = await unrecorded.run(toggleRow); return 0 } },
      candidate: { blockingOnMainActor { _ = await recorded.run(toggleRow); return 0 } }
    )
  ]
}

/// The history's goals (issue #21, P6) on 100 000 interpreted sends toggling one row of a 10k-row
/// state: nothing dropped, memory at most two states and 1 KB a step, any step reached in 50 ms
/// at most, and recording adding at most 20% to the sends. Printed after the timed suites;
/// returns its goals, each met or not (for `--check`).
func historyMemoryReport() -> [(name: String, met: Bool)] {
  let sends = reportSends
  let clock = ContinuousClock()
  // Memory in a process of its own: in this one, the suites before have freed memory that the
  // history reuses, and its resident memory then grew by nothing at all.
  let growth = recordedHistoryGrowthInFreshProcess()
  let recorded = blockingOnMainActor { () -> (session: Session, time: Duration) in
    let session = tenThousandRowSession(recordingHistory: true)
    let time = await clock.measure {
      for _ in 0..<sends { _ = await session.run(toggleRow) }
    }
    return (session, time)
  }
  let session = recorded.session
  let storage = blockingOnMainActor { session.historyStorage() }
  let reach = blockingOnMainActor { reachTimes(in: session, storage: storage) }
  let (listing, listingTime) = blockingOnMainActor { () -> (String, Duration) in
    var listing = ""
    let time = clock.measure { listing = (try? session.perform(.history())).map(HistoryText.text) ?? "" }
    return (listing, time)
  }
  let whyTime = blockingOnMainActor { clock.measure { _ = session.why(StatePath(parsing: "\\.lastId")) } }
  let unrecordedTime = blockingOnMainActor { () -> Duration in
    let session = tenThousandRowSession(recordingHistory: false)
    return await clock.measure {
      for _ in 0..<sends { _ = await session.run(toggleRow) }
    }
  }
  let stateBytes = bytesOfOneState()

  let sendGoal = BenchmarkGoal.slowdown(atMost: 1.2)
  let memoryLimit = 2 * stateBytes + 1024 * sends
  let reachLimit = Duration.milliseconds(50)
  func mark(_ met: Bool) -> String { met ? "✓" : "✗" }
  let sorted = reach.sorted()
  let median = sorted.isEmpty ? .zero : sorted[sorted.count / 2]
  let slowest = sorted.last ?? .zero
  let sendsMeetGoal = sendGoal.isMet(baseline: unrecordedTime, candidate: recorded.time)
  let goals: [(name: String, met: Bool)] = [
    ("history: every step kept", storage?.stepCount == sends),
    ("history: \(sends) sends recording it ≤ 1.2× not recording it", sendsMeetGoal),
    ("history: memory ≤ 2 states + 1 KB a step", growth.map { $0 <= memoryLimit } ?? false),
    ("history: any step reached in ≤ 50 ms", slowest <= reachLimit),
  ]
  let lastStep = listing.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
  print("""

    History: \(sends) interpreted sends toggling one row of a 10k-row state (DemoForEach, tenThousand)
      steps kept: \(storage?.stepCount ?? 0) of \(sends) (nothing dropped: \(mark(storage?.stepCount == sends))); \
    states kept: \(storage?.checkpoints.count ?? 0) checkpoints, \(storage?.pinned.count ?? 0) pinned, \
    by a replay budget of \(milliseconds(storage?.replayBudget ?? .zero))
      \(sends) sends: \(seconds(unrecordedTime)) recording no history, \(seconds(recorded.time)) recording it \
    (\(ResultTable.formatRatio(ratio(recorded.time, unrecordedTime))); goal \(sendGoal.label) \
    \(mark(sendsMeetGoal)))
      \(growth.map { "resident memory grew by \(megabytes($0)) recording it (in a fresh process): \($0 / sends) bytes a step" } ?? "resident memory not measured: the bench couldn't run itself") \
    (one state ≈ \(megabytes(stateBytes)); goal ≤ 2 states + 1 KB a step = \(megabytes(memoryLimit)) \
    \(mark(growth.map { $0 <= memoryLimit } ?? false)))
      reaching a step (:jump to \(reach.count) steps, the farthest from a state kept included): \
    median \(milliseconds(median)), slowest \(milliseconds(slowest)) (goal ≤ 50 ms \(mark(slowest <= reachLimit)))
      walking the whole history: :history \(milliseconds(listingTime)), :why \\.lastId \(milliseconds(whyTime))
      last step: \(lastStep)
    """)
  return goals
}

/// How long `:jump` takes to each step before a checkpoint (those replay the most), to the last
/// step and to 100 steps spread over the history.
@MainActor private func reachTimes(in session: Session, storage: HistoryStorage?) -> [Duration] {
  guard let storage, storage.stepCount > 0 else { return [] }
  let clock = ContinuousClock()
  var numbers = storage.checkpoints.map { $0 - 1 } + [storage.stepCount]
  numbers += stride(from: 1, through: storage.stepCount, by: max(1, storage.stepCount / 100))
  return numbers.map { number in
    clock.measure { _ = try? session.perform(.jump(number)) }
  }
}

/// The memory one 10k-row state takes, from its layout: the rows (each row's text is short
/// enough to be stored inline) and their ids, once in the ordered keys and once in their hash
/// table. (Resident memory can't show it here: the sends before have left freed memory that
/// copies reuse.)
private func bytesOfOneState() -> Int {
  let rows = 10_000
  return rows * (MemoryLayout<DemoItemState>.stride + 2 * MemoryLayout<Int>.stride)
}

/// The argument that makes `tcaplay-bench` print ``recordedHistoryGrowth()`` and exit.
let historyMemoryChildFlag = "--history-memory-child"

/// How much this process's resident memory grows while a session records the report's sends
/// (run by ``historyMemoryReport()`` in a fresh process, where no earlier figure has left freed
/// memory for the history to reuse).
func recordedHistoryGrowth() -> Int {
  blockingOnMainActor {
    let session = tenThousandRowSession(recordingHistory: true)
    let before = residentBytes()
    for _ in 0..<reportSends { _ = await session.run(toggleRow) }
    let growth = residentBytes() - before
    withExtendedLifetime(session) {}
    return growth
  }
}

/// ``recordedHistoryGrowth()`` measured by a run of this executable; `nil` when it can't run.
private func recordedHistoryGrowthInFreshProcess() -> Int? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  process.arguments = [historyMemoryChildFlag]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

/// The process's resident memory (`VmRSS`).
private func residentBytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
  else { return 0 }
  return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
}

private func ratio(_ candidate: Duration, _ baseline: Duration) -> Double {
  candidate / max(baseline, .nanoseconds(1))
}

private func seconds(_ duration: Duration) -> String {
  String(format: "%.1f s", duration / .seconds(1))
}

private func milliseconds(_ duration: Duration) -> String {
  String(format: "%.1f ms", duration / .milliseconds(1))
}

private func megabytes(_ bytes: Int) -> String {
  String(format: "%.1f MB", Double(bytes) / 1_048_576)
}
