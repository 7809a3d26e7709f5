import ComposableArchitecture
import ConcurrencyExtras

/// An issue reporter that keeps what it is given: the issues reported (failures, or known issues
/// inside `withExpectedIssue`) and the issues handed over as expected ones.
///
/// Run a test under `withIssueReporters([.default, recorder])` to keep the default reporter's
/// failures (an issue the runtime reports as a failure still fails the test) and read the texts
/// the runtime reported as known or expected issues, which the test frameworks don't hand back.
final class IssueRecorder: IssueReporter {
  enum Kind: Equatable { case reported, expected }

  private let records = LockIsolated<[(Kind, String)]>([])

  /// The messages given as the given kind, in order.
  func messages(_ kind: Kind) -> [String] {
    self.records.value.filter { $0.0 == kind }.map(\.1)
  }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let message = message() ?? ""
    self.records.withValue { $0.append((.reported, message)) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let message = message() ?? ""
    self.records.withValue { $0.append((.expected, message)) }
  }
}
