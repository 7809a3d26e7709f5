import Foundation
import FuzzSupport
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
