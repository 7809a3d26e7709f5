import CustomDump

/// Produces CustomDump's diff text for two values, following the same decisions in the same order
/// (so output and object numbering are identical), while avoiding CustomDump's repeated work:
/// equality is computed once per pair, collections are matched with typed comparisons and an
/// offset-based Myers difference, and unchanged runs are skipped without printing or reflecting.
final class DiffEngine {
  let format: DiffFormat
  let dumper = Dumper()
  let prefixMemo = PrefixMemo()
  /// Dumps of removed and inserted elements, after their label, by key and indent: a reordered
  /// element prints once removed and once inserted, the same text both times.
  private var elementDumps: [IndentedDumpKey: String] = [:]

  init(format: DiffFormat) {
    self.format = format
  }

  /// Appends the diff of `lhs` and `rhs` (CustomDump's `diffHelp`).
  ///
  /// - Parameter knownEquality: Whether the values are equal, when the caller already knows.
  func diff(
    _ lhs: Any,
    _ rhs: Any,
    lhsName: String?,
    rhsName: String?,
    separator: String,
    indent: Int,
    isRoot: Bool,
    knownEquality: Bool? = nil,
    into out: inout DiffText
  ) {
    let rhsName = rhsName ?? lhsName
    if lhsName == rhsName, knownEquality ?? ValueEquality.isEqual(lhs, rhs, memo: self.prefixMemo) {
      let dump = self.dumper.dump(
        lhs, name: rhsName, indent: indent, isRoot: isRoot, maxDepth: 0
      )
      out.appendLines(dump + separator, .context)
      return
    }

    let lhsReflection = Reflection(lhs)
    let rhsReflection = Reflection(rhs)
    let context = DiffContext(
      lhs: lhs, rhs: rhs, lhsName: lhsName, rhsName: rhsName, separator: separator,
      indent: indent, isRoot: isRoot, lhsType: lhsReflection.subjectType,
      rhsType: rhsReflection.subjectType
    )
    guard lhsReflection.subjectType == rhsReflection.subjectType else {
      return self.diffEverything(context, into: &out)
    }

    if lhs is any CustomDumpStringConvertible, rhs is any CustomDumpStringConvertible {
      return self.diffEverything(context, into: &out)
    }
    if let lhsObject = lhs as? any _CustomDiffObject,
      let rhsObject = rhs as? any _CustomDiffObject
    {
      return self.diffCustomDiffObjects(lhsObject, rhsObject, context, into: &out)
    }
    if let lhs = lhs as? any CustomDumpRepresentable,
      let rhs = rhs as? any CustomDumpRepresentable
    {
      return self.diff(
        lhs.customDumpValue, rhs.customDumpValue, lhsName: lhsName, rhsName: rhsName,
        separator: separator, indent: indent, isRoot: isRoot, into: &out
      )
    }

    switch (lhsReflection.displayStyle, rhsReflection.displayStyle) {
    case (.class?, .class?):
      self.diffObjects(
        lhs as AnyObject, rhs as AnyObject, lhsReflection.mirror, rhsReflection.mirror, context,
        into: &out
      )

    case (.collection?, .collection?):
      let pairs =
        typedElementPairs(lhs, rhs, memo: self.prefixMemo)
        ?? ReflectedChildPairs(
          lhsReflection.mirror, rhsReflection.mirror, equivalence: .identityOrEqual,
          cachesValueEquality: false
        )
      self.diffChildren(
        pairs, context, prefix: "[", suffix: "]", collapseUnchanged: true, labeling: .index,
        into: &out
      )

    case (.dictionary?, .dictionary?):
      let isUnordered = lhsReflection.subjectType is any _UnorderedCollection.Type
      self.diffChildren(
        ReflectedChildPairs(
          lhsReflection.mirror, rhsReflection.mirror, equivalence: .dictionaryKey,
          ordering: isUnordered ? .byKey : nil, cachesValueEquality: false
        ),
        context, prefix: "[", suffix: "]", collapseUnchanged: true, isSorted: isUnordered,
        labeling: .dictionaryKey, into: &out
      )

    case (.enum?, .enum?):
      self.diffEnums(lhsReflection.mirror, rhsReflection.mirror, context, into: &out)

    case (.optional?, .optional?):
      guard
        let lhsWrapped = lhsReflection.mirror.children.first?.value,
        let rhsWrapped = rhsReflection.mirror.children.first?.value
      else { return self.diffEverything(context, into: &out) }
      self.diff(
        lhsWrapped, rhsWrapped, lhsName: lhsName, rhsName: rhsName, separator: separator,
        indent: indent, isRoot: isRoot, into: &out
      )

    case (.set?, .set?):
      let isUnordered = lhsReflection.subjectType is any _UnorderedCollection.Type
      self.diffChildren(
        ReflectedChildPairs(
          lhsReflection.mirror, rhsReflection.mirror, equivalence: .identityOrEqual,
          ordering: isUnordered ? .byElement : nil, cachesValueEquality: false
        ),
        context, prefix: "Set([", suffix: "])", collapseUnchanged: true, isSorted: isUnordered,
        labeling: .none, into: &out
      )

    case (.struct?, .struct?):
      self.diffChildren(
        ReflectedChildPairs(
          lhsReflection.mirror, rhsReflection.mirror, filter: macroPropertyFilter(for: lhs),
          equivalence: .label, cachesValueEquality: true, memo: self.prefixMemo
        ),
        context, prefix: "\(typeName(lhsReflection.subjectType))(", suffix: ")",
        collapseUnchanged: false, labeling: .none, into: &out
      )

    case (.tuple?, .tuple?):
      self.diffChildren(
        ReflectedChildPairs(
          lhsReflection.mirror, rhsReflection.mirror, equivalence: .label,
          cachesValueEquality: true
        ),
        context, prefix: "(", suffix: ")", collapseUnchanged: false, labeling: .dropPositional,
        into: &out
      )

    default:
      if let lhsString = String(stringProtocolValue: lhs),
        let rhsString = String(stringProtocolValue: rhs),
        lhsString.containsNewlineCharacter || rhsString.containsNewlineCharacter
      {
        self.diffMultilineStrings(lhsString, rhsString, context, into: &out)
      } else {
        self.diffEverything(context, into: &out)
      }
    }
  }

  /// The whole dump of a removed or inserted child, reusing an earlier dump of an element with
  /// the same `key` when that dump did not consult the object tracker (so it depends on nothing
  /// but the element, and making it again would change nothing).
  func dumpWhole(_ child: Mirror.Child, indent: Int, key: ElementDumpKey?) -> String {
    guard let key, let label = child.label else {
      return self.dumper.dump(
        child.value, name: child.label, indent: indent, isRoot: false, maxDepth: .max
      )
    }
    let head = spaces(indent) + label + ": "
    let indentedKey = IndentedDumpKey(element: key, indent: indent)
    if let body = self.elementDumps[indentedKey] { return head + body }
    let wasConsulted = self.dumper.tracker.wasConsulted
    self.dumper.tracker.wasConsulted = false
    // A struct's dump does not depend on its label, which is written before it on its first
    // line (the indentation, written first, is dropped).
    let body = String(
      self.dumper.dump(child.value, name: nil, indent: indent, isRoot: false, maxDepth: .max)
        .utf8.dropFirst(indent)
    )!
    if !self.dumper.tracker.wasConsulted {
      self.elementDumps[indentedKey] = body
    }
    self.dumper.tracker.wasConsulted = wasConsulted || self.dumper.tracker.wasConsulted
    return head + body
  }

  /// Prints both values whole, as removal and insertion.
  func diffEverything(_ context: DiffContext, into out: inout DiffText) {
    var lhs = self.dumper.dump(
      context.lhs, name: context.lhsName, indent: context.indent, isRoot: context.isRoot,
      maxDepth: .max
    )
    var rhs = self.dumper.dump(
      context.rhs, name: context.rhsName, indent: context.indent, isRoot: context.isRoot,
      maxDepth: .max
    )
    if lhs == rhs, context.lhsType != context.rhsType {
      lhs.append(" as \(typeName(context.lhsType))")
      rhs.append(" as \(typeName(context.rhsType))")
    }
    out.appendLines(lhs + context.separator, .removed)
    out.append("\n")
    out.appendLines(rhs + context.separator, .added)
  }

  private func diffEnums(
    _ lhsMirror: Mirror, _ rhsMirror: Mirror, _ context: DiffContext, into out: inout DiffText
  ) {
    guard
      let lhsCase = lhsMirror.children.first,
      let rhsCase = rhsMirror.children.first,
      let caseName = lhsCase.label,
      caseName == rhsCase.label
    else { return self.diffEverything(context, into: &out) }
    let typePrefix = context.isRoot ? typeName(lhsMirror.subjectType) : ""
    self.diffChildren(
      ReflectedChildPairs(
        payloadMirror(of: context.lhs, caseChild: lhsCase),
        payloadMirror(of: context.rhs, caseChild: rhsCase),
        equivalence: .label, cachesValueEquality: true
      ),
      context, prefix: "\(typePrefix).\(caseName)(", suffix: ")", collapseUnchanged: false,
      labeling: .dropPositional, into: &out
    )
  }
}

/// The values being diffed and how they are labelled and placed.
struct DiffContext {
  var lhs: Any
  var rhs: Any
  var lhsName: String?
  var rhsName: String?
  var separator: String
  var indent: Int
  var isRoot: Bool
  var lhsType: Any.Type
  var rhsType: Any.Type
}

/// A value's type and display style as its CustomDump mirror reports them, with the mirror built
/// only when needed (never for the arrays the diff reads directly).
struct Reflection {
  let value: Any
  let subjectType: Any.Type
  let displayStyle: Mirror.DisplayStyle?
  private let reflectedMirror: Mirror?

  init(_ value: Any) {
    self.value = value
    // A metatype test: a value test would also accept an `Optional` wrapping an array.
    if type(of: value) is any ElementArrayReflecting.Type, !(value is any CustomDumpReflectable) {
      self.subjectType = type(of: value)
      self.displayStyle = .collection
      self.reflectedMirror = nil
    } else {
      let mirror = Mirror(dumpReflecting: value)
      self.subjectType = mirror.subjectType
      self.displayStyle = mirror.displayStyle
      self.reflectedMirror = mirror
    }
  }

  var mirror: Mirror {
    self.reflectedMirror ?? Mirror(dumpReflecting: self.value)
  }
}
