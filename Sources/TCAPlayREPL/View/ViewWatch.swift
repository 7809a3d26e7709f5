import FeatureCatalog
import TCAScript

/// `:view`: a store's rows as its feature's catalogued view renders them, and after each action
/// the rows that changed, which are the only ones a `ForEachStore` re-renders.
@MainActor
final class ViewWatch {
  let storeName: String
  private(set) var rows: [FeatureView.Row]

  init(storeName: String, rows: [FeatureView.Row]) {
    self.storeName = storeName
    self.rows = rows
  }

  /// The whole view, one row per line.
  nonisolated static func describe(_ rows: [FeatureView.Row], storeName: String, featureName: String) -> String {
    let header = "\(storeName) (\(featureName)): \(rows.count) row\(rows.count == 1 ? "" : "s")"
    return ([header] + rows.map { "  " + $0.text }).joined(separator: "\n")
  }

  /// Renders again and describes what changed since the last render, or `nil` when nothing did.
  func update(with rows: [FeatureView.Row]) -> String? {
    let changes = RowDiff.changes(from: self.rows, to: rows)
    self.rows = rows
    guard !changes.isEmpty else { return nil }
    return Self.describe(changes, rowCount: rows.count)
  }

  /// ```
  /// view: 1 updated, 2 unchanged
  ///   updated  [0] id 1   ❌ Data 1          [remove]
  /// ```
  nonisolated static func describe(_ changes: [RowChange], rowCount: Int) -> String {
    var counts: [String: Int] = [:]
    var touched = Set<String>()
    var lines: [String] = []
    for change in changes {
      switch change {
      case let .inserted(id, at, text):
        counts["inserted", default: 0] += 1
        touched.insert(id)
        lines.append("  inserted [\(at)] id \(id)   \(text)")
      case let .removed(id, from, text):
        counts["removed", default: 0] += 1
        lines.append("  removed  [\(from)] id \(id)   \(text)")
      case let .updated(id, at, _, text):
        counts["updated", default: 0] += 1
        touched.insert(id)
        lines.append("  updated  [\(at)] id \(id)   \(text)")
      case let .moved(id, from, to):
        counts["moved", default: 0] += 1
        touched.insert(id)
        lines.append("  moved    [\(from)] → [\(to)] id \(id)")
      }
    }
    let summary = ["inserted", "removed", "updated", "moved"].compactMap { kind in
      counts[kind].map { "\($0) \(kind)" }
    } + ["\(rowCount - touched.count) unchanged"]
    return (["view: " + summary.joined(separator: ", ")] + lines).joined(separator: "\n")
  }
}
