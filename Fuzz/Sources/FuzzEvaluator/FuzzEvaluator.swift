import Foundation
import Lessons
import TCAScript

/// The whole evaluator against a lesson feature: parse, resolve, send, inspect. Each input runs
/// in a session holding a live DemoForEach store and a PromoList test store, reset in place
/// between inputs (`Session.reset()`: a new session per input spent most of each execution
/// building the catalog's type registry again).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvaluator(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  runOnMainActor {
    let session = FuzzSession.shared
    session.reset()
    _ = await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    _ = await session.run("let promos = Store(initialState: PromoListState(), reducer: promoListReducer, environment: .twoPromos)")
    _ = await session.run(source)
  }
  return 0
}

/// The one session every input runs in.
@MainActor
enum FuzzSession {
  static let shared: Session = {
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    return session
  }()
}

/// Runs async main-actor work to completion from libFuzzer's synchronous callback, servicing
/// the main queue meanwhile. Work still running after a second is cancelled, as a person at the
/// prompt presses Ctrl-C: a wait or clock advance that then doesn't stop shows up as libFuzzer's
/// timeout, a hang to fix.
func runOnMainActor(_ work: @escaping @MainActor () async -> Void) {
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
