/// A unified diff of two texts, line by line, for notebook mismatches.
public enum UnifiedDiff {
  /// `--- recorded` / `+++ actual` hunks with three lines of context; lines are numbered from
  /// `firstLine` in the recorded text (the notebook's line numbers).
  public static func diff(recorded: String, actual: String, firstLine: Int, path: String) -> String {
    let a = recorded.isEmpty ? [] : recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let operations = self.operations(a, b)
    var lines = ["--- \(path):\(firstLine) (recorded)", "+++ actual"]
    // Group operations into hunks with context.
    let context = 3
    var index = 0
    while index < operations.count {
      guard let changeStart = operations[index...].firstIndex(where: { $0.kind != .same }) else { break }
      var hunkEnd = changeStart
      var lastChange = changeStart
      while hunkEnd < operations.count {
        if operations[hunkEnd].kind != .same { lastChange = hunkEnd }
        if hunkEnd - lastChange > 2 * context { break }
        hunkEnd += 1
      }
      let start = max(index, changeStart - context)
      let end = min(operations.count, lastChange + context + 1)
      let aStart = operations[start].aIndex, bStart = operations[start].bIndex
      let aCount = operations[start..<end].filter { $0.kind != .insert }.count
      let bCount = operations[start..<end].filter { $0.kind != .delete }.count
      lines.append("@@ -\(firstLine + aStart),\(aCount) +\(bStart + 1),\(bCount) @@")
      for operation in operations[start..<end] {
        switch operation.kind {
        case .same: lines.append(" " + a[operation.aIndex])
        case .delete: lines.append("-" + a[operation.aIndex])
        case .insert: lines.append("+" + b[operation.bIndex])
        }
      }
      index = end
    }
    return lines.joined(separator: "\n")
  }

  struct Operation {
    enum Kind { case same, delete, insert }
    let kind: Kind
    let aIndex: Int
    let bIndex: Int
  }

  /// A shortest edit script by longest common subsequence (notebook outputs are small).
  static func operations(_ a: [String], _ b: [String]) -> [Operation] {
    let n = a.count, m = b.count
    var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var result: [Operation] = []
    var i = 0, j = 0
    while i < n || j < m {
      if i < n, j < m, a[i] == b[j] {
        result.append(Operation(kind: .same, aIndex: i, bIndex: j))
        i += 1
        j += 1
      } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
        result.append(Operation(kind: .delete, aIndex: i, bIndex: j))
        i += 1
      } else {
        result.append(Operation(kind: .insert, aIndex: i, bIndex: j))
        j += 1
      }
    }
    return result
  }
}
