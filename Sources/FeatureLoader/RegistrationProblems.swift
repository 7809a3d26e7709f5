/// Turns the compiler's errors about the generated registration code into messages about the
/// user's reducers: which requirement a reducer misses, and what to write to meet it.
extension RegistrationGlue {
  /// One message per problem, for errors in the glue file; the errors on lines that check no
  /// requirement (consequences of the others) are left out unless they are all there is.
  func problems(from diagnostics: [CompilerOutput.Diagnostic]) -> [String] {
    var messages: [String] = []
    var missing: [String: [String]] = [:]  // "Counter.State" → ["Equatable", "Codable"]
    var missingOrder: [(type: String, isState: Bool)] = []
    func append(_ message: String) {
      if !messages.contains(message) { messages.append(message) }
    }
    for diagnostic in diagnostics where diagnostic.severity == "error" {
      guard let (feature, requirement) = self.requirements[diagnostic.line] else { continue }
      let type = feature.typeName
      let conformance: (type: String, isState: Bool, protocol: String)? =
        switch requirement {
        case .stateEquatable: ("\(type).State", true, "Equatable")
        case .stateCodable: ("\(type).State", true, "Codable")
        case .actionEquatable: ("\(type).Action", false, "Equatable")
        case .actionCodable: ("\(type).Action", false, "Codable")
        default: nil
        }
      if let conformance, diagnostic.message.contains("conform to") {
        if missing[conformance.type] == nil { missingOrder.append((conformance.type, conformance.isState)) }
        if !(missing[conformance.type] ?? []).contains(conformance.protocol) {
          missing[conformance.type, default: []].append(conformance.protocol)
        }
        continue
      }
      switch requirement {
      case .reducer where diagnostic.message.contains("conform to"):
        append("'\(type)' is not a reducer: declare it as '@Reducer struct \(type)' or 'struct \(type): Reducer'.")
      case .initialState where feature.initialState == nil:
        append(
          "'\(type).State()' is not available (\(diagnostic.message)): give the initial state when loading, "
            + "':load FILE as \(type) with \(type).State(…)', or give every stored property of \(type).State a default value."
        )
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
    for (type, isState) in missingOrder {
      let protocols = missing[type]!
      let declaration = isState ? "struct State: Equatable, Codable" : "enum Action: Equatable, Codable"
      let parts = isState ? "stored property" : "associated value"
      messages.append(
        "\(type) is not \(protocols.joined(separator: " or ")): the playground needs a feature's State and "
          + "Action to be Equatable & Codable (it builds, compares and prints them through these). "
          + "Add the conformances where it is declared: '\(declaration)'; every \(parts) must be Codable too."
      )
    }
    if messages.isEmpty {
      messages = diagnostics.filter { $0.severity == "error" }.map {
        "Registering the reducers failed: \($0.message) (generated code, line \($0.line)).\n\($0.text)"
      }
    }
    return messages
  }
}
