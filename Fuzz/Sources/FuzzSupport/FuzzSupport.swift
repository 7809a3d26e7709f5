import Foundation
import Lessons
import TCAScript

/// The one session every input runs in.
@MainActor
public enum FuzzSession {
  public static let shared: Session = {
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    return session
  }()
}

/// Runs async main-actor work to completion from libFuzzer's synchronous callback, servicing
/// the main queue meanwhile. Work still running after a second is cancelled, as a person at the
/// prompt presses Ctrl-C: a wait or clock advance that then doesn't stop shows up as libFuzzer's
/// timeout, a hang to fix.
public func runOnMainActor(_ work: @escaping @MainActor () async -> Void) {
  nonisolated(unsafe) var done = false
  let task = Task { @MainActor in
    await work()
    done = true
  }
  let deadline = Date(timeIntervalSinceNow: 1)
  while !done {
    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
    if !task.isCancelled, Date() > deadline { task.cancel() }
  }
}
