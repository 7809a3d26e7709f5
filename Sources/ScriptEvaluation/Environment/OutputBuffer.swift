import ComposableArchitecture
import FeatureCatalog
import Foundation
import PlaygroundHost
import Synchronization

/// What a session has printed since it was last drained, in order: values and messages,
/// `_printChanges` blocks (moved over from the ``ChangePrinter``) and reported failures.
@MainActor
package final class OutputBuffer {
  /// What `_printChanges` prints after each action.
  package let printer = ChangePrinter()
  /// Issues reported while a statement runs (TestStore failures, runtime warnings).
  package let issues = IssueCollector()
  /// ``issues`` as the reporters a statement runs with (made once: an array for each statement
  /// was an allocation of each send's).
  package private(set) lazy var reporters: [any IssueReporter] = [self.issues]
  /// The collector whose ``reporters`` the task has bound, as ``Session/reportingIssues(_:)``
  /// binds them (a task-local of its own: asking IssueReporting which reporters are bound takes
  /// a lock and a cast).
  @TaskLocal static package var boundCollector: ObjectIdentifier?
  /// Whether the task runs with ``reporters`` bound.
  package var reportersAreBound: Bool { Self.boundCollector == ObjectIdentifier(self.issues) }
  private(set) var items: [SessionOutput] = []
  /// The name of the store with an identity, for the change records (the session sets it).
  package var storeName: ((ObjectIdentifier) -> String?)?

  package init() {}

  /// Empties the buffer, returning what it held.
  package func take() -> [SessionOutput] {
    defer { self.items = [] }
    return self.items
  }

  /// Appends an output after any `_printChanges` text written before it.
  func emit(_ kind: SessionOutput.Kind, _ text: String) {
    self.flushChanges()
    self.items.append(SessionOutput(kind, text))
  }

  /// How many outputs the buffer holds (a mark for ``removeFailures(since:)``).
  package var count: Int { self.items.count }

  /// Removes the failures appended after the first `mark` outputs, returning their texts (the
  /// failures `withKnownIssue` expected).
  func removeFailures(since mark: Int) -> [String] {
    guard mark < self.items.count else { return [] }
    let later = self.items[mark...]
    self.items = Array(self.items[..<mark]) + later.filter { $0.kind != .failure }
    return later.filter { $0.kind == .failure }.map(\.text)
  }

  /// Appends an output as it is (nothing is flushed first).
  package func append(_ output: SessionOutput) {
    self.items.append(output)
  }

  /// Moves `_printChanges` output written so far into the buffer.
  package func flushChanges() {
    for var record in self.printer.drainRecords() {
      record.storeName = self.storeName?(record.storeID)
      self.items.append(SessionOutput(record))
    }
  }

  /// Errors found while no statement of their own ran (a dependency endpoint's closure that
  /// went wrong), printed with the next issues: also when a live store's effect calls the
  /// endpoint between inputs.
  private var laterErrors: [String] = []

  /// Keeps an error (already rendered) for ``flushIssues()``.
  package func reportLater(_ error: String) {
    self.laterErrors.append(error)
  }

  /// Moves errors reported later, then reported issues into the buffer, as failures (and the
  /// playground's notes on them, as information).
  package func flushIssues() {
    for error in self.laterErrors {
      self.items.append(SessionOutput(.error, error))
    }
    self.laterErrors = []
    for message in self.issues.drain() {
      self.items.append(message.isNote ? SessionOutput(.info, message.text) : SessionOutput(FailureReport(message.text, location: message.location)))
    }
  }
}

/// Collects issues reported while a session command runs (TestStore failures, runtime warnings),
/// so they print as session output instead of going to a test runner.
package final class IssueCollector: IssueReporter, Sendable {
  private let messages = Mutex<[Message]>([])

  /// An issue reported (or the playground's note on one), and where it was reported.
  struct Message: Sendable {
    var text: String
    var isNote: Bool
    var location: FailureReport.Location?
  }

  package func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let text = message() ?? "Issue reported"
    let location = FailureReport.Location(fileID: "\(fileID)", line: Int(line))
    self.messages.withLock { $0.append(Message(text: text, isNote: false, location: location)) }
  }

  /// Adds the playground's note on the issue reported last (where an unfinished effect was made).
  package func note(_ text: String) {
    self.messages.withLock { $0.append(Message(text: text, isNote: true)) }
  }

  package func expectIssue(_ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {}

  func drain() -> [Message] {
    self.messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}
