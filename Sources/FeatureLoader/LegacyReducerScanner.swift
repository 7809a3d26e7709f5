/// Finds the 0.x-style reducers of Swift source text: top-level constants of type
/// `Reducer<State, Action, Environment>` (the name TCA 0.x and the RxComposableArchitecture fork
/// use) or `AnyReducer<State, Action, Environment>`, and the named environments their
/// environment type offers.
///
/// ```swift
/// let promoListReducer = Reducer<PromoListState, PromoListAction, PromoListEnvironment> { state, action, env in … }
/// let pullbackReducer: Reducer<DemoPullbackState, DemoPullbackAction, DemoPullbackEnvironment> = …
///
/// extension PromoListEnvironment {
///   static let mock = PromoListEnvironment(getPromoList: { … })   // the environment "mock"
///   static var failing: Self { … }                                  // the environment "failing"
/// }
/// ```
///
/// Like ``ReducerScanner``, it is a light scan of tokens, not a parse: a constant whose type is
/// only inferred (`let r = Reducer.combine(…)`), and a private one, which the registration can't
/// reach, are not found. An environment is a static `let` or `var` of the environment type,
/// declared in it or in an extension, whose type is written `Self` or the type's name, or which
/// is initialized with `Self(…)`/`TypeName(…)`.
enum LegacyReducerScanner {
  /// The legacy reducers of `source`, in order, each with the environments found in `source`.
  /// Pass the environments of every file of a request with ``environments(in:)`` to see the
  /// ones declared in other files.
  static func reducers(in source: String) -> [LegacyReducer] {
    let tokens = ReducerScanner.tokens(of: source)
    var reducers: [LegacyReducer] = []
    var depth = 0
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if token == "{" {
        depth += 1
      } else if token == "}" {
        depth = max(0, depth - 1)
      } else if depth == 0, token == "let", index + 2 < tokens.count, ReducerScanner.isIdentifier(tokens[index + 1]),
        !Self.isPrivate(tokens, before: index)
      {
        let name = tokens[index + 1]
        var cursor = index + 2
        // `let name: Reducer<…> = …` or `let name = Reducer<…> …`
        if tokens[cursor] == ":" || tokens[cursor] == "=" {
          cursor += 1
          if cursor + 1 < tokens.count, ["Reducer", "AnyReducer"].contains(tokens[cursor]), tokens[cursor + 1] == "<",
            let (arguments, end) = Self.genericArguments(tokens, from: cursor + 1), arguments.count == 3
          {
            reducers.append(
              LegacyReducer(name: name, state: arguments[0], action: arguments[1], environment: arguments[2])
            )
            index = end
            continue
          }
        }
      }
      index += 1
    }
    return reducers
  }

  /// The named environments `source` declares: static constants or variables, by the type they
  /// are declared in (its name as written, without the types it is nested in).
  static func environments(in source: String) -> [String: [String]] {
    let tokens = ReducerScanner.tokens(of: source)
    var found: [String: [String]] = [:]
    var scopes: [String?] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      switch token {
      case "struct", "enum", "class", "extension":
        guard index + 1 < tokens.count, ReducerScanner.isIdentifier(tokens[index + 1]) else { break }
        if token == "class", ["func", "var", "let", "subscript", "override", "final"].contains(tokens[index + 1]) { break }
        var name = tokens[index + 1]
        var cursor = index + 2
        while cursor + 1 < tokens.count, tokens[cursor] == ".", ReducerScanner.isIdentifier(tokens[cursor + 1]) {
          name = tokens[cursor + 1]
          cursor += 2
        }
        while cursor < tokens.count, tokens[cursor] != "{", tokens[cursor] != "}" { cursor += 1 }
        guard cursor < tokens.count, tokens[cursor] == "{" else { break }
        scopes.append(name)
        index = cursor + 1
        continue
      case "{", "}":
        ReducerScanner.followBrace(token, scopes: &scopes)
      case "static":
        guard let type = scopes.last ?? nil, index + 3 < tokens.count, ["let", "var"].contains(tokens[index + 1]),
          ReducerScanner.isIdentifier(tokens[index + 2]), !Self.isPrivate(tokens, before: index)
        else { break }
        let name = tokens[index + 2]
        let next = tokens[index + 3]
        let typeNames = ["Self", type]
        let isEnvironment =
          (next == ":" && typeNames.contains(tokens[index + 4 < tokens.count ? index + 4 : index + 3])
            && (index + 5 >= tokens.count || tokens[index + 5] != "."))
          || (next == "=" && index + 5 < tokens.count && typeNames.contains(tokens[index + 4])
            && ["(", "."].contains(tokens[index + 5]))
        if isEnvironment, !(found[type]?.contains(name) ?? false) {
          found[type, default: []].append(name)
        }
      default:
        break
      }
      index += 1
    }
    return found
  }

  /// Whether the declaration whose keyword is at `index` is `private` or `fileprivate`.
  private static func isPrivate(_ tokens: [String], before index: Int) -> Bool {
    var cursor = index - 1
    while cursor >= 0 {
      let token = tokens[cursor]
      if token == "private" || token == "fileprivate" { return true }
      guard ["public", "internal", "package", "static", "nonisolated", "final"].contains(token) else { return false }
      cursor -= 1
    }
    return false
  }

  /// The generic arguments starting at the `<` at `start`, as source text (`Result<[Int], Error>`),
  /// and the index just past the closing `>`.
  private static func genericArguments(_ tokens: [String], from start: Int) -> ([String], Int)? {
    var arguments: [String] = []
    var current = ""
    var depth = 0
    var index = start
    while index < tokens.count {
      let token = tokens[index]
      switch token {
      case "<", "(", "[":
        depth += 1
        if depth > 1 { current += token }
      case ">", ")", "]":
        depth -= 1
        if depth == 0 {
          arguments.append(current)
          return (arguments, index + 1)
        }
        current += token
      case ",":
        if depth == 1 {
          arguments.append(current)
          current = ""
        } else {
          current += ", "
        }
      case "{", "}", "=":
        return nil
      default:
        // Identifiers next to each other (`any Error`, `some P`) keep their space.
        if let last = current.last, last.isLetter || last.isNumber || last == "_",
          let first = token.first, first.isLetter || first == "_"
        {
          current += " "
        }
        current += token
      }
      index += 1
    }
    return nil
  }
}

/// A 0.x-style reducer constant: `let name = Reducer<State, Action, Environment> …`, with the
/// named environments its environment type offers (`.mock`, `.failing`).
public struct LegacyReducer: Hashable, Sendable {
  /// The constant's name: the feature's name and the reducer name scripts use.
  public var name: String
  public var state: String
  public var action: String
  public var environment: String
  /// The environment type's static constants and variables of its own type, in order.
  public var environments: [String] = []

  /// Whether the reducer takes no environment (`Void` or `()`).
  var hasNoEnvironment: Bool { ["Void", "()", "Swift.Void"].contains(self.environment) }

  public init(name: String, state: String, action: String, environment: String, environments: [String] = []) {
    self.name = name
    self.state = state
    self.action = action
    self.environment = environment
    self.environments = environments
  }
}
