import RxComposableArchitecture
import Testing

/// The stages of the lesson's "Reducer.pullback" section whose test outcome is the lesson's
/// point: with the card's environment hard-coded to `.mock` the test passes though the
/// environment is `.failing`; derived from the page's environment, it fails.
@MainActor
@Suite struct PullbackStagesTests {
  @Test func hardCodedChildEnvironmentHidesTheFailingEnvironment() {
    MockChildEnvironmentStage.DemoPullbackVCReducerTests().testTapTheProduct()
  }

  @Test func derivedChildEnvironmentFailsAsTheLessonShows() {
    withKnownIssue {
      DemoPullbackVCReducerTestsExpectingFailure().testTapTheProduct()
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Should not call route - A failing effect ran."]
    }
  }
}
