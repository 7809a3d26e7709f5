import ComposableArchitecture
import CustomDump
import Foundation
import TypeShapes

/// Renders Swift values as Swift source that compiles in a test of the feature's own module —
/// what `:test-export` writes. Unlike ``SwiftSource`` (the playground's own forms: a UUID as
/// its string, a date as a number), it spells values as Swift does: `UUID(uuidString: "…")!`,
/// `Date(timeIntervalSinceReferenceDate: …)`, a declared initializer when a struct has no
/// memberwise one, `AlertState`'s result builders.
package enum SwiftCode {
  static package func render(_ value: Any, as type: Any.Type, implicit: Bool = true, indent: Int = 0) -> String {
    if let scalar = self.scalar(value) { return scalar }
    if let dialog = self.dialog(value, indent: indent) { return dialog }
    switch playgroundShape(of: Swift.type(of: value)) {
    case let .optional(shape)?:
      guard let wrapped = shape.unwrap(value) else { return "nil" }
      return self.render(wrapped, as: shape.wrapped, implicit: implicit, indent: indent)
    case let .sequence(shape)?:
      let elements = shape.elements(value)
      guard !elements.isEmpty else { return "[]" }
      return self.multiline(open: "[", close: "]", elements.map { self.render($0, as: shape.element, indent: indent + 2) }, indent: indent)
    case let .dictionary(shape)?:
      let pairs = shape.pairs(value)
      guard !pairs.isEmpty else { return "[:]" }
      return self.multiline(
        open: "[", close: "]",
        pairs.map { self.render($0.0, as: shape.key, indent: indent + 2) + ": " + self.render($0.1, as: shape.value, indent: indent + 2) },
        indent: indent
      )
    case let .struct(shape)?:
      return self.structure(value, shape, indent: indent)
    case let .enum(shape)?:
      let (index, values) = shape.destructure(value)
      let enumCase = shape.cases[index]
      let prefix = implicit ? "." : "\(_typeName(Swift.type(of: value)))."
      guard !enumCase.payload.isEmpty else { return prefix + enumCase.name }
      let arguments = zip(enumCase.payload, values).map { parameter, element in
        (parameter.label.map { "\($0): " } ?? "") + self.render(element, as: parameter.type, indent: indent)
      }
      return "\(prefix)\(enumCase.name)(\(arguments.joined(separator: ", ")))"
    case .scalar?, nil:
      return "/* \(String(customDumping: value)) */"
    }
  }

  /// Literals and the Foundation types' initializers.
  private static func scalar(_ value: Any) -> String? {
    switch value {
    case let string as String: return SwiftSource.quoted(string)
    case let bool as Bool: return "\(bool)"
    case let double as Double: return "\(double)"
    case let float as Float: return "\(float)"
    case let uuid as UUID: return "UUID(uuidString: \(SwiftSource.quoted(uuid.uuidString)))!"
    case let date as Date: return "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
    case let url as URL: return "URL(string: \(SwiftSource.quoted(url.absoluteString)))!"
    case let decimal as Decimal: return "Decimal(string: \(SwiftSource.quoted(decimal.description)))!"
    case let text as TextState: return "TextState(\(SwiftSource.quoted(text.string)))"
    case let id as StackElementID: return "\(id.generation)"
    default:
      if let integer = value as? any BinaryInteger { return "\(integer)" }
      return nil
    }
  }

  /// A struct through its memberwise initializer, or else through the declared one that takes
  /// the most of its fields (fields it doesn't take are written only when they differ from
  /// their default, as a comment: Swift can't set them from a test).
  private static func structure(_ value: Any, _ shape: StructShape, indent: Int) -> String {
    let name = _typeName(Swift.type(of: value))
    var labels = shape.fields.map(\.name)
    if shape.make == nil {
      let fields = Set(labels)
      let initializer = ValueMaker.fieldInitializer(of: Swift.type(of: value), shape)
      labels = (initializer?.parameters ?? []).compactMap(\.label).filter(fields.contains)
    }
    var arguments: [String] = []
    var untaken: [String] = []
    // Arguments in the initializer's order; the fields it doesn't take after.
    for label in labels {
      guard let field = shape.fields.first(where: { $0.name == label }) else { continue }
      arguments.append("\(field.name): " + self.render(field.get(value), as: field.type, indent: indent + 2))
    }
    for field in shape.fields where !labels.contains(field.name) {
      let fieldValue = field.get(value)
      if let defaultValue = field.defaultValue, ValueReader().read(defaultValue()) == ValueReader().read(fieldValue) {
        continue
      }
      untaken.append("\(field.name): \(String(customDumping: fieldValue))")
    }
    let call = arguments.isEmpty ? "\(name)()" : self.multiline(open: "\(name)(", close: ")", arguments, indent: indent)
    return untaken.isEmpty ? call : call + " /* not settable here: \(untaken.joined(separator: ", ")) */"
  }

  /// `AlertState` and `ConfirmationDialogState` with their result builders, as TCA code writes them.
  private static func dialog(_ value: Any, indent: Int) -> String? {
    let mirror = Mirror(reflecting: value)
    let typeName = _typeName(Swift.type(of: value))
    let isAlert = typeName.hasPrefix("AlertState<")
    guard isAlert || typeName.hasPrefix("ConfirmationDialogState<") else { return nil }
    func child<T>(_ label: String, as _: T.Type) -> T? {
      mirror.children.first { $0.label == label }?.value as? T
    }
    guard let title = child("title", as: TextState.self) else { return nil }
    let pad = String(repeating: " ", count: indent)
    var text = isAlert ? "AlertState {" : "ConfirmationDialogState(titleVisibility: .\(self.titleVisibility(value))) {"
    text += "\n\(pad)  TextState(\(SwiftSource.quoted(title.string)))\n\(pad)}"
    let buttons = (mirror.children.first { $0.label == "buttons" }?.value as? [Any]) ?? []
    if !buttons.isEmpty {
      text += " actions: {\n" + buttons.map { pad + "  " + self.button($0) }.joined(separator: "\n") + "\n\(pad)}"
    }
    if let message = child("message", as: TextState?.self) ?? nil {
      text += " message: {\n\(pad)  TextState(\(SwiftSource.quoted(message.string)))\n\(pad)}"
    }
    return text
  }

  private static func titleVisibility(_ dialog: Any) -> String {
    let visibility = Mirror(reflecting: dialog).children.first { $0.label == "titleVisibility" }?.value
    return (visibility as? ConfirmationDialogStateTitleVisibility)?.rawValue ?? "automatic"
  }

  private static func button(_ button: Any) -> String {
    guard case let .struct(shape)? = playgroundShape(of: Swift.type(of: button)) else { return "/* \(button) */" }
    var arguments: [String] = []
    for field in shape.fields {
      let value = field.get(button)
      switch field.name {
      case "role":
        if let role = (value as? ButtonStateRole?) ?? nil { arguments.append("role: .\(role.rawValue)") }
      case "action":
        if case let .optional(optional)? = playgroundShape(of: field.type), let action = optional.unwrap(value) {
          arguments.append("action: " + self.render(action, as: optional.wrapped))
        }
      default:
        break
      }
    }
    let label = (shape.fields.first { $0.name == "label" }?.get(button) as? TextState)?.string ?? ""
    let call = arguments.isEmpty ? "ButtonState" : "ButtonState(\(arguments.joined(separator: ", ")))"
    return "\(call) { TextState(\(SwiftSource.quoted(label))) }"
  }

  private static func multiline(open: String, close: String, _ items: [String], indent: Int) -> String {
    let single = open + items.joined(separator: ", ") + close
    if single.count + indent <= 100, !single.contains("\n") { return single }
    let pad = String(repeating: " ", count: indent + 2)
    return open + "\n" + items.map { pad + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + close
  }
}
