extension Dumper {
  /// Writes a container's children the way CustomDump does: inline when its only child prints
  /// on one line, `…` past the maximum depth, otherwise one indented child per line.
  func writeChildren(
    of mirror: Mirror,
    prefix: String,
    suffix: String,
    maxDepth: Int,
    into out: inout TextWriter,
    ordering: ChildOrdering? = nil,
    filter: ((Mirror.Child) -> Bool)? = nil,
    transform: ((inout Mirror.Child, Int) -> Void)? = nil
  ) {
    // Read once: each read of a mirror's children reflects them again.
    self.writeChildren(
      Array(mirror.children), displayStyle: mirror.displayStyle, prefix: prefix, suffix: suffix,
      maxDepth: maxDepth, into: &out, ordering: ordering, filter: filter, transform: transform
    )
  }

  /// The same, for the children a mirror with `displayStyle` would list.
  func writeChildren(
    _ children: [Mirror.Child],
    displayStyle: Mirror.DisplayStyle?,
    prefix: String,
    suffix: String,
    maxDepth: Int,
    into out: inout TextWriter,
    ordering: ChildOrdering? = nil,
    filter: ((Mirror.Child) -> Bool)? = nil,
    transform: ((inout Mirror.Child, Int) -> Void)? = nil
  ) {
    out.write(prefix)
    defer { out.write(suffix) }
    var children = children
    guard !children.isEmpty else { return }

    if Mirror.isSingleValueContainer(displayStyle, children: children) {
      let child = children[0]
      var childOut = TextWriter()
      self.write(
        child.value, name: child.label, nameSuffix: ":", indent: 0, isRoot: false,
        maxDepth: maxDepth - 1, into: &childOut
      )
      if childOut.text.containsLineFeedAsFoundationDoes {
        if maxDepth <= 0 {
          out.write("…")
        } else {
          out.write("\n")
          out.indented(by: 2) { $0.write(childOut.text) }
          out.write("\n")
        }
      } else {
        out.write(childOut.text)
      }
      return
    }

    guard maxDepth > 0 else {
      out.write("…")
      return
    }
    out.write("\n")
    if let filter {
      children.removeAll { !filter($0) }
    }
    if let ordering {
      children = self.sort(Array(children.indices), of: children, by: ordering.dumpSortKey)
        .indices.map { children[$0] }
    }
    for (offset, var child) in children.enumerated() {
      transform?(&child, offset)
      self.write(
        child.value, name: child.label, nameSuffix: ":", indent: 2, isRoot: false,
        maxDepth: maxDepth - 1, into: &out
      )
      if offset != children.count - 1 {
        out.write(",")
      }
      out.write("\n")
    }
  }

  /// Sorts children of an unordered collection by the dumps of their sort keys, as CustomDump
  /// does (a pair with a missing key compares as unordered).
  ///
  /// CustomDump dumps both sort keys in every comparison. When no key's dump involves an object
  /// (so dumps neither read nor change the object tracker), each key is dumped once and the same
  /// standard library sort runs on the precomputed dumps, which yields the same permutation;
  /// those dumps are returned too (by child index), since they are also valid anywhere later in
  /// the diff. Otherwise the comparisons dump with the shared tracker in CustomDump's order.
  func sort(
    _ indices: [Int], of children: [Mirror.Child], by sortKey: (Mirror.Child) -> Any?
  ) -> (indices: [Int], keyDumps: [String?]?) {
    var keys = [String?](repeating: nil, count: children.count)
    var isPure = true
    for index in indices {
      guard let key = sortKey(children[index]) else { continue }
      let dump = self.isolatedDump(key, maxDepth: 1)
      guard dump.isPure else {
        isPure = false
        break
      }
      keys[index] = dump.text
    }
    var sorted = indices
    if isPure {
      sorted.sort { lhs, rhs in
        guard let lhsKey = keys[lhs], let rhsKey = keys[rhs] else { return false }
        return lhsKey < rhsKey
      }
      return (sorted, keys)
    }
    sorted.sort { lhs, rhs in
      guard let lhsKey = sortKey(children[lhs]), let rhsKey = sortKey(children[rhs]) else {
        return false
      }
      let lhsDump = self.dump(lhsKey, name: nil, indent: 0, isRoot: false, maxDepth: 1)
      let rhsDump = self.dump(rhsKey, name: nil, indent: 0, isRoot: false, maxDepth: 1)
      return lhsDump < rhsDump
    }
    return (sorted, nil)
  }
}
