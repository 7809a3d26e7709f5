import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ComposableArchitectureMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ObservableStateMacro.self,
    ObservationStateIgnoredMacro.self,
    PresentsMacro.self,
    ReducerCaseEphemeralMacro.self,
    ReducerCaseIgnoredMacro.self,
    ReducerMacro.self,
    ViewActionMacro.self,
  ]
}
