/// Reads what the Swift runtime's type metadata says about a type, without an instance: its
/// kind, and the names of an enum's cases in declaration order.
///
/// Swift has no public API for listing an enum's cases, and the interpreter needs them for
/// completion and "did you mean" suggestions; `Mirror` only names the case of a value it has.
/// This reads the nominal type descriptor's field records (the same data `Mirror` uses), laid out
/// as in the Swift ABI (docs/ABI/TypeMetadata.rst): stable since Swift 5.
enum TypeMetadata {
  package enum Kind: Equatable {
    case `struct`, `enum`, optional, tuple, `class`, other
  }

  static package func kind(of type: Any.Type) -> Kind {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let raw = metadata.load(as: UInt.self)
    switch raw {
    case 0x200: return .struct
    case 0x201: return .enum
    case 0x202: return .optional
    case 0x301: return .tuple
    case 0: return .class
    default: return raw > 0x7FF ? .class : .other
    }
  }

  /// The names of an enum's cases, payload cases first then empty cases (the runtime's order,
  /// which is declaration order within each group), or `nil` when the type is not an enum.
  static func enumCaseNames(of type: Any.Type) -> [String]? {
    guard kind(of: type) == .enum else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
    // TargetTypeContextDescriptor: flags, parent, name, accessFunction, fields (relative).
    guard let fields = relativePointer(descriptor + 16) else { return [] }
    // FieldDescriptor: mangledTypeName, superclass, kind (u16), recordSize (u16), numFields (u32).
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12, count < 10_000 else { return [] }
    var names: [String] = []
    for index in 0..<count {
      // FieldRecord: flags (u32), mangledTypeName (relative), fieldName (relative).
      let record = fields + 16 + index * recordSize
      guard let name = relativePointer(record + 8) else { continue }
      names.append(String(cString: name.assumingMemoryBound(to: CChar.self)))
    }
    return names
  }

  private static func relativePointer(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    guard offset != 0 else { return nil }
    return address + Int(offset)
  }
}
