// The libraries TCA re-exports, so that `import ComposableArchitecture` is all feature code needs.
@_exported import CasePaths
@_exported import Clocks
@_exported import CombineSchedulers
@_exported import LegacyTestStoreInitializer
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
@_exported import IssueReporting

// On Apple platforms the modules TCA re-exports (Combine, SwiftUI) bring Foundation with them,
// so feature code that imports only ComposableArchitecture can use `UUID`, `Date` and `URL`.
// On Linux they don't; re-export it here so that the same feature code compiles.
@_exported import Foundation
