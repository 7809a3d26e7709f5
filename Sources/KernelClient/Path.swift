/// Paths, without Foundation.
enum Path {
  /// The last component of `path` (`/a/b/c.swift` → `c.swift`).
  static func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The directory `path` is in (`/a/b/c.swift` → `/a/b`).
  static func directory(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
