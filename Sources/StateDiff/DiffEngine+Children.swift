import CustomDump

/// How children are relabelled when printed in a diff.
enum ChildLabeling {
  /// Labels as reflected (struct fields, set elements).
  case none
  /// `[offset]` (collection elements).
  case index
  /// Positional labels (`.0`) dropped (tuples and enum payloads).
  case dropPositional
  /// The dump of the entry's key (dictionary entries).
  case dictionaryKey
}

extension DiffEngine {
  /// Diffs two values child by child (CustomDump's `diffChildren`).
  ///
  /// - Parameters:
  ///   - collapseUnchanged: Whether runs of unchanged children fold into `… (N unchanged)`.
  ///   - isSorted: Whether the children were sorted (unordered collections), in which case all
  ///     unchanged children fold into one line at the end.
  func diffChildren(
    _ pairs: any ChildPairs,
    _ context: DiffContext,
    valuesLHS: Any? = nil,
    valuesRHS: Any? = nil,
    nameSuffix: String = ":",
    prefix: String,
    suffix: String,
    collapseUnchanged: Bool,
    isSorted: Bool = false,
    labeling: ChildLabeling,
    into out: inout DiffText
  ) {
    let lhs = valuesLHS ?? context.lhs
    let rhs = valuesRHS ?? context.rhs
    let isCustomDiffObject = lhs is any _CustomDiffObject || rhs is any _CustomDiffObject

    if !isCustomDiffObject, pairs.rawChildrenAreEqual() {
      let lhsDump =
        self.dumper.dump(
          lhs, name: context.lhsName, nameSuffix: nameSuffix, indent: context.indent,
          isRoot: false, maxDepth: 0
        ) + context.separator
      let rhsDump =
        self.dumper.dump(
          rhs, name: context.rhsName, nameSuffix: nameSuffix, indent: context.indent,
          isRoot: false, maxDepth: 0
        ) + context.separator
      self.appendBothDumps(lhsDump, rhsDump, context, into: &out)
      return
    }

    guard !pairs.hasSingleValueContainer || isCustomDiffObject else {
      let lhsDump = self.dumper.dump(
        lhs, name: context.lhsName, nameSuffix: nameSuffix, indent: context.indent,
        isRoot: context.isRoot, maxDepth: .max
      )
      out.appendLines(lhsDump, .removed)
      out.append("\n")
      let rhsDump = self.dumper.dump(
        rhs, name: context.rhsName, nameSuffix: nameSuffix, indent: context.indent,
        isRoot: context.isRoot, maxDepth: .max
      )
      out.appendLines(rhsDump, .added)
      return
    }

    pairs.prepare(with: self.dumper)
    let name = context.rhsName.map { "\($0)\(nameSuffix) " } ?? ""
    out.appendLines(
      (name + prefix).indentingLines(by: context.indent), .context
    )
    out.append("\n")

    var walk = ChildrenWalk(
      engine: self, pairs: pairs, script: pairs.editScript(),
      indent: context.indent + 2, separator: ",", collapseUnchanged: collapseUnchanged,
      isSorted: isSorted, labeling: labeling
    )
    walk.run(into: &out)

    out.appendLines(suffix.indentingLines(by: context.indent), .context)
    out.append(context.separator)
  }

  /// A child relabelled for printing at `offset` (CustomDump's `map` of children).
  ///
  /// - Parameter keyLabel: The dump of a dictionary entry's key, when already known.
  func relabel(
    _ child: Mirror.Child, offset: Int, labeling: ChildLabeling, keyLabel: String? = nil
  ) -> Mirror.Child {
    var child = child
    switch labeling {
    case .none:
      break
    case .index:
      child.label = "[\(offset)]"
    case .dropPositional:
      dropPositionalLabel(&child)
    case .dictionaryKey:
      guard let pair = child.value as? (key: AnyHashable, value: Any) else { break }
      child = (
        keyLabel
          ?? self.dumper.dump(pair.key.base, name: nil, indent: 0, isRoot: false, maxDepth: 1),
        pair.value
      )
    }
    return child
  }
}

/// The walk over matched children that prints a diff's body: changed pairs diffed recursively,
/// removals and insertions dumped whole, and unchanged children folded or printed.
struct ChildrenWalk {
  let engine: DiffEngine
  let pairs: any ChildPairs
  let script: EditScript
  let indent: Int
  let separator: String
  let collapseUnchanged: Bool
  let isSorted: Bool
  let labeling: ChildLabeling

  private var lhsOffset = 0
  private var rhsOffset = 0
  private var nextRemoval = 0
  private var nextInsertion = 0
  private var unchanged = UnchangedRun()

  init(
    engine: DiffEngine, pairs: any ChildPairs, script: EditScript, indent: Int,
    separator: String, collapseUnchanged: Bool, isSorted: Bool, labeling: ChildLabeling
  ) {
    self.engine = engine
    self.pairs = pairs
    self.script = script
    self.indent = indent
    self.separator = separator
    self.collapseUnchanged = collapseUnchanged
    self.isSorted = isSorted
    self.labeling = labeling
  }

  /// Relabelling a dictionary entry dumps its key, which may number objects; CustomDump
  /// relabels every unchanged entry as it passes, so the walk must too, unless the key dumps are
  /// known not to involve objects.
  private var relabelsEagerly: Bool {
    if case .dictionaryKey = self.labeling { return self.pairs.keyLabels == nil }
    return false
  }

  private func lhsChild(_ index: Int, labelledAt offset: Int) -> Mirror.Child {
    self.engine.relabel(
      self.pairs.lhsChild(index), offset: offset, labeling: self.labeling,
      keyLabel: self.pairs.keyLabels?.lhs[index]
    )
  }

  private func rhsChild(_ index: Int) -> Mirror.Child {
    self.engine.relabel(
      self.pairs.rhsChild(index), offset: index, labeling: self.labeling,
      keyLabel: self.pairs.keyLabels?.rhs[index]
    )
  }

  mutating func run(into out: inout DiffText) {
    let lhsCount = self.pairs.lhsCount
    let rhsCount = self.pairs.rhsCount
    while self.lhsOffset < lhsCount || self.rhsOffset < rhsCount {
      let isRemoval =
        self.nextRemoval < self.script.removals.count
        && self.script.removals[self.nextRemoval] == self.lhsOffset
      let isInsertion =
        self.nextInsertion < self.script.insertions.count
        && self.script.insertions[self.nextInsertion] == self.rhsOffset

      if self.collapseUnchanged, !isRemoval, !isInsertion, self.skipUnchangedRun() {
        continue
      }
      if !self.isSorted {
        self.flushUnchanged(into: &out)
      }
      if isRemoval == isInsertion {
        self.printChangedPair(isRemoval: isRemoval, into: &out)
      } else if isRemoval {
        self.printRemoval(into: &out)
      } else {
        self.printInsertion(into: &out)
      }
      if isRemoval { self.nextRemoval += 1 }
      if isInsertion { self.nextInsertion += 1 }
    }
    self.flushUnchanged(into: &out)
  }

  /// Adds the run of equal aligned children starting here to the unchanged run; `false` when
  /// the current pair differs.
  private mutating func skipUnchangedRun() -> Bool {
    let removalLimit =
      self.nextRemoval < self.script.removals.count
      ? self.script.removals[self.nextRemoval] : self.pairs.lhsCount
    let insertionLimit =
      self.nextInsertion < self.script.insertions.count
      ? self.script.insertions[self.nextInsertion] : self.pairs.rhsCount
    let limit = min(removalLimit - self.lhsOffset, insertionLimit - self.rhsOffset)
    let length = self.pairs.equalRunLength(
      lhs: self.lhsOffset, rhs: self.rhsOffset, limit: limit
    )
    guard length > 0 else { return false }
    if self.relabelsEagerly {
      for offset in self.rhsOffset..<(self.rhsOffset + length) {
        let child = self.rhsChild(offset)
        if self.unchanged.count == 0 && offset == self.rhsOffset {
          self.unchanged.first = child
        }
      }
    } else if self.unchanged.count == 0 {
      self.unchanged.firstOffset = self.rhsOffset
    }
    self.unchanged.count += length
    self.lhsOffset += length
    self.rhsOffset += length
    return true
  }

  private mutating func flushUnchanged(into out: inout DiffText) {
    defer { self.unchanged = UnchangedRun() }
    guard self.collapseUnchanged, self.unchanged.count > 0 else { return }
    let terminator =
      self.rhsOffset - 1 == self.pairs.rhsCount - 1 ? "\n" : "\(self.separator)\n"
    if !self.isSorted && self.unchanged.count == 1 {
      let child = self.unchanged.first ?? self.rhsChild(self.unchanged.firstOffset)
      let dump = self.engine.dumper.dump(
        child.value, name: child.label, indent: self.indent, isRoot: false, maxDepth: 0
      )
      out.appendLines(dump, .context)
    } else {
      out.appendLines(
        "… (\(self.unchanged.count) unchanged)".indentingLines(by: self.indent),
        .context
      )
    }
    out.append(terminator)
  }

  private mutating func printChangedPair(isRemoval: Bool, into out: inout DiffText) {
    let lhsIndex = self.lhsOffset
    let rhsIndex = self.rhsOffset
    let rawLHS = self.pairs.lhsChild(lhsIndex)
    let rawRHS = self.pairs.rhsChild(rhsIndex)
    let lhsChild = self.lhsChild(lhsIndex, labelledAt: isRemoval ? lhsIndex : rhsIndex)
    let rhsChild = self.rhsChild(rhsIndex)
    let knownEquality: Bool?
    if self.collapseUnchanged, !isRemoval, rawLHS.label == rawRHS.label {
      knownEquality = false
    } else {
      knownEquality = self.pairs.knownValueEquality(lhs: lhsIndex, rhs: rhsIndex)
    }
    let isLast =
      lhsIndex == self.pairs.lhsCount - 1 && rhsIndex == self.pairs.rhsCount - 1
    self.engine.diff(
      lhsChild.value, rhsChild.value, lhsName: lhsChild.label, rhsName: rhsChild.label,
      separator: isLast ? "" : self.separator, indent: self.indent, isRoot: false,
      knownEquality: knownEquality, into: &out
    )
    out.append("\n")
    self.lhsOffset += 1
    self.rhsOffset += 1
  }

  private mutating func printRemoval(into out: inout DiffText) {
    let child = self.lhsChild(self.lhsOffset, labelledAt: self.lhsOffset)
    let dump = self.engine.dumpWhole(
      child, indent: self.indent, key: self.pairs.dumpKey(self.lhsOffset, isLHS: true)
    )
    out.appendLines(dump, .removed)
    out.append(self.lhsOffset == self.pairs.lhsCount - 1 ? "\n" : "\(self.separator)\n")
    self.lhsOffset += 1
  }

  private mutating func printInsertion(into out: inout DiffText) {
    let child = self.rhsChild(self.rhsOffset)
    let dump = self.engine.dumpWhole(
      child, indent: self.indent, key: self.pairs.dumpKey(self.rhsOffset, isLHS: false)
    )
    out.appendLines(dump, .added)
    let isLast = self.rhsOffset == self.pairs.rhsCount - 1 && self.unchanged.count == 0
    out.append(isLast ? "\n" : "\(self.separator)\n")
    self.rhsOffset += 1
  }
}

/// Unchanged children waiting to be printed: how many, and the first of them (relabelled, when
/// relabelling had to happen as they passed; otherwise only its offset).
struct UnchangedRun {
  var count = 0
  var first: Mirror.Child?
  var firstOffset = 0
}
