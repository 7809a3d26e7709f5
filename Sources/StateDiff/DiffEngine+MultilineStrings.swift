extension DiffEngine {
  /// Diffs two strings of which at least one has several lines, line by line, inside a
  /// multi-line string literal.
  func diffMultilineStrings(
    _ lhs: String, _ rhs: String, _ context: DiffContext, into out: inout DiffText
  ) {
    let lhsLines = lhs.isEmpty ? [] : lhs.split(separator: "\n", omittingEmptySubsequences: false)
    let rhsLines = rhs.isEmpty ? [] : rhs.split(separator: "\n", omittingEmptySubsequences: false)

    if lhsLines == rhsLines {
      // Equal lines but unequal strings (or a moved string): print both, as CustomDump does.
      let lhsDump =
        self.dumper.dump(
          context.lhs, name: context.lhsName, indent: context.indent, isRoot: false, maxDepth: 0
        ) + context.separator
      let rhsDump =
        self.dumper.dump(
          context.rhs, name: context.rhsName, indent: context.indent, isRoot: false, maxDepth: 0
        ) + context.separator
      self.appendBothDumps(lhsDump, rhsDump, context, into: &out)
      return
    }

    let hashes = String(
      repeating: "#",
      count: max(lhs.rawStringHashCount(isMultiline: true), rhs.rawStringHashCount(isMultiline: true))
    )
    let isNamed = context.rhsName != nil
    let lineIndent = context.indent + (isNamed ? 2 : 0)
    let name = context.rhsName.map { "\($0): " } ?? ""
    out.appendLines(
      (name + hashes + "\"\"\"").indentingLines(by: context.indent), .context
    )
    out.append("\n")

    let codes = equivalenceCodes(lhsLines, rhsLines)
    let script = codes.withMatching {
      MiddleSnakeDifference.editScript(
        oldCount: lhsLines.count, newCount: rhsLines.count, matching: $0
      )
    }
    var lhsOffset = 0
    var rhsOffset = 0
    var nextRemoval = 0
    var nextInsertion = 0
    while lhsOffset < lhsLines.count || rhsOffset < rhsLines.count {
      let isRemoval =
        nextRemoval < script.removals.count && script.removals[nextRemoval] == lhsOffset
      let isInsertion =
        nextInsertion < script.insertions.count && script.insertions[nextInsertion] == rhsOffset
      if isRemoval { nextRemoval += 1 }
      if isInsertion { nextInsertion += 1 }
      if isRemoval == isInsertion {
        let lhsLine = String(lhsLines[lhsOffset])
        if lhsLines[lhsOffset] == rhsLines[rhsOffset] {
          out.appendLines(lhsLine.indentingLines(by: lineIndent), .context)
        } else {
          let rhsLine = String(rhsLines[rhsOffset])
          out.appendLines(lhsLine.indentingLines(by: lineIndent), .removed)
          out.append("\n")
          out.appendLines(
            rhsLine.indentingLines(by: lineIndent), .added
          )
        }
        lhsOffset += 1
        rhsOffset += 1
      } else if isRemoval {
        let line = String(lhsLines[lhsOffset]).indentingLines(by: lineIndent)
        out.appendLines(line, .removed)
        lhsOffset += 1
      } else {
        let line = String(rhsLines[rhsOffset]).indentingLines(by: lineIndent)
        out.appendLines(line, .added)
        rhsOffset += 1
      }
      out.append("\n")
    }

    let suffix = isNamed ? "  \"\"\"\(hashes)" : "\"\"\"\(hashes)"
    out.appendLines(suffix.indentingLines(by: context.indent), .context)
    out.append(context.separator)
  }

  /// Prints both values whole, removed then added, where they differ but no difference shows
  /// (equal children, equal lines), as CustomDump does: with a note when even the dumps match.
  func appendBothDumps(_ lhsDump: String, _ rhsDump: String, _ context: DiffContext, into out: inout DiffText) {
    if lhsDump == rhsDump {
      out.appendLines(
        "// Not equal but no difference detected:".indentingLines(by: context.indent),
        .context
      )
      out.append("\n")
    }
    out.appendLines(lhsDump, .removed)
    out.append("\n")
    out.appendLines(rhsDump, .added)
  }
}
