// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "tca-playground",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "TCAScript", targets: ["TCAScript"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "603.0.0"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
  ],
  targets: [
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "ComposableArchitectureLegacySupport",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
        "ComposableArchitectureMacros",
      ]
    ),
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "FeatureCatalog",
      dependencies: ["ComposableArchitecture"]
    ),
    .target(
      name: "TCAScript",
      dependencies: ["ComposableArchitecture", "FeatureCatalog"]
    ),
    .target(
      name: "Day2",
      dependencies: ["ComposableArchitecture", "FeatureCatalog"]
    ),
    .testTarget(
      name: "Day2Tests",
      dependencies: [
        "Day2",
        "ComposableArchitecture",
        "FeatureCatalog",
        "TCAScript",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "OnlineStore",
      dependencies: ["ComposableArchitecture", "FeatureCatalog"],
      resources: [
        .copy("Resources/fakestore-products.json"),
        .copy("Resources/fakestore-user-1.json"),
      ]
    ),
    .testTarget(
      name: "OnlineStoreTests",
      dependencies: [
        "OnlineStore",
        "ComposableArchitecture",
        "FeatureCatalog",
        "TCAScript",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "CounterStack",
      dependencies: ["ComposableArchitecture", "FeatureCatalog"]
    ),
    .testTarget(
      name: "CounterStackTests",
      dependencies: [
        "CounterStack",
        "ComposableArchitecture",
        "FeatureCatalog",
        "TCAScript",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(name: "Notebooks"),
    .testTarget(
      name: "NotebooksTests",
      dependencies: ["Notebooks"]
    ),
    .testTarget(
      name: "TCAScriptTests",
      dependencies: ["TCAScript", "FeatureCatalog", "ComposableArchitecture"]
    ),
    .target(name: "ComposableArchitectureLegacySupport"),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "ComposableArchitecture",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "ComposableArchitectureMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]
    ),
  ],
  swiftLanguageModes: [.v5]
)
