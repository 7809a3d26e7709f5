import Foundation

/// Type names as `:info` and `:type` print them: without module prefixes (nested types keep
/// their parents: `Counter.State`), with Swift's sugar for optionals, arrays and dictionaries.
///
/// ```swift
/// TypeNames.short(Optional<Day2.PromoState>.self)        // "PromoState?"
/// TypeNames.short([String: CounterFeature.State].self)   // "[String: CounterFeature.State]"
/// ```
public enum TypeNames {
  /// The short name of a type.
  public static func short(_ type: Any.Type) -> String {
    short(qualified(type))
  }

  /// The type's name with its module (the standard library's `_typeName`, which
  /// `ComposableArchitecture` shadows with a short one): `Swift.Optional<Day2.PromoState>`.
  static func qualified(_ type: Any.Type) -> String {
    Swift._typeName(type, qualified: true)
  }

  /// The short form of a qualified type name (as `_typeName` writes it).
  public static func short(_ qualifiedName: String) -> String {
    if ["->", "any ", "some ", "=="].contains(where: qualifiedName.contains) {
      // A function or existential type: drop each dotted path's module, keep the rest as written.
      return qualifiedName.replacingOccurrences(of: #"(?<![\w.])\w+\.(?=\w)"#, with: "", options: .regularExpression)
    }
    var parser = NameParser(Array(qualifiedName))
    return parser.parseList(until: nil).map(\.rendered).joined(separator: ", ")
  }

  /// The generic arguments of a qualified type name, qualified: `AnyCasePath<A, B>` → `[A, B]`.
  static func genericArguments(of qualifiedName: String) -> [String] {
    var parser = NameParser(Array(qualifiedName))
    guard let node = parser.parseList(until: nil).first else { return [] }
    return node.arguments.map(\.qualified)
  }

  /// The qualified name without its generic arguments:
  /// `ReducerBuilder<S, A>._Sequence<R0, R1>` → `ReducerBuilder._Sequence`.
  static func base(of qualifiedName: String) -> String {
    var depth = 0
    var result = ""
    for character in qualifiedName {
      if character == "<" { depth += 1 } else if character == ">" { depth -= 1 } else if depth == 0 { result.append(character) }
    }
    return result
  }
}

/// A parsed type name: a (possibly dotted) name with generic arguments, or a tuple.
private struct NameNode {
  var name: String
  var arguments: [NameNode] = []
  var isTuple = false
  var label: String?

  var qualified: String {
    (label.map { $0 + ": " } ?? "") + unlabelledQualified
  }

  var rendered: String {
    (label.map { $0 + ": " } ?? "") + unlabelledRendered
  }

  private var unlabelledQualified: String {
    if isTuple { return "(" + arguments.map(\.qualified).joined(separator: ", ") + ")" }
    return name + (arguments.isEmpty ? "" : "<" + arguments.map(\.qualified).joined(separator: ", ") + ">")
  }

  private var unlabelledRendered: String {
    if isTuple { return "(" + arguments.map(\.rendered).joined(separator: ", ") + ")" }
    // Every dotted path in a qualified name starts with its module.
    var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if parts.count > 1 { parts.removeFirst() }
    let plain = parts.joined(separator: ".")
    switch (name, arguments.count) {
    case ("Swift.Optional", 1): return arguments[0].rendered + "?"
    case ("Swift.Array", 1): return "[" + arguments[0].rendered + "]"
    case ("Swift.Dictionary", 2): return "[" + arguments[0].rendered + ": " + arguments[1].rendered + "]"
    default: return plain + (arguments.isEmpty ? "" : "<" + arguments.map(\.rendered).joined(separator: ", ") + ">")
    }
  }
}

/// A small recursive-descent reader of `_typeName` output.
private struct NameParser {
  let characters: [Character]
  var index = 0

  init(_ characters: [Character]) { self.characters = characters }

  mutating func parseList(until closing: Character?) -> [NameNode] {
    var nodes: [NameNode] = []
    while index < characters.count {
      if let closing, characters[index] == closing {
        index += 1
        return nodes
      }
      if characters[index] == "," || characters[index] == " " {
        index += 1
        continue
      }
      nodes.append(parseNode())
    }
    return nodes
  }

  mutating func parseNode() -> NameNode {
    if characters[index] == "(" {
      index += 1
      return NameNode(name: "", arguments: parseList(until: ")"), isTuple: true)
    }
    var name = ""
    while index < characters.count, !"<>(), ".contains(characters[index]) {
      name.append(characters[index])
      index += 1
    }
    if name.hasSuffix(":") {  // a tuple element's label
      while index < characters.count, characters[index] == " " { index += 1 }
      guard index < characters.count else { return NameNode(name: name) }
      var labelled = parseNode()
      labelled.label = String(name.dropLast())
      return labelled
    }
    var node = NameNode(name: name)
    if index < characters.count, characters[index] == "<" {
      index += 1
      node.arguments = parseList(until: ">")
    }
    // A member of a generic type: `ReducerBuilder<S, A>._Sequence<…>`.
    if index < characters.count, characters[index] == "." {
      index += 1
      var member = parseNode()
      member.name = node.qualified + "." + member.name
      return member
    }
    if name.isEmpty, index < characters.count { index += 1 }  // skip an unexpected character
    return node
  }
}
