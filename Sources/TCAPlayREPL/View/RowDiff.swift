import FeatureCatalog

/// What changed between two renders of a feature's rows: the rows a `ForEachStore` would
/// insert, remove, re-render (their text changed) or move, matched by row id.
///
/// Moves are the fewest that explain the new order: rows on a longest run that kept its
/// relative order stay put, the others are reported as moved.
public enum RowChange: Equatable, Sendable {
  case inserted(id: String, at: Int, text: String)
  case removed(id: String, from: Int, text: String)
  case updated(id: String, at: Int, from: String, to: String)
  case moved(id: String, from: Int, to: Int)
}

public enum RowDiff {
  /// The changes that turn `old` into `new`: removals (in old order), then insertions, moves and
  /// updates (in new order).
  public static func changes(from old: [FeatureView.Row], to new: [FeatureView.Row]) -> [RowChange] {
    var oldIndex: [String: Int] = [:]
    for (index, row) in old.enumerated() where oldIndex[row.id] == nil { oldIndex[row.id] = index }
    var newIndex: [String: Int] = [:]
    for (index, row) in new.enumerated() where newIndex[row.id] == nil { newIndex[row.id] = index }

    var changes: [RowChange] = []
    for (index, row) in old.enumerated() where newIndex[row.id] == nil {
      changes.append(.removed(id: row.id, from: index, text: row.text))
    }
    // Rows kept, in new order, with their old positions: those off the longest increasing run
    // of old positions moved.
    let kept = new.enumerated().compactMap { index, row in oldIndex[row.id].map { (newIndex: index, oldIndex: $0) } }
    let staying = Set(self.longestIncreasingRun(kept.map(\.oldIndex)).map { kept[$0].newIndex })
    for (index, row) in new.enumerated() {
      guard let previous = oldIndex[row.id] else {
        changes.append(.inserted(id: row.id, at: index, text: row.text))
        continue
      }
      if !staying.contains(index) {
        changes.append(.moved(id: row.id, from: previous, to: index))
      }
      if old[previous].text != row.text {
        changes.append(.updated(id: row.id, at: index, from: old[previous].text, to: row.text))
      }
    }
    return changes
  }

  /// Positions (into `values`) of a longest strictly increasing subsequence.
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    // tails[k]: index of the smallest tail of an increasing run of length k + 1.
    var tails: [Int] = []
    var parent = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { parent[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var run: [Int] = []
    var index = tails.last ?? -1
    while index >= 0 {
      run.append(index)
      index = parent[index]
    }
    return run.reversed()
  }
}
