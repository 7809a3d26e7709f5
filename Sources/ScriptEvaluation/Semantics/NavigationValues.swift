import ComposableArchitecture

// `@Presents var alert: AlertState<Action>?` stores a `PresentationState` in `_alert`, which
// encodes exactly like the optional it wraps: scripts treat it as that optional (`nil`, a
// value, `?.` chains) and may write the property's own name, `alert`.
extension PresentationState: _OptionalType {
  static var wrappedType: Any.Type { State.self }

  static func _wrap(_ value: Any) -> Any? {
    (value as? State).map { PresentationState(wrappedValue: $0) as Any }
  }

  var _wrappedValue: Any? { self.wrappedValue.map { $0 as Any } }
}

extension TypeSchema.Field {
  /// The name a script writes for the field: `alert` for the `_alert` storage of `@Presents`.
  var scriptName: String {
    self.name.hasPrefix("_") && self.type is any _PresentationStateMarker.Type ? String(self.name.dropFirst()) : self.name
  }
}

/// Marks `PresentationState` for ``TypeSchema/Field/scriptName``.
protocol _PresentationStateMarker {}
extension PresentationState: _PresentationStateMarker {}

extension Array where Element == TypeSchema.Field {
  /// The field a script names, by its own name or its `@Presents` property name; `_alert`, the
  /// storage `@Presents` declares, reads as `alert`.
  package func field(named name: String) -> TypeSchema.Field? {
    self.first { $0.name == name } ?? self.first { $0.scriptName == name } ?? self.first { "_" + $0.name == name }
  }
}
