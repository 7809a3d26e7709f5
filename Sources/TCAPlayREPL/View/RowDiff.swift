import FeatureCatalog

/// What changed between two renders of a feature's rows: the rows a `ForEachStore` would
/// insert, remove, re-render (their text changed) or move, matched by row id.
///
/// Moves are the fewest that explain the new order: rows on a longest run that kept its
/// relative order stay put (preferring rows that kept their index), the others are reported as
/// moved.
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
    let run = self.longestIncreasingRun(kept.map(\.oldIndex)) { kept[$0].oldIndex == kept[$0].newIndex }
    let staying = Set(run.map { kept[$0].newIndex })
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

  /// Positions (into `values`) of a longest strictly increasing subsequence; among the longest,
  /// one with the most positions `preferred` picks (rows that kept their index, so that
  /// swapping two rows moves those two).
  static func longestIncreasingRun(_ values: [Int], preferring preferred: (Int) -> Bool = { _ in false }) -> [Int] {
    guard !values.isEmpty else { return [] }
    // Weights order runs by length first, then by how many preferred positions they hold.
    let unit = values.count + 1
    var best = [Int](repeating: 0, count: values.count)
    var parent = [Int](repeating: -1, count: values.count)
    for index in values.indices {
      let weight = unit + (preferred(index) ? 1 : 0)
      best[index] = weight
      for earlier in 0..<index where values[earlier] < values[index] && best[earlier] + weight > best[index] {
        best[index] = best[earlier] + weight
        parent[index] = earlier
      }
    }
    var index = best.indices.max { best[$0] < best[$1] } ?? -1
    var run: [Int] = []
    while index >= 0 {
      run.append(index)
      index = parent[index]
    }
    return run.reversed()
  }
}
