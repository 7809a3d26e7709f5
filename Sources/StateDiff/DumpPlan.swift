import CustomDump

/// How the ``Dumper`` writes the values of one type, decided once per type.
///
/// A reordering's diff dumps every moved element whole: the plan turns the three lookups and
/// the casts that decided the same thing for each value into one lookup, and writes the usual
/// leaves (`String`, `Int`, `Bool`) and structs of several stored fields without the general
/// path's mirror children, filters and label interpolation (speed: docs/benchmarks-log.md, "A moved
/// row's dump, planned once per type").
enum DumpPlan {
  /// The general path; `isPlain` as ``Dumper``'s `isPlain(_:)` answers.
  case general(isPlain: Bool)
  case string
  case int
  case bool
  /// An ``ElementArrayReflecting`` collection, written from its elements.
  case elementArray
  /// A struct read by a ``StoredFieldReader``: its fields listed one per line (two or more
  /// fields, none of them macro storage, so the general path's filter would keep them all and
  /// its inline form for a single child can't apply).
  case fields(StoredFieldReader, prefix: String, heads: [String])
  /// A struct read by a ``StoredFieldReader`` that the general path writes (one field or none,
  /// or macro storage to filter out).
  case storedStruct(StoredFieldReader, prefix: String)

  var isPlain: Bool {
    if case .general(let isPlain) = self { return isPlain }
    return true
  }
}

extension Dumper {
  /// The plan for `value`'s type (not kept for types whose casts look inside the value:
  /// classes, `Optional` and `AnyHashable`).
  func plan(for value: Any) -> DumpPlan {
    let type = type(of: value)
    let key = ObjectIdentifier(type)
    if let plan = self.plans[key] { return plan }
    guard
      !(type is AnyClass), !(type is any OptionalMarker.Type), type != AnyHashable.self
    else { return .general(isPlain: false) }
    let plan = Self.makePlan(for: value, of: type)
    self.plans[key] = plan
    return plan
  }

  private static func makePlan(for value: Any, of type: Any.Type) -> DumpPlan {
    let isPlain =
      !(value is Any.Type) && !(value is any CustomDumpStringConvertible)
      && !(value is any _CustomDiffObject) && !(value is any CustomDumpRepresentable)
      && !(value is any CustomDumpReflectable)
    guard isPlain else { return .general(isPlain: false) }
    if type == String.self { return .string }
    if type == Int.self { return .int }
    if type == Bool.self { return .bool }
    if type is any ElementArrayReflecting.Type { return .elementArray }
    guard let reader = StoredFieldReader(type) else { return .general(isPlain: true) }
    let labels = reader.labels
    let prefix = "\(typeName(type))("
    guard labels.count >= 2, !labels.contains(where: { $0.hasPrefix("_$") }) else {
      return .storedStruct(reader, prefix: prefix)
    }
    return .fields(reader, prefix: prefix, heads: labels.map { "\($0): " })
  }

  /// Writes a struct of ``DumpPlan/fields(_:prefix:heads:)`` as `writeChildren` writes its
  /// mirror's children; `false` (having written nothing) when the value opens to another type
  /// than the reader's.
  func writeFields(
    _ value: Any, reader: StoredFieldReader, prefix: String, heads: [String], maxDepth: Int,
    into out: inout TextWriter
  ) -> Bool {
    guard let values = reader.values(of: value) else { return false }
    out.write(prefix)
    guard maxDepth > 0 else {
      out.write("…")
      out.write(")")
      return true
    }
    out.write("\n")
    for (offset, field) in values.enumerated() {
      out.indented(by: 2) { out in
        out.write(heads[offset])
        self.writeBody(field, name: "", isRoot: false, maxDepth: maxDepth - 1, into: &out)
      }
      if offset != values.count - 1 {
        out.write(",")
      }
      out.write("\n")
    }
    out.write(")")
    return true
  }
}
