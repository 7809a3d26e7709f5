/// Finds the type declarations of Swift source text, and which of them are reducers, without
/// parsing Swift: a lightweight scan that skips comments and string literals and follows braces.
///
/// A declaration is a reducer when it is marked `@Reducer` or lists `Reducer` among its
/// conformances:
///
/// ```swift
/// @Reducer struct Counter { … }                    // a reducer
/// struct Timer: Reducer { … }                      // a reducer
/// struct Parent { @Reducer struct Child { … } }    // "Parent.Child", nested
/// @Reducer enum Destination { … }                  // an enum reducer (not registered by default)
/// ```
///
/// Only what the scan can see counts: a conformance added in an extension, or through a
/// typealias, is not found; name such a reducer explicitly when loading.
struct ReducerScanner {
  /// A type declaration found in the source.
  struct Declaration: Equatable {
    enum Kind: String { case `struct`, `enum`, `class`, `actor` }
    var kind: Kind
    /// The name qualified by the types it is nested in: `Parent.Child`.
    var qualifiedName: String
    var isReducer: Bool
    var isGeneric: Bool
    /// Declared `private` or `fileprivate`: not a name the user can give.
    var isPrivate = false
    /// Whether it is declared at the top level of a file.
    var isTopLevel: Bool { !self.qualifiedName.contains(".") }
  }

  /// Every type declaration in `source`, in order.
  static func declarations(in source: String) -> [Declaration] {
    let tokens = Self.tokens(of: source)
    var declarations: [Declaration] = []
    // The names of the open braces' owners: a type or extension name, or nil for other braces.
    var scopes: [String?] = []
    var attributes: [String] = []
    var reducerExtensions: [String] = []
    // `private`/`fileprivate` among the modifiers before the current token.
    var isPrivate = false
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      switch token {
      case "@":
        if index + 1 < tokens.count {
          attributes.append(tokens[index + 1])
          index += 2
          // Skip an attribute's arguments: `@available(macOS 14, *)`.
          if index < tokens.count, tokens[index] == "(" { index = Self.skipParentheses(tokens, from: index) }
          continue
        }
      case "struct", "enum", "class", "actor", "extension":
        // `class func`/`class var` declare members, not types.
        if token == "class", index + 1 < tokens.count, ["func", "var", "let", "subscript", "override", "final"].contains(tokens[index + 1]) {
          break
        }
        guard index + 1 < tokens.count, Self.isIdentifier(tokens[index + 1]) else { break }
        var name = tokens[index + 1]
        var cursor = index + 2
        if token == "extension" {
          // `extension Parent.Child`
          while cursor + 1 < tokens.count, tokens[cursor] == ".", Self.isIdentifier(tokens[cursor + 1]) {
            name += "." + tokens[cursor + 1]
            cursor += 2
          }
        }
        var isGeneric = false
        var conformances: [String] = []
        var inConformances = false
        while cursor < tokens.count, tokens[cursor] != "{", tokens[cursor] != "}" {
          let part = tokens[cursor]
          if part == "<", !inConformances { isGeneric = true }
          if part == ":" { inConformances = true }
          if part == "where" { inConformances = false }
          if inConformances, Self.isIdentifier(part) { conformances.append(part) }
          cursor += 1
        }
        guard cursor < tokens.count, tokens[cursor] == "{" else { break }
        let enclosing = scopes.compactMap { $0 }.joined(separator: ".")
        let isInsideFunction = scopes.contains { $0 == nil }
        let qualifiedName = token == "extension" || enclosing.isEmpty ? name : enclosing + "." + name
        if token == "extension", conformances.contains("Reducer") {
          reducerExtensions.append(qualifiedName)
        }
        if token != "extension", !isInsideFunction, let kind = Declaration.Kind(rawValue: token) {
          declarations.append(
            Declaration(
              kind: kind,
              qualifiedName: qualifiedName,
              isReducer: attributes.contains("Reducer") || conformances.contains("Reducer"),
              isGeneric: isGeneric,
              isPrivate: isPrivate
            )
          )
        }
        scopes.append(isInsideFunction ? nil : qualifiedName)
        attributes = []
        isPrivate = false
        index = cursor + 1
        continue
      case "{", "}":
        Self.followBrace(token, scopes: &scopes)
      default:
        break
      }
      if !Self.isModifier(token) {
        attributes = []
        isPrivate = false
      } else if token == "private" || token == "fileprivate" {
        isPrivate = true
      }
      index += 1
    }
    // `extension Counter: Reducer {}` makes Counter a reducer.
    for name in reducerExtensions {
      for index in declarations.indices where declarations[index].qualifiedName == name {
        declarations[index].isReducer = true
      }
    }
    return declarations
  }

  private static func skipParentheses(_ tokens: [String], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index < tokens.count {
      if tokens[index] == "(" { depth += 1 }
      if tokens[index] == ")" {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return index
  }

  /// Follows a brace of a scope that declares no type: `{` opens one (`nil`), `}` closes the
  /// innermost scope.
  static func followBrace(_ brace: String, scopes: inout [String?]) {
    if brace == "{" {
      scopes.append(nil)
    } else if !scopes.isEmpty {
      scopes.removeLast()
    }
  }

  private static func isModifier(_ token: String) -> Bool {
    ["public", "private", "fileprivate", "internal", "package", "open", "final", "indirect", "nonisolated"]
      .contains(token)
  }

  static func isIdentifier(_ token: String) -> Bool {
    guard let first = token.unicodeScalars.first else { return false }
    return first == "_" || first.properties.isAlphabetic || token.hasPrefix("`")
  }

  /// The source as identifiers, numbers and single punctuation characters, without comments,
  /// string literals and whitespace.
  static func tokens(of source: String) -> [String] {
    let scalars = Array(source.unicodeScalars)
    var tokens: [String] = []
    var index = 0
    func peek(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "/", peek(1) == "/" {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
      } else if scalar == "/", peek(1) == "*" {
        var depth = 0
        repeat {
          if scalars[index] == "/", peek(1) == "*" {
            depth += 1
            index += 2
          } else if scalars[index] == "*", peek(1) == "/" {
            depth -= 1
            index += 2
          } else {
            index += 1
          }
        } while depth > 0 && index < scalars.count
      } else if scalar == "#" || scalar == "\"" {
        // Not a literal: a `#if` or `#selector`, whose name is tokenized next.
        index = Self.skipStringLiteral(scalars, from: index) ?? (index + 1)
      } else if scalar == "`" {
        var end = index + 1
        while end < scalars.count, scalars[end] != "`", scalars[end] != "\n" { end += 1 }
        tokens.append(String(String.UnicodeScalarView(scalars[(index + 1)..<min(end, scalars.count)])))
        index = end + 1
      } else if scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        var end = index
        while end < scalars.count,
          scalars[end] == "_" || scalars[end].properties.isAlphabetic || scalars[end].properties.numericType != nil
        {
          end += 1
        }
        tokens.append(String(String.UnicodeScalarView(scalars[index..<end])))
        index = end
      } else if scalar.properties.isWhitespace {
        index += 1
      } else {
        tokens.append(String(scalar))
        index += 1
      }
    }
    return tokens
  }

  /// The index just past a string literal starting at `start` (`"…"`, `"""…"""`, `#"…"#`), or
  /// `nil` when `start` does not begin one (a `#if`, say).
  private static func skipStringLiteral(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start
    var hashes = 0
    while index < scalars.count, scalars[index] == "#" {
      hashes += 1
      index += 1
    }
    guard index < scalars.count, scalars[index] == "\"" else { return nil }
    let isMultiline = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
    let quoteCount = isMultiline ? 3 : 1
    index += quoteCount
    var interpolationDepth = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" {
        // An escape, or an interpolation `\(…)` (with as many `#` as the literal).
        var cursor = index + 1
        var escapeHashes = 0
        while cursor < scalars.count, scalars[cursor] == "#", escapeHashes < hashes {
          escapeHashes += 1
          cursor += 1
        }
        if escapeHashes == hashes, cursor < scalars.count, scalars[cursor] == "(" {
          interpolationDepth += 1
          index = cursor + 1
          continue
        }
        index = cursor + 1
        continue
      }
      if interpolationDepth > 0 {
        if scalar == "(" { interpolationDepth += 1 }
        if scalar == ")" { interpolationDepth -= 1 }
        index += 1
        continue
      }
      if scalar == "\n", !isMultiline { return index }
      if scalar == "\"" {
        var quotes = 0
        while index + quotes < scalars.count, scalars[index + quotes] == "\"", quotes < quoteCount { quotes += 1 }
        if quotes == quoteCount {
          var cursor = index + quotes
          var closingHashes = 0
          while cursor < scalars.count, scalars[cursor] == "#", closingHashes < hashes {
            closingHashes += 1
            cursor += 1
          }
          if closingHashes == hashes { return cursor }
        }
      }
      index += 1
    }
    return index
  }
}
