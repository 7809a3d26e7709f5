/// Turns the compiler's errors about the generated registration code into messages about the
/// user's reducers: which requirement a reducer misses, and what to write to meet it.
extension RegistrationGlue {
  /// The features whose `State()` doesn't compile, where no initial state was given.
  func featuresWithoutInitialState(_ diagnostics: [CompilerOutput.Diagnostic]) -> [FeatureRequest] {
    var features: [FeatureRequest] = []
    for diagnostic in diagnostics {
      guard let (feature, requirement) = self.requirements[diagnostic.line], requirement == .initialState,
        feature.initialState == nil, !features.contains(feature)
      else { continue }
      features.append(feature)
    }
    return features
  }

  /// One message per problem, for errors in the glue file; the errors on lines that check no
  /// requirement (consequences of the others) are left out unless they are all there is.
  func problems(from diagnostics: [CompilerOutput.Diagnostic]) -> [String] {
    var messages: [String] = []
    func append(_ message: String) {
      if !messages.contains(message) { messages.append(message) }
    }
    for diagnostic in diagnostics where diagnostic.severity == "error" {
      guard let (feature, requirement) = self.requirements[diagnostic.line] else { continue }
      let type = feature.typeName
      switch requirement {
      case .stateEquatable where diagnostic.message.contains("conform to"):
        append(
          "\(feature.stateTypeName) is not Equatable: the playground compares a feature's states (for tests and "
            + "diffs); declare it as 'struct State: Equatable'."
        )
      case .reducer where diagnostic.message.contains("conform to"):
        append("'\(type)' is not a reducer: declare it as '@Reducer struct \(type)' or 'struct \(type): Reducer'.")
      case .initialState where feature.initialState == nil:
        append(FeatureLoader.noInitialStateMessage(feature, reason: diagnostic.message))
      case .initialState:
        append("The initial state '\(feature.initialState!)' for \(type) does not compile: \(diagnostic.message).")
      case .reducerInitializer:
        append(
          "'\(type)()' is not available (\(diagnostic.message)): the playground makes the reducer with "
            + "'\(type)()'; give its stored properties default values."
        )
      default:
        append("Registering \(type): \(diagnostic.message).")
      }
    }
    if messages.isEmpty {
      messages = diagnostics.filter { $0.severity == "error" }.map {
        "Registering the reducers failed: \($0.message) (generated code, line \($0.line)).\n\($0.text)"
      }
    }
    return messages
  }
}
