import Clocks
import Foundation
import Testing

extension TestClock where Duration == Swift.Duration {
  /// Waits until an effect sleeps on the clock (checking with `checkSuspension`, for up to ten
  /// seconds of real time).
  ///
  /// Effects start on other tasks: on a loaded machine, the timer an action starts may not have
  /// scheduled its sleep yet when the test advances the clock, and the advance would then go by
  /// without it. Waiting for the sleep first makes `advance` deterministic.
  public func waitForSleep(sourceLocation: SourceLocation = #_sourceLocation) async {
    let start = Date()
    while Date().timeIntervalSince(start) < 10 {
      do {
        try await self.checkSuspension()
      } catch {
        return
      }
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
    Issue.record("Nothing slept on the clock.", sourceLocation: sourceLocation)
  }
}
