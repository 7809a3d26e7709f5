import Foundation
import Lessons
import TCAScript

/// The whole evaluator against a lesson feature: parse, resolve, send, inspect. Each input runs
/// in a fresh session holding a live DemoForEach store and a PromoList test store.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvaluator(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  runOnMainActor {
    let session = Session(catalog: lessonCatalog)
    session.printer.mode = .off
    _ = await session.run("let store = Store(initialState: DemoForEachState(), reducer: demoForEachReducer, environment: .mock)")
    _ = await session.run("let promos = Store(initialState: PromoListState(), reducer: promoListReducer, environment: .twoPromos)")
    _ = await session.run(source)
  }
  return 0
}

/// Runs async main-actor work to completion from libFuzzer's synchronous callback, servicing
/// the main queue meanwhile.
func runOnMainActor(_ work: @escaping @MainActor () async -> Void) {
  nonisolated(unsafe) var done = false
  Task { @MainActor in
    await work()
    done = true
  }
  while !done {
    RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
  }
}
