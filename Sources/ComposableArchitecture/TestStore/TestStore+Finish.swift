import Foundation

extension TestStore {
  /// Suspends until all in-flight effects have finished, or until it times out, in which case it
  /// reports a failure.
  ///
  /// Like TCA's, it first reports the actions received from effects and not yet asserted (as the
  /// end of the test would), so that a test store that outlives the test can still be checked.
  /// The report leaves them queued: a later `receive` or `skipReceivedActions()` can still take
  /// them, and the end of the test reports those still left. Like every assertion of the store,
  /// the timeout honours ``exhaustivity``.
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.assertions.assertNoReceivedActions(at: location)
    self.core.cancelPresentationEffects()
    let nanoseconds = duration.map(\.nanoseconds) ?? self.timeout
    let finished = await self.assertions.poll(for: nanoseconds) { self.reducer.inFlightEffects.isEmpty }
    // A cancelled wait (the test itself was cancelled) says nothing about the effects.
    guard !finished, !Task.isCancelled else { return }
    self.assertions.fail(
      """
      Expected effects to finish, but there are still effects in-flight\
      \(nanoseconds > 0 ? " after \(Double(nanoseconds) / Double(NSEC_PER_SEC)) seconds" : "").

      \(self.assertions.inFlightSuggestion(explicitTimeout: nanoseconds != self.timeout))
      """,
      at: location
    )
    self._onUnfinishedEffects?(self.core.runner.runningEffects)
  }

  /// Clears the queue of received actions from effects.
  ///
  /// - Parameter strict: When `true` and there are no received actions to skip, a failure is
  ///   reported.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    self.assertions.skipReceivedActions(
      strict: strict,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Cancels any currently in-flight effects.
  ///
  /// - Parameter strict: When `true` and there are no in-flight effects to cancel, a failure is
  ///   reported.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if strict && self.reducer.inFlightEffects.isEmpty {
      self.assertions.fail("There were no in-flight effects to skip.", overrideExhaustivity: .on, at: location)
      return
    }
    guard !self.reducer.inFlightEffects.isEmpty else { return }
    let count = self.reducer.inFlightEffects.count
    self.assertions.failSkipped(
      "\(count) in-flight effect\(count == 1 ? " was" : "s were") cancelled, originating from:",
      self.reducer.inFlightEffects.map(\.action.origin.action),
      at: location
    )
    self.core.cancelAll()
    self.reducer.inFlightEffects.removeAll()
  }

  /// Replaces the state, both the asserted state and the store's, as a deliberate edit (used by
  /// the playground's manual state edits).
  @_spi(Hosting) public func _setState(_ state: State) {
    self.reducer.state = state
    self.core.state = state
  }

  /// The actions received from effects and not yet asserted.
  @_spi(Hosting) public var _receivedActions: [Action] {
    self.reducer.receivedActions.map(\.action)
  }

  /// The number of effects still running.
  @_spi(Hosting) public var _inFlightEffectCount: Int {
    self.reducer.inFlightEffects.count
  }

  /// The `.run` and stream effects running now, oldest first.
  @_spi(Hosting) public var _runningEffects: [RunningEffect] {
    self.core.runner.runningEffects
  }

  /// Cancels the effects running under the cancel identifier `id`, as `Effect.cancel(id:)`
  /// returned by the reducer would (at every navigation path).
  @_spi(Hosting) public func _cancelEffects(id: AnyHashable) {
    self.core.runner.registry.cancel(id: id)
  }
}

/// The type returned from ``TestStore/send(_:assert:fileID:filePath:line:column:)`` that
/// represents the lifecycle of the effects started from sending an action.
@MainActor
public struct TestStoreTask: Hashable, Sendable {
  let group: EffectGroup?
  let timeout: UInt64

  init(group: EffectGroup?, timeout: UInt64) {
    self.group = group
    self.timeout = timeout
  }

  /// Cancels the underlying effects, as a view disappearing would, and waits for them to end.
  public func cancel() async {
    self.group?.cancel()
    await Task.megaYield()
  }

  /// Waits for the underlying effects to finish, reporting a failure if they don't in time.
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let group = self.group else { return }
    let nanoseconds = duration.map(\.nanoseconds) ?? self.timeout
    let start = DispatchTime.now().uptimeNanoseconds
    while !group.isFinished {
      guard DispatchTime.now().uptimeNanoseconds - start < nanoseconds else {
        let timeoutMessage =
          nanoseconds != self.timeout
          ? #"try increasing the duration of this assertion's "timeout""#
          : #"configure this assertion with an explicit "timeout""#
        reportIssue(
          """
          Expected task to finish, but it is still in-flight\
          \(nanoseconds > 0 ? " after \(Double(nanoseconds) / Double(NSEC_PER_SEC)) seconds" : "").

          If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
          "timer(interval:)", etc.), make sure that you wait enough time for it to perform its \
          work. If you are using a test clock/scheduler, advance the scheduler so that the effects \
          may complete, or consider using an immediate clock/scheduler to immediately perform the \
          effect instead.

          If you are not yet using a clock/scheduler, or cannot use a clock/scheduler, \
          \(timeoutMessage).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      await Task.megaYield(count: 2)
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }

  /// Whether the task was cancelled.
  public var isCancelled: Bool { self.group?.isCancelled ?? false }

  public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.group === rhs.group
  }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(self.group.map(ObjectIdentifier.init))
  }
}

extension Duration {
  var nanoseconds: UInt64 {
    UInt64(max(0, self.components.seconds)) * NSEC_PER_SEC
      + UInt64(max(0, self.components.attoseconds) / 1_000_000_000)
  }
}
