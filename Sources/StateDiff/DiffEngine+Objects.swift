import CustomDump

extension DiffEngine {
  /// Diffs two class instances: the same instance field by field, different instances whole,
  /// and instances already printed elsewhere in the diff as `Type(↩︎)`.
  func diffObjects(
    _ lhs: AnyObject,
    _ rhs: AnyObject,
    _ lhsMirror: Mirror,
    _ rhsMirror: Mirror,
    _ context: DiffContext,
    into out: inout DiffText
  ) {
    let lhsItem = ObjectIdentifier(lhs)
    let rhsItem = ObjectIdentifier(rhs)
    let subjectType = typeName(lhsMirror.subjectType)
    if !self.dumper.tracker.hasVisited(lhsItem) && !self.dumper.tracker.hasVisited(rhsItem) {
      guard lhsItem == rhsItem else { return self.diffEverything(context, into: &out) }
      self.diffChildren(
        ReflectedChildPairs(
          lhsMirror, rhsMirror, filter: macroPropertyFilter(for: lhs), equivalence: .label,
          cachesValueEquality: true
        ),
        context, prefix: "\(subjectType)(", suffix: ")", collapseUnchanged: false,
        labeling: .none, into: &out
      )
      return
    }

    if self.dumper.tracker.hasVisited(lhsItem) {
      let line = self.revisitedLine(lhsItem, name: context.lhsName, subjectType: subjectType)
      out.appendLines(line.indentingLines(by: context.indent), .removed)
      out.append("\n")
    } else {
      let dump = self.dumper.dump(
        lhs, name: context.lhsName, indent: context.indent, isRoot: context.isRoot,
        maxDepth: .max
      )
      out.appendLines(dump, .removed)
    }
    if self.dumper.tracker.hasVisited(rhsItem) {
      let line = self.revisitedLine(rhsItem, name: context.rhsName, subjectType: subjectType)
      out.appendLines(line.indentingLines(by: context.indent), .added)
    } else {
      let dump = self.dumper.dump(
        rhs, name: context.rhsName, indent: context.indent, isRoot: context.isRoot,
        maxDepth: .max
      )
      out.appendLines(dump, .added)
    }
  }

  /// `name: #N Type(↩︎)` for an object printed earlier in the diff.
  private func revisitedLine(
    _ item: ObjectIdentifier, name: String?, subjectType: String
  ) -> String {
    let occurrence = self.dumper.tracker.occurrence(of: subjectType)
    let id = self.dumper.tracker.id(for: item, occurrence: occurrence)
    return "\(name.map { "\($0): " } ?? "")\(id > 0 ? "#\(id) " : "")\(subjectType)(↩︎)"
  }

  /// Diffs two diff objects (`_CustomDiffObject`): the same object by the before and after values
  /// it reports, different objects whole.
  func diffCustomDiffObjects(
    _ lhs: any _CustomDiffObject,
    _ rhs: any _CustomDiffObject,
    _ context: DiffContext,
    into out: inout DiffText
  ) {
    let item = lhs._objectIdentifier
    guard item == rhs._objectIdentifier else { return self.diffEverything(context, into: &out) }
    let customType = lhs._customDiffType
    let (lhsValue, rhsValue) = lhs._customDiffValues
    let lhsMirror = Mirror(dumpReflecting: lhsValue)
    let rhsMirror = Mirror(dumpReflecting: rhsValue)
    let subjectType = customType.map { typeName($0) } ?? typeName(lhsMirror.subjectType)
    let occurrence = self.dumper.tracker.occurrence(of: subjectType)
    func id() -> String {
      let id = self.dumper.tracker.id(for: item, occurrence: occurrence)
      return id > 0 ? "#\(id)" : ""
    }
    func label(_ name: String?) -> String? {
      let id = id()
      switch (name, id.isEmpty) {
      case (let name?, false): return "\(name): \(id)"
      case (let name?, true): return "\(name):"
      case (nil, false): return id
      case (nil, true): return nil
      }
    }

    if self.dumper.tracker.hasVisited(item) {
      let id = id()
      let line =
        "\(context.lhsName.map { "\($0): " } ?? "")\(id.isEmpty ? "" : "\(id) ")"
        + "\(subjectType)(↩︎)\(context.separator)"
      out.appendLines(line.indentingLines(by: context.indent), .context)
      return
    }
    var labelled = context
    labelled.lhsName = label(context.lhsName)
    labelled.rhsName = label(context.rhsName)
    self.dumper.tracker.markVisited(item)
    self.dumper.tracker.setOccurrence(occurrence + 1, of: subjectType)
    self.diffChildren(
      ReflectedChildPairs(
        lhsMirror, rhsMirror, filter: macroPropertyFilter(for: lhsValue), equivalence: .label,
        cachesValueEquality: true
      ),
      labelled, valuesLHS: lhsValue, valuesRHS: rhsValue, nameSuffix: "",
      prefix: "\(subjectType)(", suffix: ")", collapseUnchanged: false, labeling: .none,
      into: &out
    )
  }
}
