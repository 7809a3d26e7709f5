/// Where in the source a thing was written: an operator applied (where its issues are
/// reported), an assertion made in a test.
struct SourceLocation {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  init<Action>(_ action: TestAction<Action>) {
    self.init(
      fileID: action.fileID, filePath: action.filePath, line: action.line, column: action.column
    )
  }
}

/// Reports an issue at a source location.
func reportIssue(_ message: @autoclosure () -> String, at location: SourceLocation) {
  reportIssue(
    message(), fileID: location.fileID, filePath: location.filePath, line: location.line,
    column: location.column
  )
}
