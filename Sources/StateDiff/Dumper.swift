import CustomDump

/// Writes the text CustomDump's `customDump` writes for a value, sharing one ``ObjectTracker``
/// across every dump of a diff, as CustomDump's diff does (so objects are numbered `#1`, `#2`…
/// and repeated objects print as `Type(↩︎)` exactly where CustomDump prints them).
///
/// Unlike CustomDump, it writes into one buffer that indents as it goes instead of re-indenting
/// each nested level, and caches type names.
final class Dumper {
  var tracker = ObjectTracker()

  /// Per type, whether its values are plain: not metatypes, and conforming to none of the
  /// protocols CustomDump casts values to while dumping (so those casts can be skipped). Only
  /// types for which a cast's answer depends on the type alone are recorded: not classes,
  /// `Optional` or `AnyHashable` (casts look inside those).
  private var plainTypes: [ObjectIdentifier: Bool] = [:]
  private var storedFieldReaders: [ObjectIdentifier: StoredFieldReader?] = [:]
  private var elementArrayTypes: [ObjectIdentifier: Bool] = [:]

  private func isElementArray(_ type: Any.Type) -> Bool {
    if let isArray = self.elementArrayTypes[ObjectIdentifier(type)] { return isArray }
    let isArray = type is any ElementArrayReflecting.Type
    self.elementArrayTypes[ObjectIdentifier(type)] = isArray
    return isArray
  }

  private func storedFieldReader(for type: Any.Type) -> StoredFieldReader? {
    if let reader = self.storedFieldReaders[ObjectIdentifier(type)] { return reader }
    let reader = StoredFieldReader(type)
    self.storedFieldReaders[ObjectIdentifier(type)] = reader
    return reader
  }

  private func isPlain(_ value: Any) -> Bool {
    let type = type(of: value)
    let key = ObjectIdentifier(type)
    if let isPlain = self.plainTypes[key] { return isPlain }
    guard
      !(type is AnyClass), !(type is any OptionalMarker.Type), type != AnyHashable.self
    else { return false }
    let isPlain =
      !(value is Any.Type) && !(value is any CustomDumpStringConvertible)
      && !(value is any _CustomDiffObject) && !(value is any CustomDumpRepresentable)
      && !(value is any CustomDumpReflectable)
    self.plainTypes[key] = isPlain
    return isPlain
  }

  /// The dump of `value`, indented by `indent` spaces and labelled `name`.
  func dump(
    _ value: Any,
    name: String?,
    nameSuffix: String = ":",
    indent: Int,
    isRoot: Bool,
    maxDepth: Int
  ) -> String {
    var writer = TextWriter()
    self.write(
      value, name: name, nameSuffix: nameSuffix, indent: indent, isRoot: isRoot,
      maxDepth: maxDepth, into: &writer
    )
    return writer.text
  }

  /// The dump of `value` made with a fresh tracker, and whether the tracker was consulted (in
  /// which case the same dump made with the diff's tracker might differ, or change the tracker).
  func isolatedDump(_ value: Any, maxDepth: Int) -> (text: String, isPure: Bool) {
    let saved = self.tracker
    self.tracker = ObjectTracker()
    defer { self.tracker = saved }
    let text = self.dump(value, name: nil, indent: 0, isRoot: false, maxDepth: maxDepth)
    return (text, !self.tracker.wasConsulted)
  }

  func write(
    _ value: Any,
    name: String?,
    nameSuffix: String,
    indent: Int,
    isRoot: Bool,
    maxDepth: Int,
    into writer: inout TextWriter
  ) {
    writer.indented(by: indent) { writer in
      if let name {
        writer.write("\(name)\(nameSuffix) ")
      }
      self.writeBody(value, name: name, isRoot: isRoot, maxDepth: maxDepth, into: &writer)
    }
  }

  private func writeBody(
    _ value: Any, name: String?, isRoot: Bool, maxDepth: Int, into out: inout TextWriter
  ) {
    let isPlain = self.isPlain(value)
    if !isPlain {
      if let type = value as? Any.Type {
        out.write("\(typeName(type)).self")
        return
      }
      if let value = value as? any CustomDumpStringConvertible {
        out.write(value.customDumpDescription)
        return
      }
      if let object = value as? any _CustomDiffObject {
        self.writeCustomDiffObject(object, maxDepth: maxDepth, into: &out)
        return
      }
      if let value = value as? any CustomDumpRepresentable {
        self.write(
          value.customDumpValue, name: nil, nameSuffix: "", indent: 0, isRoot: false,
          maxDepth: maxDepth, into: &out
        )
        return
      }
    }
    if isPlain {
      // Leaves whose mirrors have no display style: what the default case below prints.
      let type = type(of: value)
      if type == String.self {
        self.writeString(value as! String, isNamed: name != nil, maxDepth: maxDepth, into: &out)
        return
      }
      if type == Int.self || type == Bool.self {
        out.write("\(value)")
        return
      }
    }
    if isPlain, self.isElementArray(type(of: value)),
      let array = value as? any ElementArrayReflecting
    {
      // The collection case below, with the children these types' mirrors list: their
      // elements, in order, unlabelled.
      self.writeChildren(
        elementChildren(of: array), displayStyle: .collection, prefix: "[", suffix: "]",
        maxDepth: maxDepth, into: &out, transform: { child, offset in child.label = "[\(offset)]" }
      )
      return
    }
    if isPlain, let reader = self.storedFieldReader(for: type(of: value)) {
      // What the struct case below prints, without building a mirror.
      self.writeChildren(
        reader.children(of: value), displayStyle: .struct,
        prefix: "\(typeName(type(of: value)))(", suffix: ")", maxDepth: maxDepth, into: &out,
        filter: macroPropertyFilter(reflectable: false)
      )
      return
    }
    let mirror = isPlain ? Mirror(reflecting: value) : Mirror(dumpReflecting: value)
    switch mirror.displayStyle {
    case .class?:
      self.writeObject(value as AnyObject, mirror: mirror, maxDepth: maxDepth, into: &out)

    case .collection?:
      self.writeChildren(
        of: mirror, prefix: "[", suffix: "]", maxDepth: maxDepth, into: &out,
        transform: { child, offset in child.label = "[\(offset)]" }
      )

    case .dictionary?:
      guard !mirror.children.isEmpty else {
        out.write("[:]")
        return
      }
      self.writeChildren(
        of: mirror, prefix: "[", suffix: "]", maxDepth: maxDepth, into: &out,
        ordering: mirror.subjectType is any _UnorderedCollection.Type ? .byKey : nil,
        transform: { child, _ in
          guard let pair = child.value as? (key: AnyHashable, value: Any) else { return }
          let key = self.dump(
            pair.key.base, name: nil, indent: 0, isRoot: false, maxDepth: maxDepth - 1
          )
          child = (key, pair.value)
        }
      )

    case .enum?:
      out.write(isRoot ? "\(typeName(mirror.subjectType))." : ".")
      guard let child = mirror.children.first else {
        out.write("\(value)")
        return
      }
      self.writeChildren(
        of: payloadMirror(of: value, caseChild: child),
        prefix: "\(child.label ?? "@unknown")(", suffix: ")", maxDepth: maxDepth, into: &out,
        transform: { child, _ in dropPositionalLabel(&child) }
      )

    case .optional?:
      if let wrapped = mirror.children.first?.value {
        self.write(
          wrapped, name: nil, nameSuffix: "", indent: 0, isRoot: false, maxDepth: maxDepth,
          into: &out
        )
      } else {
        out.write("nil")
      }

    case .set?:
      self.writeChildren(
        of: mirror, prefix: "Set([", suffix: "])", maxDepth: maxDepth, into: &out,
        ordering: mirror.subjectType is any _UnorderedCollection.Type ? .byElement : nil
      )

    case .struct?:
      self.writeChildren(
        of: mirror, prefix: "\(typeName(mirror.subjectType))(", suffix: ")",
        maxDepth: maxDepth, into: &out,
        filter: isPlain ? macroPropertyFilter(reflectable: false) : macroPropertyFilter(for: value)
      )

    case .tuple?:
      self.writeChildren(
        of: mirror, prefix: "(", suffix: ")", maxDepth: maxDepth, into: &out,
        transform: { child, _ in dropPositionalLabel(&child) }
      )

    default:
      guard let string = String(stringProtocolValue: value) else {
        out.write("\(value)")
        return
      }
      self.writeString(string, isNamed: name != nil, maxDepth: maxDepth, into: &out)
    }
  }

  private func writeString(
    _ string: String, isNamed: Bool, maxDepth: Int, into out: inout TextWriter
  ) {
    if string.containsNewlineCharacter {
      guard maxDepth > 0 else {
        out.write("\"…\"")
        return
      }
      let hashes = String(repeating: "#", count: string.rawStringHashCount(isMultiline: true))
      out.write("\(hashes)\"\"\"\n")
      out.indented(by: isNamed ? 2 : 0) { $0.write(string) }
      out.write("\n")
      out.write(isNamed ? "  \"\"\"\(hashes)" : "\"\"\"\(hashes)")
    } else if string.needsRawStringDelimiters {
      let hashes = String(
        repeating: "#", count: max(string.rawStringHashCount(isMultiline: false), 1)
      )
      out.write("\(hashes)\"\(string)\"\(hashes)")
    } else {
      out.write(string.debugDescription)
    }
  }

  private func writeCustomDiffObject(
    _ object: any _CustomDiffObject, maxDepth: Int, into out: inout TextWriter
  ) {
    let item = object._objectIdentifier
    let customType = object._customDiffType
    let (_, value) = object._customDiffValues
    let valueMirror = Mirror(dumpReflecting: value)
    let subjectType = customType.map { typeName($0) } ?? typeName(valueMirror.subjectType)
    let occurrence = self.tracker.occurrence(of: subjectType)
    let id = self.tracker.id(for: item, occurrence: occurrence)
    if id > 0 {
      out.write("#\(id) ")
    }
    guard !self.tracker.hasVisited(item) else {
      out.write("\(subjectType)(↩︎)")
      return
    }
    self.tracker.markVisited(item)
    self.tracker.setOccurrence(occurrence + 1, of: subjectType)
    if customType != nil {
      self.writeChildren(
        of: valueMirror, prefix: "\(subjectType)(", suffix: ")", maxDepth: maxDepth, into: &out,
        filter: macroPropertyFilter(for: value)
      )
    } else {
      self.write(
        value, name: nil, nameSuffix: "", indent: 0, isRoot: false, maxDepth: maxDepth,
        into: &out
      )
    }
  }

  private func writeObject(
    _ object: AnyObject, mirror: Mirror, maxDepth: Int, into out: inout TextWriter
  ) {
    let item = ObjectIdentifier(object)
    let subjectType = typeName(mirror.subjectType)
    let occurrence = self.tracker.occurrence(of: subjectType)
    let id = self.tracker.id(for: item, occurrence: occurrence)
    if id > 0 {
      out.write("#\(id) ")
    }
    guard !self.tracker.hasVisited(item) else {
      out.write("\(subjectType)(↩︎)")
      return
    }
    self.tracker.markVisited(item)
    self.tracker.setOccurrence(occurrence + 1, of: subjectType)
    var children = Array(mirror.children)
    var superclassMirror = mirror.superclassMirror
    while let ancestor = superclassMirror {
      children.insert(contentsOf: ancestor.children, at: 0)
      superclassMirror = ancestor.superclassMirror
    }
    self.writeChildren(
      of: Mirror(object, children: children), prefix: "\(subjectType)(", suffix: ")",
      maxDepth: maxDepth, into: &out, filter: macroPropertyFilter(for: object)
    )
  }
}

/// An array's elements as the unlabelled children of its mirror.
private func elementChildren(of array: some ElementArrayReflecting) -> [Mirror.Child] {
  array.reflectedElements.map { (label: nil, value: $0) }
}

/// The mirror of an enum case's associated values: the payload's own mirror when it is a tuple,
/// otherwise a one-element tuple mirror of it.
func payloadMirror(of value: Any, caseChild: Mirror.Child) -> Mirror {
  let childMirror = Mirror(dumpReflecting: caseChild.value)
  return childMirror.displayStyle == .tuple
    ? childMirror
    : Mirror(value, unlabeledChildren: [caseChild.value], displayStyle: .tuple)
}
