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
    // A reducer that can't be made without arguments says so first: its state's problems
    // (often the same missing arguments) come after.
    var leads: [String] = []
    func append(_ message: String, first: Bool = false) {
      guard !messages.contains(message), !leads.contains(message) else { return }
      if first { leads.append(message) } else { messages.append(message) }
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
          "\(type) needs arguments to be made: '\(type)()' is not available (\(diagnostic.message)); the playground "
            + "makes the reducer with '\(type)()': give its stored properties default values.",
          first: true
        )
      default:
        append("Registering \(type): \(diagnostic.message).")
      }
    }
    messages = leads + messages
    if messages.isEmpty {
      messages = diagnostics.filter { $0.severity == "error" }.map {
        "Registering the reducers failed: \($0.message) (generated code, line \($0.line)).\n\($0.text)"
      }
    }
    return messages
  }
}
