import BenchmarkHarness
import CustomDump
import IdentifiedCollections
import StateDiff

/// `fastDiff` against CustomDump's `diff` on a list-shaped state, the shape the playground
/// prints after every action.
// Main-actor isolated, like the top-level code in main.swift that reads it.
@MainActor let stateDiffSuite = BenchmarkSuite(
  title: "State diffs",
  subtitle: "baseline: CustomDump.diff · candidate: StateDiff.fastDiff · same text checked"
) {
  var cases: [BenchmarkCase] = []
  for count in [1_000, 10_000, 100_000] {
    let label = count >= 1_000 ? "\(count / 1_000)k" : "\(count)"
    let old = ListState(rowCount: count)
    var changed = old
    changed.rows[count / 2].title = "Renamed"
    var inserted = old
    inserted.rows.insert(Row(id: -1, title: "Inserted", isDone: false, tags: []), at: count / 3)
    var moved = old
    let row = moved.rows.remove(at: count / 4)
    moved.rows.insert(row, at: 3 * count / 4)
    // The goal is set for 100k rows: a thousand times CustomDump.
    let goal: BenchmarkGoal? = count == 100_000 ? .speedup(atLeast: 1_000) : nil
    cases.append(diffCase("\(label) rows, one change", old, changed, goal: goal))
    cases.append(diffCase("\(label) rows, one insert", old, inserted, goal: goal))
    cases.append(diffCase("\(label) rows, one move", old, moved, goal: goal))
  }
  let old = ListState(rowCount: 2_000)
  var reversed = old
  reversed.rows = IdentifiedArray(uniqueElements: old.rows.reversed())
  cases.append(diffCase("2k rows, reversed", old, reversed, goal: .speedup(atLeast: 150)))
  // The same with `Hashable` rows, which matching can group by hash.
  let hashable = old.rows.map { HashableRow(id: $0.id, title: $0.title, isDone: $0.isDone, tags: $0.tags) }
  cases.append(
    BenchmarkCase(
      "2k Hashable rows, reversed", goal: .speedup(atLeast: 150),
      baseline: { CustomDump.diff(hashable, hashable.reversed()) },
      candidate: { fastDiff(hashable, hashable.reversed()) }
    )
  )
  return cases
}

private func diffCase(_ name: String, _ old: ListState, _ new: ListState, goal: BenchmarkGoal? = nil) -> BenchmarkCase {
  BenchmarkCase(
    name, goal: goal,
    baseline: { CustomDump.diff(old, new) },
    candidate: { fastDiff(old, new) }
  )
}

/// A feature state holding a list of rows, like a to-do list.
struct ListState: Equatable {
  var title = "Inbox"
  var rows: IdentifiedArrayOf<Row>
  var isEditing = false

  init(rowCount: Int) {
    self.rows = IdentifiedArray(
      uniqueElements: (0..<rowCount).map {
        Row(id: $0, title: "Row \($0)", isDone: $0.isMultiple(of: 3), tags: ["tag\($0 % 7)"])
      }
    )
  }
}

struct Row: Equatable, Identifiable {
  let id: Int
  var title: String
  var isDone: Bool
  var tags: [String]
}

struct HashableRow: Hashable, Identifiable {
  let id: Int
  var title: String
  var isDone: Bool
  var tags: [String]
}
