@_spi(Reflection) import Swift

/// Reads the children the standard `Mirror` lists for a struct — its stored properties, in
/// declaration order, labelled with their names — straight from the value's bytes, using the
/// same field metadata the mirror reads (once per type here, instead of once per child access).
///
/// Only for structs without a custom mirror (`CustomReflectable`), and only when no field can
/// be a weak or unowned reference (whose storage is not a plain value of the field's type): no
/// class, existential or function fields, and no optionals of those.
struct StoredFieldReader {
  private let type: Any.Type
  private let fields: [(label: String, offset: Int, load: (UnsafeRawPointer) -> Any)]

  init?(_ type: Any.Type) {
    guard
      metadataKind(of: type) == .struct,
      !(type is any CustomReflectable.Type)
    else { return nil }
    var fields: [(label: String, offset: Int, load: (UnsafeRawPointer) -> Any)] = []
    let isReadable = _forEachField(of: type) { name, offset, fieldType, kind in
      guard isPlainStorage(fieldType, kind: kind) else { return false }
      fields.append((String(cString: name), offset, loader(for: fieldType)))
      return true
    }
    guard isReadable else { return nil }
    self.type = type
    self.fields = fields
  }

  /// The fields' names, in declaration order.
  var labels: [String] { self.fields.map(\.label) }

  /// The fields' values, as ``children(of:)`` lists them without their labels.
  func values(of value: Any) -> [Any]? {
    func read<Value>(_ value: Value) -> [Any]? {
      guard Value.self == self.type else { return nil }
      return withUnsafeBytes(of: value) { bytes in
        self.fields.map { field in field.load(bytes.baseAddress! + field.offset) }
      }
    }
    return read(value)
  }

  /// The mirror children of `value`, a value of the type this reader was made for; `nil` when
  /// that type is not what opening `value` finds (a value boxed in `Any` twice, as mirror
  /// children made from `[Any]` are, opens to `Any`).
  func children(of value: Any) -> [Mirror.Child]? {
    func read<Value>(_ value: Value) -> [Mirror.Child]? {
      guard Value.self == self.type else { return nil }
      return withUnsafeBytes(of: value) { bytes in
        self.fields.map { field in
          (label: field.label, value: field.load(bytes.baseAddress! + field.offset))
        }
      }
    }
    return read(value)
  }
}

/// Whether a field of this type and kind stores a plain value of the type.
private func isPlainStorage(_ type: Any.Type, kind: _MetadataKind) -> Bool {
  switch kind {
  case .struct, .enum, .tuple:
    return true
  case .optional:
    guard let wrapped = (type as? any OptionalContents.Type)?.wrappedType else { return false }
    return isPlainStorage(wrapped, kind: metadataKind(of: wrapped))
  default:
    return false
  }
}

private func loader(for type: Any.Type) -> (UnsafeRawPointer) -> Any {
  func open<Field>(_: Field.Type) -> (UnsafeRawPointer) -> Any {
    { $0.load(as: Field.self) }
  }
  return open(type)
}

/// A struct with one field, whose field list reports the kind of `Value`'s metadata.
private struct KindProbe<Value> {
  var value: Value
}

/// The kind of a type's metadata (struct, enum, class…).
func metadataKind(of type: Any.Type) -> _MetadataKind {
  func open<T>(_: T.Type) -> _MetadataKind {
    var kind = _MetadataKind.unknown
    _forEachField(of: KindProbe<T>.self) { _, _, _, fieldKind in
      kind = fieldKind
      return true
    }
    return kind
  }
  return open(type)
}

/// Whether `type` is a struct.
func isStructType(_ type: Any.Type) -> Bool {
  metadataKind(of: type) == .struct
}
