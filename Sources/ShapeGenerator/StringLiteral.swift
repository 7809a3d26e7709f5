/// `text` as a Swift string literal, quoted, with its backslashes, quotes and line feeds escaped:
/// what generated code writes where it names a type, a field or a file.
public func swiftStringLiteral(_ text: String) -> String {
  var escaped = ""
  for character in text {
    switch character {
    case "\\": escaped += "\\\\"
    case "\"": escaped += "\\\""
    case "\n": escaped += "\\n"
    default: escaped.append(character)
    }
  }
  return "\"\(escaped)\""
}
