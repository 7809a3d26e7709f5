/// The setter of navigation state's `[case:]` subscripts (``PresentationState`` and
/// ``StackState``): when `root` holds the case, writes `newValue` embedded in it through `write`
/// (`nil` dismisses); otherwise changes nothing, and reports writing to an unrelated case as an
/// issue.
func writeCase<Root, Case>(
  _ newValue: Case?,
  of root: Root?,
  path: AnyCasePath<Root, Case>,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt,
  write: (Root?) -> Void
) {
  guard let root else { return }
  guard path.extract(from: root) != nil else {
    if newValue != nil {
      reportIssue(
        "Can't modify unrelated case \(_caseName(of: root).debugDescription)",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    return
  }
  write(newValue.map(path.embed))
}
