import ComposableArchitecture

/// Renders values as Swift source that both Swift and the playground accept: memberwise
/// initializers, enum cases, array and dictionary literals. Used to export sessions as scripts
/// and as Swift Testing tests.
enum SwiftSource {
  /// Source for `value` of `type`. `implicit` writes enum cases as `.case` (where the type is
  /// known from context) rather than `Type.case`.
  static package func render(_ value: DataValue, as type: Any.Type, implicit: Bool = true, indent: Int = 0) -> String {
    if let optional = type as? any _OptionalType.Type {
      if value == .null { return "nil" }
      return render(value, as: optional.wrappedType, implicit: implicit, indent: indent)
    }
    switch (TypeSchema.of(type), value) {
    case (_, .null): return "nil"
    case let (_, .bool(b)): return "\(b)"
    case let (_, .int(i)): return "\(i)"
    case let (_, .double(d)): return d.rounded() == d && abs(d) < 1e15 ? String(format: "%.1f", d) : "\(d)"
    case let (_, .string(s)): return quoted(s)
    case let (_, .opaque(box)): return "/* \(_typeName(Swift.type(of: box.value))) can't be written as source */"
    case let (.sequence(element), .array(elements)):
      guard !elements.isEmpty else { return "[]" }
      let elementType = element ?? Any.self
      let items = elements.map { render($0, as: elementType, implicit: true, indent: indent + 2) }
      return multiline(open: "[", close: "]", items, indent: indent)
    case let (.struct(fields), .object(object)):
      let arguments = fields.compactMap { field -> String? in
        guard let fieldValue = object[field.name] else { return nil }
        return "\(field.scriptName): " + render(fieldValue, as: field.type, implicit: true, indent: indent + 2)
      }
      let name = _typeName(type)
      return arguments.isEmpty ? "\(name)()" : multiline(open: "\(name)(", close: ")", arguments, indent: indent)
    case let (.enum(cases), .object(object)):
      guard let caseName = object.keys.first, let enumCase = cases.first(where: { $0.name == caseName }),
        case let .object(payload)? = object[caseName]
      else { return "/* unrepresentable \(_typeName(type)) */" }
      let prefix = implicit ? "." : "\(_typeName(type))."
      guard !enumCase.payload.isEmpty else { return prefix + caseName }
      let arguments = enumCase.payload.compactMap { field -> String? in
        guard let fieldValue = payload[field.name] else { return nil }
        let rendered = render(fieldValue, as: field.type, implicit: true, indent: indent)
        return field.isPositional ? rendered : "\(field.name): \(rendered)"
      }
      return "\(prefix)\(caseName)(\(arguments.joined(separator: ", ")))"
    case let (_, .object(object)):
      // Dictionaries.
      guard object.count > 0 else { return "[:]" }
      let valueType = (type as? any _DictionaryType.Type)?.valueType ?? Any.self
      let items = object.pairs.map { "\(quoted($0.0)): " + render($0.1, as: valueType, indent: indent + 2) }
      return multiline(open: "[", close: "]", items, indent: indent)
    case let (_, .array(elements)):
      return "[" + elements.map { render($0, as: Any.self) }.joined(separator: ", ") + "]"
    }
  }

  static func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
      }
    }
    return result + "\""
  }

  /// `open item, item close` on one line when short, else one item per line.
  private static func multiline(open: String, close: String, _ items: [String], indent: Int) -> String {
    let single = open + items.joined(separator: ", ") + close
    if single.count + indent <= 100, !single.contains("\n") { return single }
    let pad = String(repeating: " ", count: indent + 2)
    return open + "\n" + items.map { pad + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + close
  }
}
