import ComposableArchitecture
import Testing
import TestSupport
import XCTest

/// A non-exhaustive test store that shows skipped assertions reports them as known issues headed
/// "Skipped assertions.", in TCA 1.25.5's words, and fails nothing (modelled on TCA's
/// TestStoreNonExhaustiveTests).
@MainActor
@Suite struct TestStoreNonExhaustiveTests {
  @Test func skippedAssertionsAreShownWhenSending() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.first) { $0 = 1 }
      await store.send(.first)
      #expect(store.state == 1)
    }
    // As TCA's: the actions left to receive, which the send skips, the state change from 2 back
    // to 1 that it leaves unasserted, and the action left at the end of the test.
    #expect(
      recorder.messages(.reported) == [
        """
        Skipped assertions.

        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .second
        ]
        """,
        """
        Skipped assertions.

        1 received action was skipped.

        StepAction.second
        """,
        figureSpaced(
          """
          Skipped assertions.

          State was not expected to change, but a change occurred.

              − 2
              + 1

          (Expected: −, Actual: +)
          """
        ),
        """
        Skipped assertions.

        \(unexpectedSecond)
        """,
      ]
    )
  }

  @Test func skippedReceivedActionsAreShownWhenReceiving() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Int> { state, action in
          state = action
          return action == 0 ? .concatenate(.send(1), .send(2), .send(3)) : .none
        }
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(0)
      await store.receive(3) { $0 = 3 }
    }
    #expect(
      recorder.messages(.reported) == [
        """
        Skipped assertions.

        2 received actions were skipped.

        [
          [0]: 1,
          [1]: 2
        ]
        """
      ]
    )
  }

  @Test func aStateChangeLeftOutIsShown() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      let store = TestStore(initialState: Pair()) {
        Reduce<Pair, Void> { state, _ in
          state.first += 1
          state.second += 1
          return .none
        }
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(()) { $0.first = 1 }
    }
    #expect(
      recorder.messages(.reported).map(figureSpaced) == [
        figureSpaced(
          """
          Skipped assertions.

          A state change does not match expectation.

                Pair(
                  first: 1,
              −   second: 0
              +   second: 1
                )

          (Expected: −, Actual: +)
          """
        )
      ]
    )
  }

  @Test func aClosureThatChangesNothingIsASkippedAssertion() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      let store = TestStore(initialState: 0) { Reduce<Int, Void> { _, _ in .none } }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(()) { $0 = 0 }
      store.assert { $0 = 0 }
      store.exhaustivity = .off
      await store.send(()) { $0 = 0 }
    }
    #expect(
      recorder.messages(.reported) == [
        """
        Skipped assertions.

        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ]
    )
  }

  @Test func finishTimingOutIsASkippedAssertion() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Void> { _, _ in .run { _ in try await Task.never() } }
      }
      store.exhaustivity = .off
      await store.send(())
      await store.finish(timeout: .milliseconds(20))
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.finish(timeout: .milliseconds(20))
      await store.skipInFlightEffects()
    }
    #expect(
      recorder.messages(.reported) == [
        """
        Skipped assertions.

        Expected effects to finish, but there are still effects in-flight after 0.02 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
        enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """,
        """
        Skipped assertions.

        1 in-flight effect was cancelled, originating from:

        ()
        """,
      ]
    )
  }

  @Test func receiveTimingOutStillFails() async {
    await expectIssues([
      """
      Expected to receive a matching action, but received none after 0.02 seconds.

      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test clock/scheduler, advance \
      it so that the effects may complete, or consider using an immediate clock/scheduler to \
      immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
      increasing the duration of this assertion's "timeout".
      """,
      """
      Expected to receive the following action, but didn't:

        StepAction.second
      """,
    ]) {
      let store = TestStore(initialState: 0) {
        Reduce<Int, StepAction> { _, _ in .run { _ in try await Task.never() } }
      }
      store.exhaustivity = .off
      await store.send(.first)
      await store.receive(.second, timeout: .milliseconds(20))
    }
  }
}

struct Pair: Equatable {
  var first = 0
  var second = 0
}

/// Under XCTest, where Linux has no expected failures, skipped assertions are shown without
/// failing the test: each issue reporter is handed them as expected issues (IssueReporting's
/// default reporter prints them). Where XCTest has expected failures, they are that, as in TCA.
final class SkippedAssertionsXCTests: XCTestCase {
  @MainActor
  func testSkippedAssertionsDoNotFailTheTest() async {
    let recorder = IssueRecorder()
    await withIssueReporters([.default, recorder]) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.first) { $0 = 1 }
      await store.skipReceivedActions()
      XCTAssertEqual(store.state, 2)
    }
    let skipped = """
      Skipped assertions.

      1 received action was skipped.

      StepAction.second
      """
    #if canImport(Darwin)
      XCTAssertEqual(recorder.messages(.reported), [skipped])
    #else
      XCTAssertEqual(recorder.messages(.expected), [skipped])
      XCTAssertEqual(recorder.messages(.reported), [])
    #endif
  }

  @MainActor
  func testFailuresStillFail() async {
    let recorder = IssueRecorder()
    await withIssueReporters([recorder]) {
      let store = TestStore(initialState: 0) { FirstThenSecond() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.first) { $0 = 2 }
      await store.skipReceivedActions()
    }
    XCTAssertEqual(
      recorder.messages(.reported).first,
      figureSpaced(
        """
        A state change does not match expectation.

            − 2
            + 1

        (Expected: −, Actual: +)
        """
      )
    )
  }
}
