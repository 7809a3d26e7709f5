import Foundation

/// The name CustomDump prints for a type: module names dropped, `Optional`, `Array` and
/// `Dictionary` written as sugar, and generic arguments left out unless asked for.
///
/// Names are computed with the same regular expressions CustomDump applies, and cached per type,
/// because computing them is far slower than everything else a diff does with a type.
///
/// This is the playground's one type-name implementation: the runtime's `_typeName(_:)` (TCA's
/// spelling, for messages) is this with `genericsAbbreviated: false` and
/// `extensionContextsDropped: true`.
///
/// - Parameters:
///   - genericsAbbreviated: Whether generic arguments are left out (`IdentifiedArray`), as
///     CustomDump's dumps do.
///   - extensionContextsDropped: Whether `(extension in Module):` contexts are removed, as TCA's
///     messages do (CustomDump keeps them).
public func typeName(
  _ type: Any.Type, genericsAbbreviated: Bool = true, extensionContextsDropped: Bool = false
) -> String {
  let key = TypeNameCache.Key(
    type: ObjectIdentifier(type), genericsAbbreviated: genericsAbbreviated,
    extensionContextsDropped: extensionContextsDropped
  )
  if let name = TypeNameCache.shared.name(for: key) { return name }
  let name = computeTypeName(
    type, genericsAbbreviated: genericsAbbreviated, extensionContextsDropped: extensionContextsDropped
  )
  TypeNameCache.shared.store(name, for: key)
  return name
}

private func computeTypeName(
  _ type: Any.Type, genericsAbbreviated: Bool, extensionContextsDropped: Bool
) -> String {
  var name = _typeName(type, qualified: true)
    .replacingOccurrences(
      of: #"\(unknown context at \$[[:xdigit:]]+\)\."#, with: "", options: .regularExpression
    )
  if extensionContextsDropped {
    name = name.replacingOccurrences(
      of: #"\(extension in [^)]+\):"#, with: "", options: .regularExpression
    )
  }
  for _ in 1...10 {
    let sugared =
      name
      .replacingOccurrences(
        of: #"\bSwift.Optional<([^><]+)>"#, with: "$1?", options: .regularExpression
      )
      .replacingOccurrences(
        of: #"\bSwift.Array<([^><]+)>"#, with: "[$1]", options: .regularExpression
      )
      .replacingOccurrences(
        of: #"\bSwift.Dictionary<([^,<]+), ([^><]+)>"#, with: "[$1: $2]",
        options: .regularExpression
      )
    if sugared == name { break }
    name = sugared
  }
  name = name.replacingOccurrences(of: #"\w+\.([\w.]+)"#, with: "$1", options: .regularExpression)
  if genericsAbbreviated {
    name = name.replacingOccurrences(of: #"<.+>"#, with: "", options: .regularExpression)
  }
  return name
}

/// A process-wide cache of computed type names, read under a reader-writer lock.
///
/// Not a mutex: a thread diffing in a loop looks names up millions of times, and under a mutex
/// it took the lock back before a waiting thread woke, so a store on the main actor that needed
/// one name waited seconds. Readers share the lock; only a new name takes it alone.
private final class TypeNameCache: @unchecked Sendable {
  struct Key: Hashable {
    var type: ObjectIdentifier
    var genericsAbbreviated: Bool
    var extensionContextsDropped: Bool
  }

  static let shared = TypeNameCache()

  private let lock = ReadWriteLock()
  private var names: [Key: String] = [:]

  func name(for key: Key) -> String? {
    self.lock.reading { self.names[key] }
  }

  func store(_ name: String, for key: Key) {
    self.lock.writing { self.names[key] = name }
  }
}
