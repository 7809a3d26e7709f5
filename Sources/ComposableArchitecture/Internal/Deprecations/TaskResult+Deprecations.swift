extension TaskResult {
  /// `Result`'s spelling, which `TaskResult` doesn't have: its fix-it renames it to ``value``.
  @available(*, unavailable, renamed: "value")
  public func get() throws -> Success {
    try self.value
  }
}
