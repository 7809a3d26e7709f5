@testable import FeatureLoader
import Foundation
import Testing

/// The registration file the loader compiles with every build: what it asks of the compiler.
struct RegistrationGlueTests {
  /// It imports the runtime alone: the playground's own modules (the catalog, the store host)
  /// would be loaded, type-checked and lowered on every `:reload`.
  @Test func importsTheRuntimeAndTheRegistrarAlone() {
    let legacy = LegacyReducer(
      name: "promoListReducer", state: "PromoListState", action: "PromoListAction", environment: "PromoListEnvironment",
      environments: ["mock"]
    )
    var withoutState = FeatureRequest("Detail")
    withoutState.isWithoutInitialState = true
    let glue = RegistrationGlue(
      moduleName: "UserFeature_3",
      features: [FeatureRequest("Counter"), withoutState, FeatureRequest(legacy: legacy)],
      tableFunctions: ["__tcaplaygroundDescribeTypes0", "__tcaplaygroundDescribeTypes2"]
    )
    let imports = glue.source.split(separator: "\n").filter { $0.contains("import ") }
    #expect(imports == ["import ComposableArchitecture", "import FeatureRegistration"])
    #expect(glue.source.contains("@_cdecl(\"tcaplayground_register_UserFeature_3\")"))
    #expect(glue.entryPoint == "tcaplayground_register_UserFeature_3")
  }

  /// The entry point describes the module's types to the runtime before it registers a reducer:
  /// the catalog reads the reducers' types through their descriptions.
  @Test func registersTheTablesOfTypesFirst() throws {
    let glue = RegistrationGlue(
      moduleName: "UserFeature_2", features: [FeatureRequest("Counter")],
      tableFunctions: ["__tcaplaygroundDescribeTypes0", "__tcaplaygroundDescribeTypes2"]
    )
    let lines = glue.source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let entry = try #require(lines.firstIndex { $0.hasPrefix("public func __tcaplaygroundRegister(") })
    #expect(
      Array(lines[(entry + 1)...].prefix(3)) == [
        "__tcaplaygroundDescribeTypes0()",
        "__tcaplaygroundDescribeTypes2()",
        "let registrar = PlaygroundRegistration.registrar(at: pointer)",
      ]
    )
  }

  /// Each requirement a reducer must meet is checked on a line of its own, so that an error there
  /// names the requirement.
  @Test func checksEachRequirementOnALineOfItsOwn() throws {
    let glue = RegistrationGlue(
      moduleName: "UserFeature_1", features: [FeatureRequest("Counter", initialState: "Counter.State(\n  count: 2\n)")],
      tableFunctions: ["__tcaplaygroundDescribeTypes0"]
    )
    let lines = glue.source.split(separator: "\n", omittingEmptySubsequences: false)
    func line(_ requirement: RegistrationGlue.Requirement) throws -> String {
      let entry = try #require(glue.requirements.first { $0.value.requirement == requirement })
      return lines[entry.key - 1].trimmingCharacters(in: .whitespaces)
    }
    #expect(try line(.reducer) == "__tcaplaygroundRequireReducer(Counter.self)")
    #expect(try line(.stateEquatable) == "__tcaplaygroundRequireEquatable(Counter.State.self)")
    #expect(try line(.initialState) == "Counter.State( count: 2 )")
    #expect(try line(.reducerInitializer) == "Counter()")
  }
}
