import Foundation
import StateDiff

/// Checks what a test asserts against what its ``TestReducer`` recorded, and reports failures in
/// TCA's words, honouring the store's ``Exhaustivity``: the assertion machinery behind
/// ``TestStore``'s `send`, `receive`, `assert`, `skipReceivedActions` and the end of a test.
@MainActor
final class TestAssertions<State: Equatable, Action> {
  let reducer: TestReducer<State, Action>
  /// The store's exhaustivity (``TestStore/exhaustivity``).
  var exhaustivity: Exhaustivity = .on
  /// The store's default timeout, in nanoseconds (``TestStore/timeout``).
  var timeout: UInt64
  /// Where the last assertion was made (where the store was made, before any): the end of the
  /// test reports there.
  var location: SourceLocation
  /// The wording of the end-of-test reports: TCA 1.x's, or TCA 0.x's for the 0.x fork's store.
  var endOfTestWording: EndOfTestWording = .current

  init(reducer: TestReducer<State, Action>, timeout: UInt64, location: SourceLocation) {
    self.reducer = reducer
    self.timeout = timeout
    self.location = location
  }

  /// The state as of the last assertion.
  var state: State { self.reducer.state }

  // MARK: - Reporting

  /// Reports a failure, honouring exhaustivity: reported as an issue when exhaustive, as an
  /// expected (known) issue headed "Skipped assertions." when showing skipped assertions, and
  /// not at all otherwise.
  func fail(_ message: String, overrideExhaustivity: Exhaustivity? = nil, at location: SourceLocation) {
    switch overrideExhaustivity ?? self.exhaustivity {
    case .on:
      reportIssue(
        message, fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column
      )
    case .off(showSkippedAssertions: true):
      reportSkippedAssertion(
        """
        Skipped assertions.

        \(message)
        """,
        at: location
      )
    case .off(showSkippedAssertions: false):
      break
    }
  }

  /// Asserts that `updateStateToExpectedResult` turns `expected` into `actual`, as the store's
  /// exhaustivity asks; an error the closure throws is reported as a failure of its own.
  func expectedStateShouldMatch(
    expected: State,
    actual: State,
    updateStateToExpectedResult: ((inout State) throws -> Void)?,
    skipUnnecessaryModifyFailure: Bool = false,
    stackElementID: StackElementID? = nil,
    at location: SourceLocation
  ) {
    let current = expected
    var expected = expected

    func modify(_ state: inout State) throws {
      guard let updateStateToExpectedResult else { return }
      // Stack elements appended by the assertion get the identifiers the reducer gave them:
      // generate them from where the generator was before the action, with a copy that leaves
      // the store's own generator untouched.
      var dependencies = self.reducer.dependencies
      dependencies.stackElementID = .incrementing(
        from: (stackElementID ?? dependencies.stackElementID.peek()).generation
      )
      try DependencyValues.$_current.withValue(dependencies) {
        try updateStateToExpectedResult(&state)
      }
    }

    func expectationFailure(expected: State, exhaustivity: Exhaustivity = .on) {
      let difference =
        fastDiff(expected, actual, format: .proportional)
        .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
        ?? """
        Expected:
        \(String(describing: expected).indent(by: 2))

        Actual:
        \(String(describing: actual).indent(by: 2))
        """
      let heading =
        updateStateToExpectedResult != nil
        ? "A state change does not match expectation."
        : "State was not expected to change, but a change occurred."
      self.fail("\(heading)\n\n\(difference)", overrideExhaustivity: exhaustivity, at: location)
    }

    // Honours exhaustivity, as TCA's does: a non-exhaustive store skips this assertion.
    func tryUnnecessaryModifyFailure() {
      guard !skipUnnecessaryModifyFailure, expected == current, updateStateToExpectedResult != nil
      else { return }
      self.fail(
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """,
        at: location
      )
    }

    do {
      switch self.exhaustivity {
      case .on:
        try modify(&expected)
        if expected != actual {
          expectationFailure(expected: expected)
        } else {
          tryUnnecessaryModifyFailure()
        }

      case .off(let showSkippedAssertions):
        var expectedWhenGivenActualState = actual
        try modify(&expectedWhenGivenActualState)
        expected = expectedWhenGivenActualState
        if expectedWhenGivenActualState != actual {
          expectationFailure(expected: expectedWhenGivenActualState)
        } else if showSkippedAssertions {
          var expectedWhenGivenPreviousState = current
          try modify(&expectedWhenGivenPreviousState)
          expected = expectedWhenGivenPreviousState
          if expectedWhenGivenPreviousState != actual {
            expectationFailure(
              expected: expectedWhenGivenPreviousState,
              exhaustivity: .off(showSkippedAssertions: true)
            )
          } else {
            tryUnnecessaryModifyFailure()
          }
        } else {
          tryUnnecessaryModifyFailure()
        }
      }
    } catch {
      self.fail("Threw error: \(error)", overrideExhaustivity: .on, at: location)
    }
  }
}

/// Shows a skipped assertion without failing the test: as a known issue under Swift Testing (and
/// an expected failure under XCTest on Apple platforms), as TCA does.
///
/// XCTest elsewhere has no expected failures: IssueReporting's `withExpectedIssue` fails the test
/// there ("Expecting failures is unavailable in XCTest on this platform") and drops the message.
/// There the message goes to each issue reporter as an expected issue, which IssueReporting's
/// default reporter prints ("Module/File.swift:12: Skipped assertions. …"), as it prints the
/// expected issues it sees outside of tests.
func reportSkippedAssertion(_ message: String, at location: SourceLocation) {
  #if !canImport(Darwin)
    if case .xcTest? = TestContext.current {
      for reporter in IssueReporters.current {
        reporter.expectIssue(
          message, fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column
        )
      }
      return
    }
  #endif
  withExpectedIssue(
    isIntermittent: true, fileID: location.fileID, filePath: location.filePath,
    line: location.line, column: location.column
  ) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    )
  }
}
