// RxComposableArchitecture: the API of the RxSwift-based fork of TCA 0.x that the "Day 2: The
// Rest of TCA" bootcamp lesson imports, implemented on the playground's one runtime
// (ComposableArchitecture's legacy layer: `AnyReducer`, the legacy `Effect` helpers and the
// legacy test store).
//
// It does not re-export ComposableArchitecture: the fork's `Reducer`, `Effect`, `Store` and
// `TestStore` would collide with the 1.x names (`Reducer` is a protocol there, `TestStore` a
// different class). It exports the lesson's names, declared in this module, plus the libraries
// the lesson's code uses directly: IdentifiedCollections (`IdentifiedArray`, `IdentifiedArrayOf`)
// and CasePaths (`CasePath`, the `/Enum.case` operator).
@_exported import CasePaths
@_exported import IdentifiedCollections
// The type `Reducer<…>` stands for, so that `public let r = Reducer<…>.combine(…)`, whose type is
// inferred as `AnyReducer<…>`, can be public in a file that imports only this module.
@_exported import struct ComposableArchitecture.AnyReducer
