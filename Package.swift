// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

// `scripts/fuzz` sets TCAPLAY_FUZZ to build the code under test with libFuzzer's coverage
// instrumentation (the fuzz targets themselves live in the separate package Fuzz/).
let fuzzInstrumentation: [SwiftSetting] =
  Context.environment["TCAPLAY_FUZZ"] != nil ? [.unsafeFlags(["-sanitize=fuzzer"])] : []

let package = Package(
  name: "tca-playground",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "TCAScript", targets: ["TCAScript"]),
    .library(name: "TCAScriptSyntax", targets: ["TCAScriptSyntax"]),
    .library(name: "Notebooks", targets: ["Notebooks"]),
    .library(name: "Lessons", targets: ["Lessons"]),
    .executable(name: "tcaplay", targets: ["tcaplay"]),
    .executable(name: "tcaplay-kernel", targets: ["tcaplay-kernel"]),
    .library(name: "StateDiff", targets: ["StateDiff"]),
    .executable(name: "tcaplay-bench", targets: ["tcaplay-bench"]),
    .library(name: "RxComposableArchitecture", targets: ["RxComposableArchitecture"]),
    // A shim with the few RxSwift names the Day 2 lesson uses, not RxSwift: see Sources/RxSwift.
    .library(name: "RxSwift", targets: ["RxSwift"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
    // Imported directly (legacy Combine effects, the playground's schedulers); before, they came
    // only through swift-dependencies. The versions are the ones the graph resolved to.
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    // For loaded apps' `import Tagged` (TypeShapes describes its values to scripts).
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
  ],
  targets: [
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "LegacyTestStoreInitializer",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "OpenCombineShim", package: "OpenCombine"),
        "StateDiff",
        // SwiftUI's value types, for TCA's API that takes them (`send(_:animation:)`).
        "SwiftUIStandIn",
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
        "ComposableArchitectureMacros",
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    // Stand-ins for Apple modules that loaded code imports (`-module-alias SwiftUI=SwiftUIStandIn`,
    // `os=OSStandIn`, `OSLog=OSLogStandIn`: see FeatureLoader's `compilerArguments`): their own
    // names, so that our dependencies' `canImport(SwiftUI)` checks don't flip in our build.
    .target(name: "SwiftUIStandIn", swiftSettings: [.swiftLanguageMode(.v6)]),
    .target(name: "OSStandIn", swiftSettings: [.swiftLanguageMode(.v6)]),
    .target(name: "OSLogStandIn", dependencies: ["OSStandIn"], swiftSettings: [.swiftLanguageMode(.v6)]),
    .macro(
      name: "ComposableArchitectureMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      // How the playground sees a type (`TypeShape`, `PlaygroundShaped`, the table
      // `PlaygroundTypes`), with the shapes of the runtime's, the standard library's and
      // Foundation's types. The code the shape generator writes (lessons, `:load`ed files) imports it.
      name: "TypeShapes",
      dependencies: [
        "ComposableArchitecture", "SwiftUIStandIn",
        // `Tagged` ids, which loaded apps use.
        .product(name: "Tagged", package: "swift-tagged"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      // The entry point through which a loaded feature library registers its reducers: imports
      // the runtime only, so that the registration code `:load` compiles stays cheap.
      name: "FeatureRegistration",
      dependencies: ["ComposableArchitecture"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      // The catalog: features, their presets and environments, values a script may name.
      name: "FeatureCatalog",
      dependencies: ["ComposableArchitecture", "FeatureRegistration", "TypeShapes"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      // Store hosting: playground stores, their clocks, and the records of their changes.
      name: "PlaygroundHost",
      dependencies: [
        "ComposableArchitecture", "FeatureCatalog", "StateDiff",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        .product(name: "OpenCombineShim", package: "OpenCombine"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      // The script language's syntax: lexer, parser, AST, diagnostics and whether an input is
      // complete. No dependencies: the front end uses it too.
      name: "TCAScriptSyntax",
      swiftSettings: [.swiftLanguageMode(.v6)] + fuzzInstrumentation
    ),
    .target(
      // What a typed statement means and does: the interpreter's value model, its semantics,
      // the values it builds, the stores it drives, and completion.
      name: "ScriptEvaluation",
      dependencies: [
        "ComposableArchitecture", "FeatureCatalog", "PlaygroundHost", "StateDiff", "TCAScriptSyntax", "TypeShapes",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)] + fuzzInstrumentation
    ),
    .target(
      // What happened in a session and going back to it: each store's steps and their causes,
      // time travel and branches, hot reload, test export, the transcript and the journal.
      name: "SessionHistory",
      dependencies: [
        "ComposableArchitecture", "FeatureCatalog", "PlaygroundHost", "ScriptEvaluation", "StateDiff", "TextFiles",
        "TCAScriptSyntax", "TypeShapes",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)] + fuzzInstrumentation
    ),
    .target(
      // The session façade: typed commands in, typed results out, over evaluation and history.
      name: "TCAScript",
      dependencies: [
        "ComposableArchitecture", "FeatureCatalog", "PlaygroundHost", "ScriptEvaluation", "SessionHistory", "TCAScriptSyntax",
      ],
      swiftSettings: [.swiftLanguageMode(.v6)] + fuzzInstrumentation
    ),
    .target(
      name: "FeatureLoader",
      dependencies: [
        "ComposableArchitecture", "FeatureCatalog", "FeatureRegistration", "KernelProtocol", "TextFiles", "ShapeGenerator", "CSourceKit",
        // Imported by the code `:load` generates (shapes, registration), which compiles against them.
        "TypeShapes",
        // What a file leaves out (views, previews): ViewCode.
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    // SourceKit's value type, for FeatureLoader's WarmCompiler (which opens the toolchain's
    // libsourcekitdInProc.so at runtime: nothing is linked).
    .systemLibrary(name: "CSourceKit"),
    .target(
      name: "ShapeGenerator",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "tcaplay-shapes",
      dependencies: ["ShapeGenerator"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .plugin(
      name: "ShapeGeneratorPlugin",
      capability: .buildTool(),
      dependencies: ["tcaplay-shapes"]
    ),
    .testTarget(
      name: "ShapeGeneratorTests",
      dependencies: ["TestSupport", "ShapeGenerator", "FeatureLoader", "ComposableArchitecture", "TypeShapes"],
      // The expected outputs, read by path (GoldenTests), not bundled.
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "FeatureLoaderTests",
      dependencies: [
        "TestSupport", "FeatureLoader", "FeatureCatalog", "TCAScript", "TCAScriptSyntax", "ComposableArchitecture",
        "TypeShapes",
      ],
      // Features loaded at runtime resolve the playground's symbols against the test runner.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    .target(
      name: "Day2",
      // The lesson's code imports RxComposableArchitecture (and, in its mocks, RxSwift). Lessons
      // depend on the runtime only; their catalogs live in Lessons. It stays in the Swift 5
      // language mode: the lesson's 0.x code as printed declares its reducers as global `let`s
      // of non-Sendable types, which Swift 6 rejects.
      dependencies: [
        "ComposableArchitecture", "RxComposableArchitecture", "RxSwift",
        .product(name: "Dependencies", package: "swift-dependencies"),
        // Imported by the shapes ShapeGeneratorPlugin generates into the module.
        "TypeShapes",
      ],
      plugins: ["ShapeGeneratorPlugin"]
    ),
    .testTarget(
      name: "Day2Tests",
      dependencies: [
        "Lessons",
        "TestSupport",
        "PlaygroundHost",
        "Day2",
        "ComposableArchitecture",
        "RxComposableArchitecture",
        "FeatureCatalog",
        "TCAScript",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "Notebooks",
      dependencies: ["TextFiles"],
      swiftSettings: [.swiftLanguageMode(.v6)] + fuzzInstrumentation
    ),
    .target(name: "TextFiles", swiftSettings: [.swiftLanguageMode(.v6)]),
    .testTarget(name: "TextFilesTests", dependencies: ["TestSupport", "TextFiles"]),
    .target(
      name: "OnlineStore",
      // TypeShapes: imported by the shapes ShapeGeneratorPlugin generates into the module.
      dependencies: ["ComposableArchitecture", "TypeShapes"],
      resources: [
        .copy("Resources/fakestore-products.json"),
        .copy("Resources/fakestore-user-1.json"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: ["ShapeGeneratorPlugin"]
    ),
    .testTarget(
      name: "OnlineStoreTests",
      dependencies: [
        "Lessons",
        "TestSupport",
        "PlaygroundHost",
        "OnlineStore",
        "ComposableArchitecture",
        "FeatureCatalog",
        "TCAScript",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "CounterStack",
      // TypeShapes: imported by the shapes ShapeGeneratorPlugin generates into the module.
      dependencies: ["ComposableArchitecture", "TypeShapes"],
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: ["ShapeGeneratorPlugin"]
    ),
    .testTarget(
      name: "CounterStackTests",
      dependencies: [
        "Lessons",
        "TestSupport",
        "CounterStack",
        "ComposableArchitecture",
        "FeatureCatalog",
        "TCAScript",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "NotebooksTests",
      dependencies: ["TestSupport", "Notebooks"]
    ),
    .target(
      // The lessons as the playground sees them: each lesson module's catalog (features, presets,
      // environments, text views), kept out of the lesson modules themselves.
      name: "Lessons",
      dependencies: [
        "ComposableArchitecture", "FeatureCatalog", "Day2", "OnlineStore", "CounterStack",
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    .target(
      // The kernel's wire protocol: requests and events, their framing, the channel, and the
      // styled text and consoles both ends write. No dependencies, no Foundation (only
      // FoundationEssentials): the front end, the kernel and the loader's work folder share it.
      name: "KernelProtocol",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      // The kernel's client: starting a kernel process, talking to it, its crash reports, the
      // REPL's command line, the input loop that feeds a session, and a terminal's line editor
      // as a kernel borrows it from the front end. Used by `tcaplay` and by `tcaplay-kernel`
      // (scripts, notebooks); no line editing of its own (that is `TCAPlayFrontEnd`'s).
      name: "KernelClient",
      dependencies: ["KernelProtocol", "TCAScriptSyntax", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      // The line-editing front end: readline and the history file, the signal relay, the REPL
      // the front end runs with its session in a kernel, and the terminal it lends a
      // `tcaplay-kernel` that runs a session itself. Imported by `tcaplay` alone. No interpreter,
      // runtime or Foundation (only FoundationEssentials), so that `tcaplay` starts in a few
      // milliseconds.
      name: "TCAPlayFrontEnd",
      dependencies: ["CReadline", "KernelClient", "KernelProtocol"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      name: "TCAPlayREPL",
      dependencies: [
        "KernelClient", "KernelProtocol", "ComposableArchitecture", "StateDiff", "TCAScript", "TCAScriptSyntax",
        "FeatureCatalog", "PlaygroundHost",
        "Notebooks",
        "FeatureLoader", "TextFiles", .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      // The front end `tcaplay`: the REPL, its session in a `tcaplay-kernel` process; everything
      // else is handed to `tcaplay-kernel`. Not a dependency: SwiftPM would link everything the
      // kernel depends on (Foundation, the interpreter) into the front end; KernelLocationPlugin
      // builds it instead.
      name: "tcaplay",
      dependencies: ["KernelClient", "KernelProtocol", "TCAPlayFrontEnd"],
      swiftSettings: [.swiftLanguageMode(.v6)],
      // Builds `tcaplay-kernel` (as a tool) before the front end and writes its path into it, so
      // that `swift run tcaplay` runs an up-to-date kernel without linking it.
      plugins: ["KernelLocationPlugin"]
    ),
    .plugin(
      name: "KernelLocationPlugin",
      capability: .buildTool(),
      dependencies: ["tcaplay-kernel"]
    ),
    .executableTarget(
      // Everything: the kernel sessions run in, and every subcommand.
      name: "tcaplay-kernel",
      dependencies: [
        "KernelClient", "KernelProtocol", "TCAPlayREPL", "Lessons", "FeatureLoader",
        // Linked so that files written for the lesson's fork (`import RxComposableArchitecture`,
        // `import RxSwift`) load with `:load`: their symbols resolve against the executable.
        "RxComposableArchitecture", "RxSwift",
        // Likewise the libraries apps import beside TCA (those TCA and TypeShapes don't bring
        // already: TypeShapes has Tagged), and the stand-ins of `import os` and `import OSLog`.
        .product(name: "XCTestDynamicOverlay", package: "xctest-dynamic-overlay"),
        "OSStandIn", "OSLogStandIn",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)],
      // Features loaded at run time (`:load File.swift`) resolve the runtime's symbols against
      // the executable, so that there is one copy of every TCA type.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    .testTarget(
      name: "tcaplayTests",
      dependencies: [
        "TestSupport", "tcaplay", "tcaplay-kernel", "KernelClient", "KernelProtocol", "TCAPlayREPL", "Lessons", "TCAScript", "TCAScriptSyntax",
        "FeatureCatalog", "PlaygroundHost", "ScriptEvaluation", "TypeShapes",
        "FeatureLoader", "Day2",
        "ComposableArchitecture", .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "TCAScriptTests",
      dependencies: [
        "TestSupport", "TCAScript", "ScriptEvaluation", "SessionHistory", "TCAScriptSyntax", "FeatureCatalog", "PlaygroundHost",
        "ComposableArchitecture", "TypeShapes", .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      plugins: ["ShapeGeneratorPlugin"]
    ),
    // The helpers every test target shares (clocks, expected issues, script transcripts,
    // feature-file folders): one copy here instead of one per target.
    // How the test process shares the machine: at most 16 tests at once, its main-queue threads
    // at a raised priority (load-time constructors).
    .target(name: "TestScheduling", path: "Tests/TestScheduling"),
    .target(
      name: "TestSupport",
      dependencies: [
        "TestScheduling",
        "FeatureCatalog",
        "FeatureLoader",
        "TCAScript",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ],
      path: "Tests/TestSupport"
    ),
    .target(name: "LegacyTestStoreInitializer", swiftSettings: [.swiftLanguageMode(.v6)]),
    .target(
      name: "StateDiff",
      dependencies: [
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      name: "BenchmarkHarness",
      path: "Sources/Benchmarks/BenchmarkHarness",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      // scripts/check-module-graph (run by .ci/run) on small packages of its own.
      name: "ModuleGraphTests",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "BenchmarkHarnessTests",
      dependencies: ["BenchmarkHarness"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "tcaplay-bench",
      dependencies: [
        "BenchmarkHarness",
        "ComposableArchitecture",
        "StateDiff",
        "TCAScript",
        "Lessons",
        "Day2",
        "FeatureLoader",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      path: "Sources/Benchmarks/tcaplay-bench",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "StateDiffTests",
      dependencies: [
        "TestSupport",
        "TestScheduling",
        "StateDiff",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureTests",
      dependencies: [
        "TestSupport",
        "ComposableArchitecture",
        "StateDiff",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "OpenCombineShim", package: "OpenCombine"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "RxSwift",
      dependencies: [
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "OpenCombineShim", package: "OpenCombine"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .target(
      name: "RxComposableArchitecture",
      dependencies: [
        "ComposableArchitecture",
        "RxSwift",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "OpenCombineShim", package: "OpenCombine"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "RxLessonTests",
      dependencies: [
        "RxComposableArchitecture",
        "RxSwift",
        "TestSupport",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableArchitectureMacrosTests",
      dependencies: [
        "TestSupport",
        "ComposableArchitectureMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]
    ),
    // Four apps written as plain TCA 1.x code (Library the way TCA 1.0 wrote it), which the
    // playground loads with `:load DIR` unchanged (see Tests/Fixtures/RealApps/README.md); each is a target of its own so that its
    // TestStore tests compile against the very same files.
    .target(
      name: "TodosApp",
      dependencies: ["ComposableArchitecture"],
      path: "Tests/Fixtures/RealApps/Todos"
    ),
    .target(
      name: "ContactsApp",
      dependencies: ["ComposableArchitecture"],
      path: "Tests/Fixtures/RealApps/Contacts"
    ),
    .target(
      name: "SearchApp",
      dependencies: ["ComposableArchitecture"],
      path: "Tests/Fixtures/RealApps/Search"
    ),
    .target(
      name: "LibraryApp",
      dependencies: ["ComposableArchitecture"],
      path: "Tests/Fixtures/RealApps/Library"
    ),
    .testTarget(
      name: "RealAppsTests",
      dependencies: [
        "TodosApp",
        "ContactsApp",
        "SearchApp",
        "LibraryApp",
        "ComposableArchitecture",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
  ],
  swiftLanguageModes: [.v5]
)
