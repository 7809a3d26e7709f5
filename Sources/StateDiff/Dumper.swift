import CustomDump

/// Writes the text CustomDump's `customDump` writes for a value, sharing one ``ObjectTracker``
/// across every dump of a diff, as CustomDump's diff does (so objects are numbered `#1`, `#2`…
/// and repeated objects print as `Type(↩︎)` exactly where CustomDump prints them).
///
/// Unlike CustomDump, it writes into one buffer that indents as it goes instead of re-indenting
/// each nested level, and caches type names.
final class Dumper {
  var tracker = ObjectTracker()

  /// How each type's values are written (``DumpPlan``).
  var plans: [ObjectIdentifier: DumpPlan] = [:]

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

  func writeBody(
    _ value: Any, name: String?, isRoot: Bool, maxDepth: Int, into out: inout TextWriter
  ) {
    let plan = self.plan(for: value)
    switch plan {
    case .string:
      self.writeString(value as! String, isNamed: name != nil, maxDepth: maxDepth, into: &out)
      return
    case .int:
      out.write(String(value as! Int))
      return
    case .bool:
      out.write(value as! Bool ? "true" : "false")
      return
    case .elementArray:
      if let array = value as? any ElementArrayReflecting {
        // The collection case below, with the children these types' mirrors list: their
        // elements, in order, unlabelled.
        self.writeChildren(
          elementChildren(of: array), displayStyle: .collection, prefix: "[", suffix: "]",
          maxDepth: maxDepth, into: &out, transform: { child, offset in child.label = "[\(offset)]" }
        )
        return
      }
    case let .fields(reader, prefix, heads):
      if self.writeFields(value, reader: reader, prefix: prefix, heads: heads, maxDepth: maxDepth, into: &out) {
        return
      }
    case let .storedStruct(reader, prefix):
      if let children = reader.children(of: value) {
        // What the struct case below prints, without building a mirror.
        self.writeChildren(
          children, displayStyle: .struct,
          prefix: prefix, suffix: ")", maxDepth: maxDepth, into: &out,
          filter: macroPropertyFilter(reflectable: false)
        )
        return
      }
    case .general:
      break
    }
    let isPlain = plan.isPlain
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

  func writeString(
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
      out.write(string.quotedForDump)
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
    guard self.beginObject(item, subjectType: subjectType, into: &out) else { return }
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

  /// Writes the `#id ` of an object met more than once and, when it was written before, its
  /// `Type(↩︎)`; `true` when its contents are still to be written (it is then marked visited).
  private func beginObject(
    _ item: ObjectIdentifier, subjectType: String, into out: inout TextWriter
  ) -> Bool {
    let occurrence = self.tracker.occurrence(of: subjectType)
    let id = self.tracker.id(for: item, occurrence: occurrence)
    if id > 0 {
      out.write("#\(id) ")
    }
    guard !self.tracker.hasVisited(item) else {
      out.write("\(subjectType)(↩︎)")
      return false
    }
    self.tracker.markVisited(item)
    self.tracker.setOccurrence(occurrence + 1, of: subjectType)
    return true
  }

  private func writeObject(
    _ object: AnyObject, mirror: Mirror, maxDepth: Int, into out: inout TextWriter
  ) {
    let item = ObjectIdentifier(object)
    let subjectType = typeName(mirror.subjectType)
    guard self.beginObject(item, subjectType: subjectType, into: &out) else { return }
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
