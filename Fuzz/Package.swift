// swift-tools-version: 6.0
// libFuzzer targets for the playground: built and run by ../scripts/fuzz, never by the main
// package's `swift build` (they have no `main`; libFuzzer provides it).
import PackageDescription

let fuzzing: [SwiftSetting] = [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer"]), .swiftLanguageMode(.v5)]
let linking: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer"])]

let package = Package(
  name: "tcaplay-fuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "tca-playground", path: "..")],
  targets: [
    .target(
      // What the evaluator and journal targets share: one session, reset between inputs.
      name: "FuzzSupport",
      dependencies: [
        .product(name: "TCAScript", package: "tca-playground"),
        .product(name: "Lessons", package: "tca-playground"),
      ],
      swiftSettings: fuzzing
    ),
    .executableTarget(
      name: "FuzzParser",
      dependencies: [.product(name: "TCAScriptSyntax", package: "tca-playground")],
      swiftSettings: fuzzing, linkerSettings: linking
    ),
    .executableTarget(
      name: "FuzzNotebook",
      dependencies: [.product(name: "Notebooks", package: "tca-playground")],
      swiftSettings: fuzzing, linkerSettings: linking
    ),
    .executableTarget(
      name: "FuzzEvaluator",
      dependencies: [
        "FuzzSupport",
        .product(name: "TCAScript", package: "tca-playground"),
      ],
      swiftSettings: fuzzing, linkerSettings: linking
    ),
    .executableTarget(
      name: "FuzzJournal",
      dependencies: [
        "FuzzSupport",
        .product(name: "TCAScript", package: "tca-playground"),
      ],
      swiftSettings: fuzzing, linkerSettings: linking
    ),
  ]
)
