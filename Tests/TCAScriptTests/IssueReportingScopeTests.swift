import ComposableArchitecture
import Testing
@testable import ScriptEvaluation
@testable import SessionHistory
@testable import TCAScript

/// `Session.reportingIssues`: a front end binds the session's issue reporters once around its
/// loop, and what its statements report is still the session's output, statement by statement.
@MainActor
@Suite struct IssueReportingScopeTests {
  static let store = "let t = TestStore(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)"
  /// A send whose change isn't asserted: a TestStore failure, reported through IssueReporting.
  static let unassertedSend = "t.send(.addItem)"

  /// The kinds and first lines of a run's outputs.
  func summary(_ outputs: [Session.Output]) -> [String] {
    outputs.map { "\($0.kind.rawValue): \($0.text.split(separator: "\n").first ?? "")" }
  }

  @Test func statementsInsideTheScopeReportAsTheyDoOutsideIt() async {
    let outside = Session(catalog: testCatalog)
    await outside.run(Self.store)
    // Twice: the second run is the compiled send's.
    let expected = [await outside.run(Self.unassertedSend), await outside.run(Self.unassertedSend)].map(self.summary)
    #expect(expected.allSatisfy { $0.contains { $0.hasPrefix("failure: ") } })

    let inside = Session(catalog: testCatalog)
    let outputs = await inside.reportingIssues {
      await inside.run(Self.store)
      return [await inside.run(Self.unassertedSend), await inside.run(Self.unassertedSend)].map(self.summary)
    }
    #expect(outputs == expected)
  }

  @Test func anotherSessionInsideTheScopeReportsToItsOwnOutput() async {
    let first = Session(catalog: testCatalog)
    let second = Session(catalog: testCatalog)
    let (firstOutput, secondOutput) = await first.reportingIssues {
      await second.run(Self.store)
      let secondOutput = await second.run(Self.unassertedSend)
      return (await first.run("1 + 1"), secondOutput)
    }
    #expect(self.summary(firstOutput) == ["value: 2"])
    #expect(secondOutput.contains { $0.kind == .failure })
  }

  @Test func anIssueReportedOutsideAStatementInTheScopeGoesToTheSession() async {
    let session = Session(catalog: testCatalog)
    let output = await session.reportingIssues {
      reportIssue("reported between statements")
      return await session.run("1 + 1")
    }
    // Printed with the next statement's output, as an effect's issue between inputs is.
    #expect(self.summary(output) == ["value: 2", "failure: reported between statements"])
  }
}
