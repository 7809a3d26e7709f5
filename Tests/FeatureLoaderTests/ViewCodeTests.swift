import Foundation
import Testing
import TestSupport
@testable import FeatureLoader

/// What the loader leaves out of files written for iOS (``ViewCode``, ``SourcePreparation``),
/// without compiling them.
@Suite struct ViewCodeTests {
  static let feature = """
    import ComposableArchitecture
    import SwiftUI

    @Reducer
    struct Todos {
      @ObservableState
      struct State: Equatable { var items: [String] = [] }
      enum Action: ViewAction {
        case view(View)
        enum View { case addTapped }
      }
      func handle(_ action: Action.View, state: inout State) {}
      var body: some ReducerOf<Self> { EmptyReducer() }
    }

    struct TodosView: View {
      @Bindable var store: StoreOf<Todos>
      var body: some View { Text("\\(store.items.count)") }
    }

    extension Todos {
      static func makeView(_ store: StoreOf<Todos>) -> TodosView { TodosView(store: store) }
      var title: String { "Todos" }
    }

    #Preview {
      TodosView(store: Store(initialState: Todos.State()) { Todos() })
    }
    """

  @Test func viewsPreviewsAndViewMembersAreBlankedKeepingLinesAndColumns() throws {
    let code = ViewCode(files: [("Todos.swift", Self.feature)])
    let stripped = try #require(code.strip("Todos.swift"))
    #expect(stripped.removed == ViewCode.Removed(views: 1, extensions: 0, members: 1, previews: 1))
    #expect(stripped.removed.description == "a view, a view member and a preview")
    #expect(stripped.text.utf8.count == Self.feature.utf8.count)
    let lines = stripped.text.split(separator: "\n", omittingEmptySubsequences: false)
    let original = Self.feature.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == original.count)
    // The reducer, its nested `enum View` and the member taking `Action.View` stay as written.
    for kept in ["@Reducer", "  enum Action: ViewAction {", "    enum View { case addTapped }",
      "  func handle(_ action: Action.View, state: inout State) {}", "  var title: String { \"Todos\" }"]
    {
      #expect(lines.contains(Substring(kept)), "\(kept)")
    }
    #expect(!stripped.text.contains("TodosView"))
    #expect(!stripped.text.contains("#Preview"))
    #expect(!stripped.text.contains("@Bindable"))
  }

  @Test func aConformanceInAnotherFileMakesAViewOfTheType() throws {
    let row = "import SwiftUI\nstruct Row { let title: String }\n"
    let conformance = "import SwiftUI\nextension Row: View {\n  var body: some View { Text(title) }\n}\n"
    let code = ViewCode(files: [("Row.swift", row), ("Row+View.swift", conformance)])
    #expect(code.viewTypes == ["Row"])
    #expect(try #require(code.strip("Row.swift")).text.trimmingCharacters(in: .whitespacesAndNewlines) == "import SwiftUI")
    #expect(try #require(code.strip("Row+View.swift")).removed.description == "a view extension")
  }

  @Test func uiKitSubclassesAndTheirSubclassesAreViews() throws {
    let source = """
      import UIKit
      class BaseController: UIViewController {}
      final class ListController: BaseController {}
      struct Model { var name = "" }
      """
    let code = ViewCode(files: [("C.swift", source)])
    #expect(code.viewTypes == ["BaseController", "ListController"])
    let stripped = try #require(code.strip("C.swift"))
    #expect(stripped.removed.views == 2)
    #expect(stripped.uiKitNames.isEmpty)
    let outside = try #require(ViewCode(files: [("D.swift", "import UIKit\nfunc open() { UIApplication.shared.open(url) }\n")]).strip("D.swift"))
    #expect(outside.uiKitNames == ["UIApplication"])
  }

  @Test func importsAreReadWithTheirModulesAndLines() {
    let imports = SourceImports("@preconcurrency import Combine\nimport struct SwiftUI.Color\n// import Speech\nlet important = 1\nimport UIKit\n")
    #expect(imports.modules == ["Combine", "SwiftUI", "UIKit"])
    #expect(imports.importsUserInterface)
    let available = AvailableModules(names: ["Combine", "SwiftUI"])
    #expect(imports.firstUnavailable(in: available) == nil)
    #expect(SourceImports("import AVFoundation\n").firstUnavailable(in: available) == "AVFoundation")
    let source = "import UIKit\nlet x = 1\n"
    #expect(SourceImports(source).blankingViewOnlyImports(in: source) == "            \nlet x = 1\n")
  }

  @Test func aLeftOutLiveValueIsTheInterfacesPreviewValue() throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let interface = try folder.write(
      "Client.swift",
      "import Dependencies\nstruct Client { var load: @Sendable () -> Int }\nextension Client: TestDependencyKey {\n  static let previewValue = Self { 1 }\n  static let testValue = Self { 0 }\n}\n"
    )
    let live = try folder.write(
      "Live.swift", "import Speech\nimport Dependencies\nextension Client: DependencyKey {\n  static let liveValue = Self { 2 }\n}\n"
    )
    let prepared = try SourcePreparation(files: [interface, live], modules: AvailableModules(names: ["Dependencies"]))
    #expect(prepared.files == [interface])
    #expect(prepared.notes == [
      "Left out \(live): it uses Speech, which isn't on Linux.",
      "Client answers with its preview value (its live value is in \(live)).",
    ])
    #expect(try #require(prepared.texts[interface]).hasSuffix(
      "\nextension Client: DependencyKey { public static var liveValue: Self.Value { Self.previewValue } }\n"
    ))
  }

  @Test func anInterfaceInALeftOutFileIsRefusedNamingTheType() throws {
    let folder = try FeatureFolder()
    defer { folder.remove() }
    let client = try folder.write("Speech.swift", "import Speech\nstruct SpeechClient { var status: () -> SFSpeechRecognizerAuthorizationStatus }\n")
    let feature = try folder.write("Feature.swift", "import ComposableArchitecture\nstruct Feature { let client: SpeechClient }\n")
    #expect(throws: LoadError.self) { try SourcePreparation(files: [client, feature], modules: AvailableModules(names: ["ComposableArchitecture"])) }
    do {
      _ = try SourcePreparation(files: [client, feature], modules: AvailableModules(names: ["ComposableArchitecture"]))
    } catch {
      #expect(error.description.hasPrefix("SpeechClient can't be left out: \(feature) uses it, and \(client), which declares it, uses Speech"))
    }
  }
}
