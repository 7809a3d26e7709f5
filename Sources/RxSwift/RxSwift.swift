// A shim named like RxSwift, NOT RxSwift.
//
// The "Day 2: The Rest of TCA" bootcamp lesson is written against `RxComposableArchitecture`, a
// fork of TCA 0.x built on RxSwift, and its mocks `import RxSwift` to delay effects on the main
// scheduler: `.delay(.milliseconds(250), scheduler: MainScheduler.instance)`. The real RxSwift is
// not available to this package, and the playground has one runtime (ComposableArchitecture),
// not an Rx one. This module holds only the few RxSwift names the lesson's reducers, mocks and
// store subscriptions touch, so that the lesson's code compiles unchanged:
//
// - ``MainScheduler``, whose ``MainScheduler/instance`` is resolved per store: it stands for the
//   `mainQueue` dependency of the store running the effect (a test scheduler in tests and in the
//   playground, where `store.advance(by:)` moves it), never for a global queue;
// - `DispatchTimeInterval` durations (re-exported from Dispatch);
// - ``Observable`` (what `store.subscribe(\.keyPath)` returns), ``Disposable``, ``Disposables``
//   and ``DisposeBag``.
//
// It ships as its own library product, `RxSwift`, so that nobody gets a module named like the
// real RxSwift by accident: depend on it only to compile code written for the Rx fork.
@_exported import Dispatch
